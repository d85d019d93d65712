/** What the catalogue sync knows about one Shopify variant, read from Admin GraphQL. */
import type { DimensionMetafields } from "./dimensions";
import type { ShopifyWeight } from "./weight";

export interface VariantSnapshot {
  productId: string;
  variantId: string;
  inventoryItemId: string | null;
  productTitle: string;
  /** "Default Title" for a product without options. */
  variantTitle: string;
  /** True when the product has only Shopify's default variant (no options). */
  productHasOnlyDefaultVariant: boolean;
  sku: string | null;
  barcode: string | null;
  requiresShipping: boolean;
  weight: ShopifyWeight | null;
  variantImageUrl: string | null;
  productImageUrl: string | null;
  variantDimensions: DimensionMetafields;
  productDimensions: DimensionMetafields;
}

/** The name the merchant recognises: "Taza de barro - Azul", or just the title without options. */
export function displayName(
  snapshot: Pick<VariantSnapshot, "productTitle" | "variantTitle" | "productHasOnlyDefaultVariant">,
): string {
  const hasOptions = !snapshot.productHasOnlyDefaultVariant && snapshot.variantTitle !== "Default Title";
  return hasOptions ? `${snapshot.productTitle} - ${snapshot.variantTitle}` : snapshot.productTitle;
}
