/**
 * The catalogue's Admin GraphQL reads outside the bulk operation (bulk-catalog.server.ts): the
 * variant count, one product's variants, and the product behind an inventory item. Weight lives on inventoryItem.measurement since 2024-07, so it is always
 * re-queried here, never taken from a webhook payload. Every call goes through the shop's
 * throttle pacer, and pages are sized so their requested cost fits the bucket.
 */
import type { AdminGraphql } from "../shopify/admin.server";
import {
  countVariants,
  productOfInventoryItem,
  readProductVariants as readProductVariantsPage,
  readVariantsPage,
  type DimensionKeys,
} from "../shopify/admin/products.server";
import type { MappingSettings } from "./map-variant";
import { QueryTooExpensiveError, type ShopPacer } from "../shopify/admin-pacing.server";
import {
  parseProductNode,
  parseVariantNode,
  variantSnapshot,
  type ProductNode,
  type VariantNode,
} from "./variant-node";
import type { VariantSnapshot } from "./variant-snapshot";

/**
 * Requested cost of one CatalogVariant node under Shopify's rules (objects 1, scalars 0,
 * connections 2 + their nodes): the variant, its first media (a connection of one: 2 + media,
 * preview, image), inventory item, measurement, weight, 3 metafields and its product's id.
 * Refined from each answer's requestedQueryCost.
 */
const VARIANT_NODE_COST = 13;
/** A CatalogProduct: the product, featured media, preview, image and 3 metafields. */
const PRODUCT_NODE_COST = 7;
const CONNECTION_COST = 2;
const MAX_PAGE_SIZE = 250;

/** One page of the whole catalogue: its variants read, and where the next page starts. */
interface CatalogPage {
  snapshots: VariantSnapshot[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface CatalogReader {
  countVariants(): Promise<number | null>;
  /**
   * The page of the whole catalogue after `after` (null: the first), with the bulk read's fields:
   * the full sync's read when Shopify refuses the app bulk operations. Sized to the shop's bucket.
   */
  readCatalogPage(after: string | null): Promise<CatalogPage>;
  /** Every variant of a product; null when the product no longer exists. */
  readProductVariants(productId: string): Promise<VariantSnapshot[] | null>;
  /** The product an inventory item belongs to; null when it no longer exists. */
  productOfInventoryItem(inventoryItemId: string): Promise<string | null>;
}

export function createCatalogReader(args: {
  admin: AdminGraphql;
  pacer: ShopPacer;
  settings: MappingSettings;
}): CatalogReader {
  const { admin, pacer } = args;
  const keys = dimensionKeys(args.settings);

  const pageSize = (overhead: number, perNode: number, limit = MAX_PAGE_SIZE) =>
    Math.max(1, Math.min(limit, MAX_PAGE_SIZE, Math.floor((pacer.maxQueryCost() - overhead) / perNode)));

  /** Runs a read sized to the bucket; a bucket smaller than guessed shrinks it once more. */
  async function runSized<T>(
    size: () => number,
    cost: (first: number) => number,
    read: (paced: AdminGraphql, first: number) => Promise<T>,
  ): Promise<{ data: T; first: number; requestedCost: number | null }> {
    for (;;) {
      const first = size();
      let requestedCost: number | null = null;
      try {
        const data = await read(
          pacer.paced(admin, cost(first), (requested) => (requestedCost = requested)),
          first,
        );
        return { data, first, requestedCost };
      } catch (error) {
        // The pacer has now seen the bucket's size, so the next size fits it.
        if (error instanceof QueryTooExpensiveError && first > 1) continue;
        throw error;
      }
    }
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
      return countVariants(pacer.paced(admin, 1));
    },
    async readCatalogPage(after) {
      const { data } = await runSized(
        () => pageSize(CONNECTION_COST, VARIANT_NODE_COST + PRODUCT_NODE_COST),
        (first) => CONNECTION_COST + first * (VARIANT_NODE_COST + PRODUCT_NODE_COST),
        (paced, first) => readVariantsPage(paced, { first, after, keys }),
      );
      return {
        snapshots: data.nodes.map((node) => variantSnapshot(parseVariantNode(node), parseProductNode(node.product))),
        hasNextPage: data.hasNextPage,
        endCursor: data.endCursor,
      };
    },
    async readProductVariants(productId) {
      const variants: VariantNode[] = [];
      let product: ProductNode | null = null;
      let after: string | null = null;
      const overhead = PRODUCT_NODE_COST + CONNECTION_COST;
      for (;;) {
        const cursor: string | null = after;
        const { data }: { data: Awaited<ReturnType<typeof readProductVariantsPage>> } = await runSized(
          () => pageSize(overhead, VARIANT_NODE_COST),
          (first) => overhead + first * VARIANT_NODE_COST,
          (paced, first) => readProductVariantsPage(paced, { id: productId, first, after: cursor, keys }),
        );
        if (!data) return null;
        product ??= parseProductNode(data.product);
        variants.push(...data.variants.nodes.map(parseVariantNode));
        if (!data.variants.hasNextPage) return join(variants, new Map([[product.id, product]]));
        after = data.variants.endCursor;
      }
    },
    async productOfInventoryItem(inventoryItemId) {
      return productOfInventoryItem(pacer.paced(admin, 4), inventoryItemId);
    },
  };
}

/** The dimension metafields' namespace and keys of the merchant's mapping settings. */
export function dimensionKeys(settings: MappingSettings): DimensionKeys {
  return {
    namespace: settings.dimensionNamespace,
    lengthKey: settings.lengthKey,
    widthKey: settings.widthKey,
    heightKey: settings.heightKey,
  };
}
