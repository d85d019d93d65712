/**
 * Products, variants and inventory items as the catalogue reads them. Weight lives on
 * inventoryItem.measurement since 2024-07 and the variant's picture on `media` since
 * `ProductVariant.image` was deprecated (2026-10), so both are read there.
 */
import type { AdminGraphql } from "./client";
import { dataOf } from "./errors";
import type {
  CatalogInventoryItemQuery,
  CatalogProductFragment,
  CatalogProductVariantsQuery,
  CatalogVariantFragment,
  CatalogVariantsCountQuery,
  CatalogVariantsPageQuery,
} from "./types/admin.generated";

;

/** The dimension metafields' namespace and keys (the merchant's mapping settings). */
export interface DimensionKeys {
  namespace: string;
  lengthKey: string;
  widthKey: string;
  heightKey: string;
}

export interface Page<T> {
  nodes: T[];
  hasNextPage: boolean;
  endCursor: string | null;
}

const CATALOG_VARIANT = `#graphql
  fragment CatalogVariant on ProductVariant {
    id
    title
    sku
    barcode
    media(first: 1) { nodes { preview { image { url } } } }
    inventoryItem { id requiresShipping measurement { weight { unit value } } }
    length: metafield(namespace: $namespace, key: $lengthKey) { type value }
    width: metafield(namespace: $namespace, key: $widthKey) { type value }
    height: metafield(namespace: $namespace, key: $heightKey) { type value }
    product { id }
  }
`;

const CATALOG_PRODUCT = `#graphql
  fragment CatalogProduct on Product {
    id
    title
    hasOnlyDefaultVariant
    featuredMedia { preview { image { url } } }
    length: metafield(namespace: $namespace, key: $lengthKey) { type value }
    width: metafield(namespace: $namespace, key: $widthKey) { type value }
    height: metafield(namespace: $namespace, key: $heightKey) { type value }
  }
`;

const PRODUCT_VARIANTS = `#graphql
  query CatalogProductVariants(
    $id: ID!
    $first: Int!
    $after: String
    $namespace: String!
    $lengthKey: String!
    $widthKey: String!
    $heightKey: String!
  ) {
    product(id: $id) {
      ...CatalogProduct
      variants(first: $first, after: $after) {
        nodes { ...CatalogVariant }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${CATALOG_VARIANT}
  ${CATALOG_PRODUCT}
`;

// The paged read of the whole catalogue, for when Shopify refuses the app bulk operations: the
// same variants, in the same order, with the same fields as the bulk query (catalogBulkQuery).
const VARIANTS_PAGE = `#graphql
  query CatalogVariantsPage(
    $first: Int!
    $after: String
    $namespace: String!
    $lengthKey: String!
    $widthKey: String!
    $heightKey: String!
  ) {
    productVariants(first: $first, after: $after) {
      nodes {
        ...CatalogVariant
        product { ...CatalogProduct }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${CATALOG_VARIANT}
  ${CATALOG_PRODUCT}
`;

const VARIANTS_COUNT = `#graphql
  query CatalogVariantsCount {
    productVariantsCount(limit: null) { count }
  }
`;

const INVENTORY_ITEM = `#graphql
  query CatalogInventoryItem($id: ID!) {
    inventoryItem(id: $id) {
      id
      variants(first: 1) { nodes { id product { id } } }
    }
  }
`;

const dimensionVariables = (keys: DimensionKeys) => ({ ...keys });

const pageOf = (info: { hasNextPage: boolean; endCursor?: string | null }) => ({
  hasNextPage: info.hasNextPage,
  endCursor: info.endCursor ?? null,
});

/** A product and one page of its variants; null when the product no longer exists. */
export async function readProductVariants(
  admin: AdminGraphql,
  args: { id: string; first: number; after: string | null; keys: DimensionKeys },
): Promise<{ product: CatalogProductFragment; variants: Page<CatalogVariantFragment> } | null> {
  const { product } = dataOf(
    await admin<CatalogProductVariantsQuery>(PRODUCT_VARIANTS, {
      id: args.id,
      first: args.first,
      after: args.after,
      ...dimensionVariables(args.keys),
    }),
    "CatalogProductVariants",
  );
  if (!product) return null;
  const { variants, ...fields } = product;
  return { product: fields, variants: { nodes: variants.nodes, ...pageOf(variants.pageInfo) } };
}

/** One page of the shop's variants, each with its product (the bulk read's fields, page by page). */
export async function readVariantsPage(
  admin: AdminGraphql,
  args: { first: number; after: string | null; keys: DimensionKeys },
): Promise<Page<CatalogVariantsPageQuery["productVariants"]["nodes"][number]>> {
  const { productVariants } = dataOf(
    await admin<CatalogVariantsPageQuery>(VARIANTS_PAGE, {
      first: args.first,
      after: args.after,
      ...dimensionVariables(args.keys),
    }),
    "CatalogVariantsPage",
  );
  return { nodes: productVariants.nodes, ...pageOf(productVariants.pageInfo) };
}

/** How many variants the shop has; null when Shopify does not say. */
export async function countVariants(admin: AdminGraphql): Promise<number | null> {
  const { productVariantsCount } = dataOf(
    await admin<CatalogVariantsCountQuery>(VARIANTS_COUNT),
    "CatalogVariantsCount",
  );
  return productVariantsCount?.count ?? null;
}

/** The product an inventory item belongs to; null when the item (or its variant) no longer exists. */
export async function productOfInventoryItem(admin: AdminGraphql, inventoryItemId: string): Promise<string | null> {
  const { inventoryItem } = dataOf(
    await admin<CatalogInventoryItemQuery>(INVENTORY_ITEM, { id: inventoryItemId }),
    "CatalogInventoryItem",
  );
  return inventoryItem?.variants?.nodes[0]?.product.id ?? null;
}

/**
 * The bulk query reading the whole catalogue (bulkOperationRunQuery takes no variables, so the
 * dimension metafields' namespace and keys are written in as string literals). Each variant line
 * carries its product inline; its first media comes as a child line (`__parentId`).
 */
export function catalogBulkQuery(keys: DimensionKeys): string {
  const literal = (value: string) => JSON.stringify(value);
  const dimensions = `
        length: metafield(namespace: ${literal(keys.namespace)}, key: ${literal(keys.lengthKey)}) { type value }
        width: metafield(namespace: ${literal(keys.namespace)}, key: ${literal(keys.widthKey)}) { type value }
        height: metafield(namespace: ${literal(keys.namespace)}, key: ${literal(keys.heightKey)}) { type value }`;
  return `{
  productVariants {
    edges {
      node {
        id
        title
        sku
        barcode
        media(first: 1) { edges { node { preview { image { url } } } } }
        inventoryItem { id requiresShipping measurement { weight { unit value } } }${dimensions}
        product {
          id
          title
          hasOnlyDefaultVariant
          featuredMedia { preview { image { url } } }${dimensions}
        }
      }
    }
  }
}`;
}
