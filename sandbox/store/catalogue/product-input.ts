import type { MetafieldInput } from "../state/metafield-store";
import type { Weight } from "../state/records";

/** A variant as a test or the demo describes it; omitted weight means Shopify's "0 kg". */
export interface VariantInput {
  /** Option values in the product's option order; the title is derived from them. */
  options?: string[];
  sku?: string | null;
  barcode?: string | null;
  price: string;
  compareAtPrice?: string | null;
  weight?: Weight | null;
  requiresShipping?: boolean;
  taxable?: boolean;
  /** Available units at the primary location, or per location name. */
  inventory?: number | Record<string, number>;
  metafields?: MetafieldInput[];
}

export interface ProductInput {
  title: string;
  handle?: string;
  vendor?: string;
  productType?: string;
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  tags?: string[];
  descriptionHtml?: string;
  /** Option names, e.g. ["Talla"]; a product without options gets Shopify's "Title". */
  options?: string[];
  imageUrls?: string[];
  metafields?: MetafieldInput[];
  variants: VariantInput[];
}

export interface VariantPatch {
  sku?: string | null;
  barcode?: string | null;
  price?: string;
  weight?: Weight | null;
  requiresShipping?: boolean;
  metafields?: MetafieldInput[];
}

export interface ProductPatch {
  title?: string;
  handle?: string;
  vendor?: string;
  productType?: string;
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  tags?: string[];
  metafields?: MetafieldInput[];
  addVariants?: VariantInput[];
  removeVariantIds?: string[];
}
