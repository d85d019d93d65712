/**
 * Incremental sync, driven by product and inventory item webhooks: re-read one product's
 * variants from Admin GraphQL (webhooks carry no weight since 2024-07), re-map them, register the
 * new ones, compare the changed registered ones with the service (drifted when they differ), and
 * mark removed ones deleted. Safe to run again: every step starts from what Shopify and the
 * service say now.
 */
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { defineQueue } from "../jobs/registry";
import type { CatalogEnv } from "./catalog-env.server";
import { recordSnapshots } from "./record-snapshots.server";
import { processPendingVariants } from "./register-products.server";
import { loadPending, loadProductVariants, markDeleted, reconcileDuplicateSkus } from "./variant-records.server";

const productPayloadSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("product"), productId: z.string().min(1), deleted: z.boolean().optional() }),
  z.object({ kind: z.literal("inventory_item"), inventoryItemId: z.string().min(1) }),
]);
export type ProductJobPayload = z.infer<typeof productPayloadSchema>;
declare module "../jobs/registry" {
  interface JobPayloads {
    "catalog.product": ProductJobPayload;
  }
}
/** One product's (or inventory item's) re-sync per webhook-named resource. */
export const PRODUCT_QUEUE = defineQueue("catalog.product", { payload: productPayloadSchema });

/** Re-maps every variant of `productId`; registers or checks what needs it. */
export async function syncProduct(env: CatalogEnv, productId: string): Promise<void> {
  const { db, shop } = env;
  const before = await loadProductVariants(db, shop, productId);
  const snapshots = await env.reader.readProductVariants(productId);
  if (snapshots === null) {
    await markProductDeleted({ db, shop, productId, at: env.now() }).then((released) => registerPending(env, released));
    return;
  }
  const { rows, previousSkus } = await recordSnapshots(db, shop, snapshots, env.settings);
  const seen = new Set(snapshots.map((s) => s.variantId));
  const gone = before.filter((row) => !seen.has(row.variantId));
  await markDeleted(db, shop, { variantIds: gone.map((row) => row.variantId) }, env.now());
  const skus = [...previousSkus, ...[...before, ...rows].flatMap((r) => (r.sku ? [r.sku] : []))];
  const released = await reconcileDuplicateSkus(db, shop, skus);
  await registerPending(env, [...rows.map((r) => r.variantId), ...released]);
}

/**
 * Marks a deleted product's variants deleted (the service cannot delete; the reason says so) and
 * releases variants that shared a SKU with them. Returns the variant ids released to pending.
 */
export async function markProductDeleted(args: {
  db: PrismaClient;
  shop: string;
  productId: string;
  at: Date;
}): Promise<string[]> {
  const { db, shop, productId, at } = args;
  const before = await loadProductVariants(db, shop, productId);
  await markDeleted(db, shop, { productId }, at);
  return reconcileDuplicateSkus(
    db,
    shop,
    before.flatMap((row) => (row.sku ? [row.sku] : [])),
  );
}

/** Registers (or checks) the pending variants among `variantIds`, batch by batch. */
export async function registerPending(env: CatalogEnv, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return;
  let previous = "";
  for (;;) {
    const rows = await loadPending(env.db, env.shop, { limit: env.batchSize, variantIds });
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id).join(",");
    if (ids === previous) throw new Error("catalogue variants stayed pending after being processed");
    previous = ids;
    await processPendingVariants({ db: env.db, client: env.client, now: env.now, logger: env.logger }, rows);
  }
}
