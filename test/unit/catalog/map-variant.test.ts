import { describe, expect, it } from "vitest";
import { mapVariant } from "~/catalog/map-variant";
import { NO_DIMENSIONS, SETTINGS, cmSides, snapshot } from "./support";

const NUMERIC_TEXT = /^\d+(\.\d+)?$/;

describe("mapVariant", () => {
  it("maps a shippable variant to the service's product with numeric text in grams and cm", () => {
    expect(mapVariant(snapshot(), SETTINGS)).toEqual({
      kind: "ready",
      dimensionsSource: "product",
      product: {
        sku: "TAZA-AZ",
        upc: "",
        name: "Taza de barro - Azul",
        imageUrl: "https://cdn.shopify.com/taza.jpg",
        dimensions: { weight: "450", length: "12", width: "9", height: "10", volume: "1080" },
      },
    });
  });

  it("uses the barcode as UPC, the variant's own image first, and the bare title without options", () => {
    const mapping = mapVariant(
      snapshot({
        barcode: "7501234560011",
        variantImageUrl: "https://cdn.shopify.com/azul.jpg",
        productHasOnlyDefaultVariant: true,
        variantTitle: "Default Title",
      }),
      SETTINGS,
    );
    expect(mapping.kind === "ready" && mapping.product).toMatchObject({
      upc: "7501234560011",
      imageUrl: "https://cdn.shopify.com/azul.jpg",
      name: "Taza de barro",
    });
  });

  it("sends every measure as numeric text the contract accepts", () => {
    const mapping = mapVariant(
      snapshot({
        weight: { unit: "OUNCES", value: 14 },
        variantDimensions: {
          length: { type: "dimension", value: '{"value":14,"unit":"in"}' },
          width: { type: "dimension", value: '{"value":10,"unit":"in"}' },
          height: { type: "dimension", value: '{"value":2,"unit":"in"}' },
        },
      }),
      SETTINGS,
    );
    if (mapping.kind !== "ready") throw new Error(mapping.reason.code);
    const data = mapping.product.dimensions!;
    expect(data).toEqual({ weight: "397", length: "35.56", width: "25.4", height: "5.08", volume: "4588.37792" });
    for (const value of Object.values(data)) expect(value).toMatch(NUMERIC_TEXT);
  });

  it("skips a variant that does not require shipping, with the reason", () => {
    expect(mapVariant(snapshot({ requiresShipping: false }), SETTINGS)).toMatchObject({
      kind: "skipped",
      code: "not_shippable",
      reason: { code: "notShippable", params: {} },
    });
  });

  it("skips a variant without SKU (blank counts as none)", () => {
    expect(mapVariant(snapshot({ sku: null }), SETTINGS)).toMatchObject({
      kind: "skipped",
      code: "no_sku",
      reason: { code: "noSku", params: {} },
    });
    expect(mapVariant(snapshot({ sku: "   " }), SETTINGS)).toMatchObject({ code: "no_sku" });
  });

  it("skips a variant without weight, or with a weight of 0", () => {
    expect(mapVariant(snapshot({ weight: null }), SETTINGS)).toMatchObject({
      code: "no_weight",
      reason: { code: "noWeight", params: {} },
    });
    expect(mapVariant(snapshot({ weight: { unit: "KILOGRAMS", value: 0 } }), SETTINGS)).toMatchObject({
      code: "no_weight",
    });
    expect(mapVariant(snapshot({ weight: { unit: "GRAMS", value: 0.4 } }), SETTINGS)).toMatchObject({
      reason: { code: "belowHalfGram", params: {} },
    });
  });

  it("skips a variant without dimensions, naming the metafields to fill in", () => {
    const mapping = mapVariant(snapshot({ productDimensions: NO_DIMENSIONS }), SETTINGS);
    expect(mapping).toMatchObject({
      code: "no_dimensions",
      reason: {
        code: "noDimensions",
        params: { length: "custom.length", width: "custom.width", height: "custom.height" },
      },
    });
  });

  it("uses the shop's default package, or sends without dimensions when the shop asks for it", () => {
    const noDimensions = snapshot({ productDimensions: NO_DIMENSIONS });
    const withPackage = mapVariant(noDimensions, {
      ...SETTINGS,
      defaultPackage: { length: "30", width: "20", height: "10" },
    });
    expect(withPackage).toMatchObject({
      kind: "ready",
      dimensionsSource: "default-package",
      product: { dimensions: { volume: "6000" } },
    });
    const bare = mapVariant(noDimensions, { ...SETTINGS, sendWithoutDimensions: true });
    expect(bare).toMatchObject({ kind: "ready", dimensionsSource: null });
    expect(bare.kind === "ready" && bare.product.dimensions).toBeUndefined();
  });

  it("reads the namespace and keys the shop configured", () => {
    const settings = {
      ...SETTINGS,
      dimensionNamespace: "envio",
      lengthKey: "largo",
      widthKey: "ancho",
      heightKey: "alto",
    };
    const mapping = mapVariant(snapshot({ productDimensions: NO_DIMENSIONS }), settings);
    expect(mapping).toMatchObject({
      reason: { code: "noDimensions", params: { length: "envio.largo", width: "envio.ancho", height: "envio.alto" } },
    });
  });

  it("explains incomplete dimensions instead of sending them", () => {
    const mapping = mapVariant(
      snapshot({ variantDimensions: { ...cmSides("44", "44", "1"), height: null } }),
      SETTINGS,
    );
    expect(mapping).toMatchObject({
      code: "invalid_dimensions",
      reason: {
        code: "invalidDimensions",
        params: { where: "variant", problem1: "missing", metafield1: "custom.height" },
      },
    });
  });
});
