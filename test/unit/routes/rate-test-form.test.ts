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
      subtotal: "subtotal",
      variant_0: "product",
      quantity_1: "quantity",
    });
    expect(parsed.values).toMatchObject({ postalCode: "6500", subtotal: "mil", city: "" });
    expect(parsed.values.lines).toEqual([
      { variantId: "gid://shopify/ProductVariant/999", quantity: "2" },
      { variantId: MUG.variantId, quantity: "0" },
    ]);
  });

  it("refuses an empty cart", () => {
    const parsed = toRateTest(readRateTestForm(form({ ...CDMX, variantId: [], quantity: [] })), CATALOGUE);
    expect(parsed.ok ? {} : parsed.errors).toEqual({ cart: "cart" });
  });
});
