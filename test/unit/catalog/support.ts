import type { DimensionMetafields } from "~/catalog/dimensions";
import type { MappingSettings } from "~/catalog/map-variant";
import type { VariantSnapshot } from "~/catalog/variant-snapshot";

export const SETTINGS: MappingSettings = {
  dimensionNamespace: "custom",
  lengthKey: "length",
  widthKey: "width",
  heightKey: "height",
  defaultPackage: null,
};

export const NO_DIMENSIONS: DimensionMetafields = { length: null, width: null, height: null };

export function cmSides(length: string, width: string, height: string): DimensionMetafields {
  const side = (value: string) => ({ type: "number_decimal", value });
  return { length: side(length), width: side(width), height: side(height) };
}

/** A shippable variant with a SKU, a weight and product-level dimensions; override what the test is about. */
export function snapshot(overrides: Partial<VariantSnapshot> = {}): VariantSnapshot {
  return {
    productId: "gid://shopify/Product/1",
    variantId: "gid://shopify/ProductVariant/11",
    inventoryItemId: "gid://shopify/InventoryItem/111",
    productTitle: "Taza de barro",
    variantTitle: "Azul",
    productHasOnlyDefaultVariant: false,
    sku: "TAZA-AZ",
    barcode: null,
    requiresShipping: true,
    weight: { unit: "GRAMS", value: 450 },
    variantImageUrl: null,
    productImageUrl: "https://cdn.shopify.com/taza.jpg",
    variantDimensions: NO_DIMENSIONS,
    productDimensions: cmSides("12.0", "9.0", "10.0"),
    ...overrides,
  };
}
