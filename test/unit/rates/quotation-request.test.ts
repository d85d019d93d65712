import { describe, expect, it } from "vitest";
import { cartSubtotalCentavos, quotationLines, toQuotationRequest } from "~/rates";
import { rateRequest } from "./support";

const mug = { name: "Taza", sku: "TAZA-AZ", quantity: 1, grams: 450, price: 24_900, requires_shipping: true };

describe("toQuotationRequest", () => {
  it("quotes only the items that require shipping, by SKU", () => {
    // GIVEN two mugs and a gift card that does not ship
    const request = toQuotationRequest(rateRequest());
    // THEN only the mugs are quoted, with the destination mapped by the address module
    expect(request).toEqual({
      ok: true,
      lines: [{ identifier: "TAZA-AZ", quantity: 2 }],
      destination: {
        street: "Río Lerma",
        exteriorNumber: "232",
        interiorNumber: "4",
        neighborhood: "Cuauhtémoc",
        postalCode: "06500",
        state: "Ciudad de México",
        city: "Ciudad de México",
        recipient: "Ana López",
        phone: "5512345678",
        country: "Mexico",
      },
    });
  });

  it("sums quantities per SKU and orders the lines by SKU", () => {
    const items = [
      { ...mug, sku: "PLAYERA-M", quantity: 1 },
      { ...mug, quantity: 2 },
      { ...mug, sku: " TAZA-AZ ", quantity: 3 },
    ];
    const request = toQuotationRequest(rateRequest({ items }));
    expect(request.ok && request.lines).toEqual([
      { identifier: "PLAYERA-M", quantity: 1 },
      { identifier: "TAZA-AZ", quantity: 5 },
    ]);
  });

  it("says there is nothing to ship when no item requires shipping", () => {
    expect(toQuotationRequest(rateRequest({ items: [{ ...mug, requires_shipping: false }] }))).toEqual({
      ok: false,
      reason: "nothing_to_ship",
    });
    expect(toQuotationRequest(rateRequest({ items: [{ ...mug, quantity: 0 }] }))).toEqual({
      ok: false,
      reason: "nothing_to_ship",
    });
  });

  it("refuses a destination outside Mexico", () => {
    const request = toQuotationRequest(
      rateRequest({
        destination: { country: "US", postal_code: "10001", province: "NY", city: "New York", address1: "5th Ave 1" },
      }),
    );
    expect(request).toMatchObject({ ok: false, reason: "outside_mexico" });
  });

  it("names a shippable item without SKU", () => {
    const request = toQuotationRequest(rateRequest({ items: [{ ...mug, sku: "", name: "Jarrón sin SKU" }] }));
    expect(request).toEqual({ ok: false, reason: "item_without_sku", item: "Jarrón sin SKU" });
  });

  it("sends empty name and phone when the destination has none", () => {
    const request = toQuotationRequest(
      rateRequest({
        destination: {
          country: "MX",
          postal_code: "06500",
          province: "DF",
          city: "CDMX",
          address1: "Río Lerma 232",
          name: null,
          phone: null,
        },
      }),
    );
    expect(request.ok && request.destination).toMatchObject({ recipient: "", phone: "", postalCode: "06500" });
  });
});

describe("quotationLines", () => {
  it("answers the same lines as the full request, without parsing the address", () => {
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
