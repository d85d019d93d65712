/** Admin GraphQL's ProductVariant and Product (the fields the catalogue reads) → VariantSnapshot (pure). */
import { z } from "zod";
import type { DimensionMetafields } from "./dimensions";
import type { VariantSnapshot } from "./variant-snapshot";

const preview = z.object({ image: z.object({ url: z.string() }).nullish() }).nullish();
const metafield = z.object({ type: z.string(), value: z.string() }).nullish();
const dimensionFields = { length: metafield, width: metafield, height: metafield };

const variantNodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullish(),
  barcode: z.string().nullish(),
  /** The variant's first media (`ProductVariant.image` is deprecated since 2026-10). */
  media: z.object({ nodes: z.array(z.object({ preview })) }).nullish(),
  inventoryItem: z
    .object({
      id: z.string(),
      requiresShipping: z.boolean(),
      measurement: z
        .object({ weight: z.object({ unit: z.string(), value: z.union([z.number(), z.string()]) }).nullish() })
        .nullish(),
    })
    .nullish(),
  ...dimensionFields,
  product: z.object({ id: z.string() }),
});

const productNodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  hasOnlyDefaultVariant: z.boolean().nullish(),
  featuredMedia: z.object({ preview }).nullish(),
  ...dimensionFields,
});

export type VariantNode = z.infer<typeof variantNodeSchema>;
export type ProductNode = z.infer<typeof productNodeSchema>;

export function parseVariantNode(input: unknown): VariantNode {
  return variantNodeSchema.parse(input);
}

export function parseProductNode(input: unknown): ProductNode {
  return productNodeSchema.parse(input);
}

type Sides = { length?: Meta; width?: Meta; height?: Meta };
type Meta = z.infer<typeof metafield>;

const sides = (owner: Sides): DimensionMetafields => ({
  length: owner.length ?? null,
  width: owner.width ?? null,
  height: owner.height ?? null,
});

/** Joins a variant with its product; throws a ZodError naming the field for another shape. */
export function variantSnapshot(variant: VariantNode, product: ProductNode): VariantSnapshot {
  return {
    productId: product.id,
    variantId: variant.id,
    inventoryItemId: variant.inventoryItem?.id ?? null,
    productTitle: product.title,
    variantTitle: variant.title,
    productHasOnlyDefaultVariant: product.hasOnlyDefaultVariant ?? false,
    sku: variant.sku?.trim() ? variant.sku.trim() : null,
    barcode: variant.barcode?.trim() ? variant.barcode.trim() : null,
    // A variant without an inventory item is unusual; Shopify's default is "requires shipping".
    requiresShipping: variant.inventoryItem?.requiresShipping ?? true,
    weight: variant.inventoryItem?.measurement?.weight ?? null,
    variantImageUrl: variant.media?.nodes[0]?.preview?.image?.url ?? null,
    productImageUrl: product.featuredMedia?.preview?.image?.url ?? null,
    variantDimensions: sides(variant),
    productDimensions: sides(product),
  };
}
