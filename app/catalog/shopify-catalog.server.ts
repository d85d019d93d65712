/**
 * The catalogue's Admin GraphQL reads: variants page by page (their products fetched once per
 * page with `nodes`, not once per variant), one product's variants, and the product behind an
 * inventory item. Weight lives on inventoryItem.measurement since 2024-07, so it is always
 * re-queried here, never taken from a webhook payload. Every call goes through the shop's
 * throttle pacer, and pages are sized so their requested cost fits the bucket.
 */
import type { AdminGraphql } from "../shopify/admin.server";
import type { MappingSettings } from "./map-variant";
import { QueryTooExpensiveError, type ThrottlePacer } from "./throttle-pacer.server";
import {
  parseProductNode,
  parseVariantNode,
  variantSnapshot,
  type ProductNode,
  type VariantNode,
} from "./variant-node";
import type { VariantSnapshot } from "./variant-snapshot";

const DIMENSIONS = /* GraphQL */ `
    length: metafield(namespace: $namespace, key: $lengthKey) { type value }
    width: metafield(namespace: $namespace, key: $widthKey) { type value }
    height: metafield(namespace: $namespace, key: $heightKey) { type value }
`;

const VARIANT_FIELDS = /* GraphQL */ `
  fragment CatalogVariant on ProductVariant {
    id
    title
    sku
    barcode
    image { url }
    inventoryItem { id requiresShipping measurement { weight { unit value } } }
    ${DIMENSIONS}
    product { id }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment CatalogProduct on Product {
    id
    title
    hasOnlyDefaultVariant
    featuredMedia { preview { image { url } } }
    ${DIMENSIONS}
  }
`;

const METAFIELD_VARIABLES = "$namespace: String!, $lengthKey: String!, $widthKey: String!, $heightKey: String!";

export const VARIANTS_PAGE_QUERY = /* GraphQL */ `
  query CatalogVariantsPage($first: Int!, $after: String, ${METAFIELD_VARIABLES}) {
    productVariants(first: $first, after: $after, sortKey: ID) {
      nodes { ...CatalogVariant }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${VARIANT_FIELDS}
`;

export const PRODUCTS_QUERY = /* GraphQL */ `
  query CatalogProducts($ids: [ID!]!, ${METAFIELD_VARIABLES}) {
    nodes(ids: $ids) { ...CatalogProduct }
  }
  ${PRODUCT_FIELDS}
`;

const PRODUCT_VARIANTS_QUERY = /* GraphQL */ `
  query CatalogProductVariants($id: ID!, $first: Int!, $after: String, ${METAFIELD_VARIABLES}) {
    product(id: $id) {
      ...CatalogProduct
      variants(first: $first, after: $after) {
        nodes { ...CatalogVariant }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${VARIANT_FIELDS}
  ${PRODUCT_FIELDS}
`;

const VARIANTS_COUNT_QUERY = /* GraphQL */ `
  query CatalogVariantsCount {
    productVariantsCount(limit: null) {
      count
    }
  }
`;

const INVENTORY_ITEM_QUERY = /* GraphQL */ `
  query CatalogInventoryItem($id: ID!) {
    inventoryItem(id: $id) {
      id
      variant {
        id
        product {
          id
        }
      }
    }
  }
`;

/**
 * Requested cost of one CatalogVariant node under Shopify's rules (objects 1, scalars 0): the
 * variant, its image, inventory item, measurement, weight, 3 metafields and its product's id.
 * Refined from each answer's requestedQueryCost.
 */
export const VARIANT_NODE_COST = 9;
/** A CatalogProduct: the product, featured media, preview, image and 3 metafields. */
export const PRODUCT_NODE_COST = 7;
const CONNECTION_COST = 2;
const MAX_PAGE_SIZE = 250;

