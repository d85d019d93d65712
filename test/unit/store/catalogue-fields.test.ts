import { describe, expect, it } from "vitest";
import { attachDemoIds, DEMO_CATALOGUE_FACTS } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const VARIANT = /* GraphQL */ `
  query Variant($id: ID!) {
    productVariant(id: $id) {
      sku
      barcode
      selectedOptions {
        name
        value
      }
      inventoryItem {
        requiresShipping
        measurement {
          weight {
            unit
            value
          }
        }
      }
      length: metafield(namespace: "custom", key: "length") {
        type
        value
        jsonValue
      }
      metafields(first: 5, namespace: "custom") {
        nodes {
          key
          type
          value
        }
      }
      product {
        hasOnlyDefaultVariant
        length: metafield(namespace: "custom", key: "length") {
          type
          value
        }
      }
    }
  }
`;

const GRAMS = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 } as const;
const CM = { mm: 0.1, cm: 1, m: 100, in: 2.54, ft: 30.48, yd: 91.44 } as const;

function factByKey(key: string) {
  const fact = DEMO_CATALOGUE_FACTS.find((candidate) => candidate.key === key);
  if (!fact) throw new Error(`no fact ${key}`);
  return fact;
}

async function variant(key: string) {
  const { store } = demoStore();
  const withIds = attachDemoIds(store.products.list(DOMAIN));
  const id = withIds.find((fact) => fact.key === key)!.variantId;
  return (await queryData(store, VARIANT, { id })).productVariant;
}

describe("demo catalogue fields", () => {
  it("keeps number_decimal dimensions on a variant as strings in centimetres", async () => {
    const data = await variant("plato-de-talavera/Grande");
    expect(data.length).toEqual({ type: "number_decimal", value: "30.0", jsonValue: "30.0" });
    expect(data.metafields.nodes.map((m: { key: string }) => m.key)).toEqual(["length", "width", "height"]);
    expect(data.inventoryItem.measurement.weight).toEqual({ unit: "KILOGRAMS", value: 1.1 });
  });

  it("keeps dimension metafields as JSON text with a unit", async () => {
    const data = await variant("rebozo-de-tenancingo/Negro");
    expect(data.length.type).toBe("dimension");
    expect(JSON.parse(data.length.value)).toEqual({ value: 14, unit: "in" });
    expect(data.length.jsonValue).toEqual({ value: 14, unit: "in" });
    expect(data.inventoryItem.measurement.weight).toEqual({ unit: "OUNCES", value: 15 });
  });

  it("puts some dimensions on the product instead of the variant", async () => {
    const data = await variant("taza-de-barro/Azul");
    expect(data.length).toBeNull();
    expect(data.product.length).toEqual({ type: "number_decimal", value: "12.0" });
  });

  it("reads an unset weight as zero kilograms, as Shopify does", async () => {
    const data = await variant("alebrije-de-oaxaca/Grande");
    expect(data.inventoryItem.measurement.weight).toEqual({ unit: "KILOGRAMS", value: 0 });
  });

  it("marks the gift card as not requiring shipping", async () => {
    const data = await variant("tarjeta-de-regalo/$500");
    expect(data.inventoryItem.requiresShipping).toBe(false);
    expect(factByKey("tarjeta-de-regalo/$500").issues).toEqual(["not-shippable"]);
  });

  it("gives a product without options Shopify's default variant", async () => {
    const data = await variant("molinillo-de-madera/Default Title");
    expect(data.selectedOptions).toEqual([{ name: "Title", value: "Default Title" }]);
    expect(data.product.hasOnlyDefaultVariant).toBe(true);
  });

  it("has variants without SKU, without weight, without dimensions and one duplicate SKU", () => {
    const issues = DEMO_CATALOGUE_FACTS.flatMap((fact) => fact.issues);
    expect(issues).toEqual(
      expect.arrayContaining(["missing-sku", "missing-weight", "missing-dimensions", "duplicate-sku", "not-shippable"]),
    );
    const units = new Set(DEMO_CATALOGUE_FACTS.map((fact) => fact.weight?.unit).filter(Boolean));
    expect(units).toEqual(new Set(["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"]));
  });

  it("states facts that agree with what the Admin API returns for every variant", async () => {
    // GIVEN the seeded shop and the published facts joined with its ids
    const { store } = demoStore();
    const facts = attachDemoIds(store.products.list(DOMAIN));
    const skuCounts = new Map<string, number>();
    for (const fact of facts) if (fact.sku) skuCounts.set(fact.sku, (skuCounts.get(fact.sku) ?? 0) + 1);
    for (const fact of facts) {
      // WHEN each variant is read the way the app reads it
      const data = (await queryData(store, VARIANT, { id: fact.variantId })).productVariant;
      const metafieldsQuery = /* GraphQL */ `
        query M($id: ID!) {
          productVariant(id: $id) {
            metafields(first: 10, namespace: "custom") {
              nodes {
                key
                type
                value
              }
            }
            product {
              metafields(first: 10, namespace: "custom") {
                nodes {
                  key
                  type
                  value
                }
              }
            }
          }
        }
      `;
      const m = (await queryData(store, metafieldsQuery, { id: fact.variantId })).productVariant;
      const own = m.metafields.nodes.length ? m.metafields.nodes : m.product.metafields.nodes;
      const sides = Object.fromEntries(
        own.map((mf: { key: string; type: string; value: string }) => [
          mf.key,
          mf.type === "dimension"
            ? JSON.parse(mf.value).value * CM[JSON.parse(mf.value).unit as keyof typeof CM]
            : Number(mf.value),
        ]),
      );
      const weight = data.inventoryItem.measurement.weight;
      // THEN the facts say the same thing
      expect(data.sku, fact.key).toBe(fact.sku);
      expect(data.inventoryItem.requiresShipping, fact.key).toBe(fact.requiresShipping);
      expect(weight.value > 0 ? weight.value * GRAMS[weight.unit as keyof typeof GRAMS] : null, fact.key).toBe(
        fact.weightGrams,
      );
      const complete = ["length", "width", "height"].every((side) => side in sides);
      expect(complete ? sides : null, fact.key).toEqual(fact.dimensionsCm);
      expect(fact.issues.includes("missing-sku"), fact.key).toBe(!data.sku);
      expect(fact.issues.includes("missing-weight"), fact.key).toBe(weight.value === 0 && fact.requiresShipping);
      expect(fact.issues.includes("missing-dimensions"), fact.key).toBe(!complete && fact.requiresShipping);
      expect(fact.issues.includes("duplicate-sku"), fact.key).toBe(Boolean(fact.sku && skuCounts.get(fact.sku)! > 1));
      expect(fact.outcome, fact.key).toBe(fact.issues.length ? "skipped" : "synced");
    }
  });
});
