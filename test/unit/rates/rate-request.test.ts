import { describe, expect, it } from "vitest";
import fixture from "../../fixtures/carrier-rate-request.mx.json";
import { parseRateRequest } from "~/rates";
import { MAX_RATE_ITEMS } from "~/rates/rate-request";

describe("parseRateRequest", () => {
  it("accepts Shopify's example rate request with its nulls", () => {
    const parsed = parseRateRequest(fixture);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.rate.items.map((i) => i.sku)).toEqual(["TAZA-AZ", "GIFT-500"]);
  });

  it("accepts a request without order_totals and customer (before November 2025)", () => {
    const { order_totals: _t, customer: _c, ...rate } = fixture.rate;
    expect(parseRateRequest({ rate }).ok).toBe(true);
  });

  it("accepts prices as digit text and keeps unknown fields", () => {
    const rate = { ...fixture.rate, items: [{ ...fixture.rate.items[0], price: "24900", extra: 1 }] };
    const parsed = parseRateRequest({ rate });
    expect(parsed.ok && parsed.rate.items[0]).toMatchObject({ price: 24900, extra: 1 });
  });

  it.each([
    [{}, "rate"],
    [{ rate: { ...fixture.rate, items: "no" } }, "rate.items"],
    [{ rate: { ...fixture.rate, items: [{ ...fixture.rate.items[0], quantity: -1 }] } }, "rate.items[0].quantity"],
    [{ rate: { ...fixture.rate, items: [{ ...fixture.rate.items[0], quantity: 1.5 }] } }, "rate.items[0].quantity"],
    [{ rate: { ...fixture.rate, destination: null } }, "rate.destination"],
    [
      { rate: { ...fixture.rate, destination: { ...fixture.rate.destination, postal_code: 6500 } } },
      "rate.destination.postal_code",
    ],
    [{ rate: { ...fixture.rate, order_totals: { subtotal_price: 12.5 } } }, "rate.order_totals.subtotal_price"],
  ])("names the offending field of %j", (body, field) => {
    const parsed = parseRateRequest(body);
    expect(parsed).toMatchObject({ ok: false, field });
    expect(!parsed.ok && parsed.message.startsWith(`${field}:`)).toBe(true);
  });

  it("refuses carts with more lines than it will work through", () => {
    const items = Array.from({ length: MAX_RATE_ITEMS + 1 }, () => fixture.rate.items[0]);
    expect(parseRateRequest({ rate: { ...fixture.rate, items } })).toMatchObject({ ok: false, field: "rate.items" });
  });
});