interface Page {
  nodes: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface VariantPage {
  snapshots: VariantSnapshot[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface CatalogReader {
  countVariants(): Promise<number | null>;
  /** The next page after `cursor` (null = the first), as large as the bucket allows. */
  readVariantsPage(cursor: string | null, maxPageSize?: number): Promise<VariantPage>;
  /** Every variant of a product; null when the product no longer exists. */
  readProductVariants(productId: string): Promise<VariantSnapshot[] | null>;
  /** The product an inventory item belongs to; null when it no longer exists. */
  productOfInventoryItem(inventoryItemId: string): Promise<string | null>;
}

export function createCatalogReader(args: {
  admin: AdminGraphql;
  pacer: ThrottlePacer;
  settings: MappingSettings;
}): CatalogReader {
  const { admin, pacer } = args;
  const metafieldVariables = {
    namespace: args.settings.dimensionNamespace,
    lengthKey: args.settings.lengthKey,
    widthKey: args.settings.widthKey,
    heightKey: args.settings.heightKey,
  };
  let nodeCost = VARIANT_NODE_COST;

  const pageSize = (overhead: number, perNode: number, limit = MAX_PAGE_SIZE) =>
    Math.max(1, Math.min(limit, MAX_PAGE_SIZE, Math.floor((pacer.maxQueryCost() - overhead) / perNode)));

  /** Runs a query sized to the bucket; a bucket smaller than guessed shrinks it once more. */
  async function runSized<T>(
    operation: string,
    query: string,
    size: () => number,
    variables: (first: number) => Record<string, unknown>,
    cost: (first: number) => number,
  ): Promise<{ data: T; first: number; requestedCost: number | null }> {
    for (;;) {
      const first = size();
      try {
        const result = await pacer.run<T>(
          admin,
          operation,
          query,
          { ...variables(first), ...metafieldVariables },
          cost(first),
        );
        return { ...result, first };
      } catch (error) {
        // The pacer has now seen the bucket's size, so the next size fits it.
        if (error instanceof QueryTooExpensiveError && first > 1) continue;
        throw error;
      }
    }
  }

  /** The products of `ids`, in as few calls as the bucket allows. */
  async function readProducts(ids: string[]): Promise<Map<string, ProductNode>> {
    const products = new Map<string, ProductNode>();
    let rest = [...new Set(ids)];
    while (rest.length > 0) {
      const batch = rest;
      const { data, first } = await runSized<{ nodes: unknown[] }>(
        "CatalogProducts",
        PRODUCTS_QUERY,
        () => Math.min(batch.length, pageSize(0, PRODUCT_NODE_COST)),
        (first) => ({ ids: batch.slice(0, first) }),
        (first) => first * PRODUCT_NODE_COST,
      );
      for (const node of data.nodes) {
        if (node) {
          const product = parseProductNode(node);
          products.set(product.id, product);
        }
      }
      rest = batch.slice(first);
    }
    return products;
  }

  function join(variants: VariantNode[], products: Map<string, ProductNode>): VariantSnapshot[] {
    // A product deleted between the two calls takes its variants with it.
    return variants.flatMap((v) => {
      const product = products.get(v.product.id);
      return product ? [variantSnapshot(v, product)] : [];
    });
  }

  return {
    async countVariants() {
      const { data } = await pacer.run<{ productVariantsCount: { count: number } | null }>(
        admin,
        "CatalogVariantsCount",
        VARIANTS_COUNT_QUERY,
        {},
        1,
      );
      return data.productVariantsCount?.count ?? null;
    },
    async readVariantsPage(cursor, maxPageSize) {
      const { data, first, requestedCost } = await runSized<{ productVariants: Page }>(
        "CatalogVariantsPage",
        VARIANTS_PAGE_QUERY,
        () => pageSize(CONNECTION_COST, nodeCost, maxPageSize),
        (first) => ({ first, after: cursor }),
        (first) => CONNECTION_COST + first * nodeCost,
      );
      if (requestedCost !== null) nodeCost = Math.max(1, Math.ceil((requestedCost - CONNECTION_COST) / first));
      const variants = data.productVariants.nodes.map(parseVariantNode);
      const products = await readProducts(variants.map((v) => v.product.id));
      return {
        snapshots: join(variants, products),
        hasNextPage: data.productVariants.pageInfo.hasNextPage,
        endCursor: data.productVariants.pageInfo.endCursor,
      };
    },
    async readProductVariants(productId) {
      const variants: VariantNode[] = [];
      let product: ProductNode | null = null;
      let after: string | null = null;
      const overhead = PRODUCT_NODE_COST + CONNECTION_COST;
      for (;;) {
        const cursor: string | null = after;
        const { data } = await runSized<{ product: (Record<string, unknown> & { variants: Page }) | null }>(
          "CatalogProductVariants",
          PRODUCT_VARIANTS_QUERY,
          () => pageSize(overhead, VARIANT_NODE_COST),
          (first): Record<string, unknown> => ({ id: productId, first, after: cursor }),
          (first) => overhead + first * VARIANT_NODE_COST,
        );
        if (!data.product) return null;
        product ??= parseProductNode(data.product);
        variants.push(...data.product.variants.nodes.map(parseVariantNode));
        if (!data.product.variants.pageInfo.hasNextPage) return join(variants, new Map([[product.id, product]]));
        after = data.product.variants.pageInfo.endCursor;
      }
    },
    async productOfInventoryItem(inventoryItemId) {
      const { data } = await pacer.run<{ inventoryItem: { variant: { product: { id: string } } | null } | null }>(
        admin,
        "CatalogInventoryItem",
        INVENTORY_ITEM_QUERY,
        { id: inventoryItemId },
        4,
      );
      return data.inventoryItem?.variant?.product.id ?? null;
    },
  };
}
