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
  | { kind: "skipped"; code: SkipCode; reason: string };

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
    return skip(
      "not_shippable",
      "No requiere envío (p. ej. tarjeta de regalo o producto digital): no se registra en el servicio.",
    );
  }
  const sku = snapshot.sku?.trim() ?? "";
  if (!sku) {
    return skip(
      "no_sku",
      "No tiene SKU. Agrega un SKU único a la variante en Shopify para registrarla en el servicio.",
    );
  }
  const weight = weightToGrams(snapshot.weight);
  if (!weight.ok) return skip("no_weight", weightReason(weight.problem));

  const names = metafieldNames(settings);
  const dimensions = resolveDimensions({
    variant: snapshot.variantDimensions,
    product: snapshot.productDimensions,
    defaultPackage: settings.defaultPackage,
    names,
  });
  if (dimensions.kind === "invalid") {
    const where = dimensions.source === "variant" ? "la variante" : "el producto";
    return skip(
      "invalid_dimensions",
      `Medidas incompletas o no válidas en ${where}: ${dimensions.problems.join("; ")}.`,
    );
  }
  const product: MappedProduct = { sku, upc: snapshot.barcode?.trim() ?? "", name: displayName(snapshot) };
  const image = snapshot.variantImageUrl ?? snapshot.productImageUrl;
  if (image) product.imageUrl = image;

  if (dimensions.kind === "none") {
    if (!settings.sendWithoutDimensions) {
      return skip(
        "no_dimensions",
        `No tiene medidas: agrega los metafields ${names.length}, ${names.width} y ${names.height} (en cm) a la variante o al producto.`,
      );
    }
    return { kind: "ready", product, dimensionsSource: null };
  }
  const volume = volumeCm3(dimensions.cm);
  if (compareExact(volume, MAX_VOLUME) > 0) {
    return skip(
      "invalid_dimensions",
      "Las medidas son demasiado grandes para el servicio (volumen mayor a 999,999,999 cm³).",
    );
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

function weightReason(problem: "missing" | "unknown-unit" | "invalid" | "below-half-gram"): string {
  switch (problem) {
    case "missing":
      return "No tiene peso (o es 0). Captura el peso de la variante en Shopify para registrarla en el servicio.";
    case "below-half-gram":
      return "Pesa menos de medio gramo: revisa el peso capturado en Shopify.";
    case "unknown-unit":
      return "El peso está en una unidad desconocida.";
    case "invalid":
      return "El peso capturado no es válido.";
  }
}

function skip(code: SkipCode, reason: string): VariantMapping {
  return { kind: "skipped", code, reason };
}
