import { describe, expect, it } from "vitest";
import { readRateTestForm, toRateTest, type CartVariant } from "~/routes/app.rates/rate-test-form.server";

const MUG: CartVariant = {
  variantId: "gid://shopify/ProductVariant/1",
  productId: "gid://shopify/Product/1",
  sku: "TAZA-AZ",
  title: "Taza azul",
};
const CATALOGUE = new Map([[MUG.variantId, MUG]]);

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  return data;
}

const CDMX = {
  postalCode: "06500",
  province: "DF",
  city: "Ciudad de México",
  address1: "Río Lerma 232",
  address2: "",
  subtotal: "$1,250.50",
  variantId: [MUG.variantId, MUG.variantId],
  quantity: ["2", "1"],
};

describe("the rate tester's form", () => {
  it("builds the rate request checkout would send: Mexican destination, lines by SKU, subtotal in centavos", () => {
    const parsed = toRateTest(readRateTestForm(form(CDMX)), CATALOGUE);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.rate.destination).toMatchObject({ country: "MX", postal_code: "06500", province: "DF" });
    expect(parsed.rate.items.map((i) => [i.sku, i.quantity])).toEqual([
      ["TAZA-AZ", 2],
      ["TAZA-AZ", 1],
    ]);
    expect(parsed.rate.order_totals?.subtotal_price).toBe(125_050);
    expect(parsed.rate.currency).toBe("MXN");
  });

  it("names every wrong field and keeps what was typed", () => {
    const typed = {
      ...CDMX,
      postalCode: "6500",
      province: "XX",
      city: "",
      subtotal: "mil",
      variantId: ["gid://shopify/ProductVariant/999", MUG.variantId],
      quantity: ["2", "0"],
    };
    const parsed = toRateTest(readRateTestForm(form(typed)), CATALOGUE);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      postalCode: "postalCode",
      province: "province",
      city: "city",
      subtotal: { number: "unreadable" },
      variant_0: "product",
      quantity_1: { number: "outOfRange" },
    });
    expect(parsed.values).toMatchObject({ postalCode: "6500", subtotal: "mil", city: "" });
    expect(parsed.values.lines).toEqual([
      { variantId: "gid://shopify/ProductVariant/999", quantity: "2" },
      { variantId: MUG.variantId, quantity: "0" },
    ]);
  });

  it("refuses a decimal comma in the subtotal and the quantity instead of reading 20,50 as $2,050 or 10,5 as 105", () => {
    const parsed = toRateTest(
      readRateTestForm(form({ ...CDMX, subtotal: "20,50", quantity: ["10,5"], variantId: [MUG.variantId] })),
      CATALOGUE,
    );
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      subtotal: { number: "ambiguousComma" },
      quantity_0: { number: "ambiguousComma" },
    });
  });

  it("reads a grouped subtotal and full-width digits exactly", () => {
    const parsed = toRateTest(
      readRateTestForm(form({ ...CDMX, subtotal: "1,250.50", quantity: ["１２"], variantId: [MUG.variantId] })),
      CATALOGUE,
    );
    expect(parsed.ok && [parsed.rate.order_totals?.subtotal_price, parsed.rate.items[0]?.quantity]).toEqual([125_050, 12]);
  });

  it("refuses an empty cart", () => {
    const parsed = toRateTest(readRateTestForm(form({ ...CDMX, variantId: [], quantity: [] })), CATALOGUE);
    expect(parsed.ok ? {} : parsed.errors).toEqual({ cart: "cart" });
  });
});
