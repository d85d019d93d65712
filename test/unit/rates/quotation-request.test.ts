import { describe, expect, it } from "vitest";
import { cartSubtotalCentavos, quotationLines } from "~/rates/quotation-request";
import { rateRequest } from "./support";

const mug = { name: "Taza", sku: "TAZA-AZ", quantity: 1, grams: 450, price: 24_900, requires_shipping: true };

describe("quotationLines", () => {
  it("quotes only the items that require shipping, by SKU", () => {
    // GIVEN two mugs and a gift card that does not ship
    expect(quotationLines(rateRequest())).toEqual({ ok: true, lines: [{ identifier: "TAZA-AZ", quantity: 2 }] });
  });

  it("sums quantities per SKU and orders the lines by SKU", () => {
    const items = [
      { ...mug, sku: "PLAYERA-M", quantity: 1 },
      { ...mug, quantity: 2 },
      { ...mug, sku: " TAZA-AZ ", quantity: 3 },
    ];
    expect(quotationLines(rateRequest({ items }))).toEqual({
      ok: true,
      lines: [
        { identifier: "PLAYERA-M", quantity: 1 },
        { identifier: "TAZA-AZ", quantity: 5 },
      ],
    });
  });

  it("says there is nothing to ship when no item requires shipping", () => {
    expect(quotationLines(rateRequest({ items: [{ ...mug, requires_shipping: false }] }))).toEqual({
      ok: false,
      reason: "nothing_to_ship",
    });
    expect(quotationLines(rateRequest({ items: [{ ...mug, quantity: 0 }] }))).toEqual({
      ok: false,
      reason: "nothing_to_ship",
    });
  });

  it("names a shippable item without SKU", () => {
    expect(quotationLines(rateRequest({ items: [{ ...mug, sku: "", name: "Jarrón sin SKU" }] }))).toEqual({
      ok: false,
      reason: "item_without_sku",
      item: "Jarrón sin SKU",
    });
  });

  it("does not read the address: a destination outside Mexico gives the same lines", () => {
    const rate = rateRequest({ destination: { country: "US", postal_code: "10001" } });
    expect(quotationLines(rate)).toEqual({ ok: true, lines: [{ identifier: "TAZA-AZ", quantity: 2 }] });
  });
});

describe("cartSubtotalCentavos", () => {
  it("takes Shopify's subtotal when it is sent", () => {
    expect(cartSubtotalCentavos(rateRequest())).toBe(99_800n);
  });

  it("adds price × quantity of every item otherwise", () => {
    expect(cartSubtotalCentavos(rateRequest({ order_totals: null }))).toBe(2n * 24_900n + 50_000n);
  });
});
