/**
 * Shopify variant → the service's product (pure). One service product per variant that requires
 * shipping and has a SKU and a weight; everything else gets a reason the merchant can act on.
 */
import {
  resolveDimensions,
  volumeCm3,
  cmText,
  type DefaultPackage,
  type DimensionsSource,
  type Side,
} from "./dimensions";
import type { NewCatalogueProduct } from "../svc";
import { compareExact } from "./exact-decimal";
import { catalogReason, dimensionProblemParams, type CatalogReason, type CatalogReasonCode } from "./reason-codes";
import { weightToGrams } from "./weight";
import { displayName, type VariantSnapshot } from "./variant-snapshot";

/**
 * The product to register for a variant (app/svc maps it to product/new's body, section 2.1 of the
 * contract); measures as numeric text in grams and cm. The barcode and name are always set ("" for
 * no barcode).
 */
export type MappedProduct = NewCatalogueProduct & { upc: string; name: string };

type SkipCode =
  "not_shippable" | "no_sku" | "no_weight" | "no_dimensions" | "invalid_dimensions" | "duplicate_sku";

export type VariantMapping =
  | { kind: "ready"; product: MappedProduct; dimensionsSource: DimensionsSource | null }
  | { kind: "skipped"; code: SkipCode; reason: CatalogReason };

export interface MappingSettings {
  dimensionNamespace: string;
  lengthKey: string;
  widthKey: string;
  heightKey: string;
  defaultPackage: DefaultPackage | null;
  /** Register variants without dimensions (they cannot be quoted, and the service cannot update them later). */
  sendWithoutDimensions?: boolean;
}

const MAX_VOLUME = { units: 999_999_999n, scale: 0 };

/** Maps one variant; duplicate SKUs are found across variants elsewhere (duplicate-skus.ts). */
export function mapVariant(snapshot: VariantSnapshot, settings: MappingSettings): VariantMapping {
  if (!snapshot.requiresShipping) {
    return skip("not_shippable", catalogReason("notShippable"));
  }
  const sku = snapshot.sku?.trim() ?? "";
  if (!sku) {
    return skip("no_sku", catalogReason("noSku"));
  }
  const weight = weightToGrams(snapshot.weight);
  if (!weight.ok) return skip("no_weight", catalogReason(WEIGHT_REASONS[weight.problem]));

  const names = metafieldNames(settings);
  const dimensions = resolveDimensions({
    variant: snapshot.variantDimensions,
    product: snapshot.productDimensions,
    defaultPackage: settings.defaultPackage,
    names,
  });
  if (dimensions.kind === "invalid") {
    return skip(
      "invalid_dimensions",
      catalogReason("invalidDimensions", { where: dimensions.source, ...dimensionProblemParams(dimensions.problems) }),
    );
  }
  const product: MappedProduct = { sku, upc: snapshot.barcode?.trim() ?? "", name: displayName(snapshot) };
  const image = snapshot.variantImageUrl ?? snapshot.productImageUrl;
  if (image) product.imageUrl = image;

  if (dimensions.kind === "none") {
    if (!settings.sendWithoutDimensions) {
      return skip("no_dimensions", catalogReason("noDimensions", names));
    }
    return { kind: "ready", product, dimensionsSource: null };
  }
  const volume = volumeCm3(dimensions.cm);
  if (compareExact(volume, MAX_VOLUME) > 0) {
    return skip("invalid_dimensions", catalogReason("tooLarge"));
  }
  product.dimensions = {
    weight: weight.grams.toString(),
    length: cmText(dimensions.cm.length),
    width: cmText(dimensions.cm.width),
    height: cmText(dimensions.cm.height),
    volume: cmText(volume),
  };
  return { kind: "ready", product, dimensionsSource: dimensions.source };
}

function metafieldNames(settings: MappingSettings): Record<Side, string> {
  const ns = settings.dimensionNamespace;
  return {
    length: `${ns}.${settings.lengthKey}`,
    width: `${ns}.${settings.widthKey}`,
    height: `${ns}.${settings.heightKey}`,
  };
}

const WEIGHT_REASONS = {
  missing: "noWeight",
  "below-half-gram": "belowHalfGram",
  "unknown-unit": "unknownWeightUnit",
  invalid: "invalidWeight",
} as const satisfies Record<string, CatalogReasonCode>;

function skip(code: SkipCode, reason: CatalogReason): VariantMapping {
  return { kind: "skipped", code, reason };
}
