import { gid } from "../ids";
import type { MetafieldInput } from "../state/metafield-store";
import type { Weight } from "../state/records";
import { CM_PER_UNIT, toGrams } from "../units";
import { DEMO_CATALOGUE, type DemoIssue, type DemoProductInput, type DemoVariantInput } from "./demo-catalogue";
import { handleize } from "./product-writer";
import type { ProductWebhookPayload } from "./product-payloads";

interface DimensionsCm {
  length: number;
  width: number;
  height: number;
}

type DimensionsSource =
  "variant-number-decimal" | "variant-dimension" | "product-number-decimal" | "product-dimension" | "none";

/** What a correct catalogue sync should conclude about one demo variant. */
export interface DemoVariantFact {
  /** `${productHandle}/${variantTitle}`: stable across runs, unlike ids. */
  key: string;
  productHandle: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  price: string;
  requiresShipping: boolean;
  /** As stored in Shopify; null when the merchant left it at 0. */
  weight: Weight | null;
  weightGrams: number | null;
  dimensionsSource: DimensionsSource;
  /** Null when missing or incomplete (fewer than three sides). */
  dimensionsCm: DimensionsCm | null;
  issues: DemoIssue[];
  outcome: "synced" | "skipped";
}

function sideCm(metafield: MetafieldInput): number {
  if (metafield.type === "dimension") {
    const parsed = JSON.parse(metafield.value) as { value: number; unit: string };
    return parsed.value * CM_PER_UNIT[parsed.unit]!;
  }
  // The demo convention: number_decimal dimensions are centimetres.
  return Number(metafield.value);
}

function dimensionsOf(metafields: MetafieldInput[] | undefined): DimensionsCm | null | undefined {
  const sides = (metafields ?? []).filter(
    (m) => m.namespace === "custom" && ["length", "width", "height"].includes(m.key),
  );
  if (sides.length === 0) return undefined;
  const byKey = new Map(sides.map((m) => [m.key, sideCm(m)]));
  const [length, width, height] = ["length", "width", "height"].map((k) => byKey.get(k));
  if (length === undefined || width === undefined || height === undefined) return null;
  return { length, width, height };
}

function sourceOf(metafields: MetafieldInput[] | undefined, level: "variant" | "product"): DimensionsSource {
  const side = metafields?.find((m) => m.namespace === "custom" && m.key === "length");
  if (!side) return "none";
  return side.type === "dimension" ? `${level}-dimension` : `${level}-number-decimal`;
}

function factFor(product: DemoProductInput, variant: DemoVariantInput): DemoVariantFact {
  const handle = product.handle ?? handleize(product.title);
  const variantTitle = variant.options?.join(" / ") ?? "Default Title";
  const ownDimensions = dimensionsOf(variant.metafields);
  const dimensionsCm = ownDimensions !== undefined ? ownDimensions : (dimensionsOf(product.metafields) ?? null);
  const weight = variant.weight && variant.weight.value > 0 ? variant.weight : null;
  const issues = variant.issues ?? [];
  return {
    key: `${handle}/${variantTitle}`,
    productHandle: handle,
    productTitle: product.title,
    variantTitle,
    sku: variant.sku ? variant.sku : null,
    price: variant.price,
    requiresShipping: variant.requiresShipping ?? true,
    weight,
    weightGrams: weight ? toGrams(weight) : null,
    dimensionsSource:
      ownDimensions !== undefined ? sourceOf(variant.metafields, "variant") : sourceOf(product.metafields, "product"),
    dimensionsCm,
    issues,
    outcome: issues.length > 0 ? "skipped" : "synced",
  };
}

export const DEMO_CATALOGUE_FACTS: readonly DemoVariantFact[] = DEMO_CATALOGUE.flatMap((product) =>
  product.variants.map((variant) => factFor(product, variant)),
);

export interface DemoVariantFactWithIds extends DemoVariantFact {
  productId: string;
  variantId: string;
  inventoryItemId: string;
}

/** Joins the facts with a seeded shop's products (from `store.products.list(domain)`). */
export function attachDemoIds(products: ProductWebhookPayload[]): DemoVariantFactWithIds[] {
  return DEMO_CATALOGUE_FACTS.map((fact) => {
    const product = products.find((p) => p.handle === fact.productHandle);
    const variant = product?.variants.find((v) => v.title === fact.variantTitle);
    if (!product || !variant) throw new Error(`demo variant ${fact.key} is not in this shop`);
    return {
      ...fact,
      productId: product.admin_graphql_api_id,
      variantId: variant.admin_graphql_api_id,
      inventoryItemId: gid("InventoryItem", variant.inventory_item_id),
    };
  });
}
