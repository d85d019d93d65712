/**
 * The stock read behind «Almacén»: what the warehouse holds (POST /api/rest/inventory/stock),
 * beside Shopify's level at the service's location and the units sold but not yet at the
 * warehouse, kept per SKU so the page pages, filters and searches in the database (10,000 SKUs
 * stay fast). The stock job reads it after each sync; the page's «now» reads it when sync is off.
 */
import type { PrismaClient } from "@prisma/client";
import { stockLocationOf } from "../shop/stock-location.server";
import type { AdminGraphql } from "../shopify/admin.server";
import { readAvailableLevels } from "../shopify/admin/inventory.server";
import { stockLevels, type SvcClient } from "../svc";
import { unitsAwaitingWarehouse } from "../fulfillment/records/units-awaiting-warehouse.server";

const LEVELS_BATCH = 100;
const INSERT_BATCH = 1000;

export interface WarehouseReadDeps {
  db: PrismaClient;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
}

/** What a sync reported, as the page shows it. */
export interface StockSyncOutcome {
  changed: number;
  unchanged: number;
  notStocked: string[];
}

export type WarehouseReadResult = { kind: "read"; products: number } | { kind: "not_connected" };

/**
 * Reads the warehouse's stock and Shopify's levels and replaces the shop's snapshot with them in
 * one transaction (a failed read leaves the previous one whole). `sync` records the stock sync
 * that ran just before, whose result the page shows.
 */
export async function readWarehouse(
  deps: WarehouseReadDeps,
  shop: string,
  sync?: StockSyncOutcome,
): Promise<WarehouseReadResult> {
  const client = await deps.svcClientFor(shop);
  if (!client) return { kind: "not_connected" };
  const stock = await stockLevels(client);
  const bySku = new Map(stock.map((entry) => [entry.sku.trim(), entry]));
  const variants = await deps.db.catalogVariant.findMany({
    where: { shop, sku: { in: [...bySku.keys()] }, deletedAt: null },
    select: { sku: true, productId: true, variantId: true, title: true, inventoryItemId: true },
    orderBy: { createdAt: "asc" },
  });
  const variantOf = new Map<string, (typeof variants)[number]>();
  for (const v of variants) if (!variantOf.has(v.sku!)) variantOf.set(v.sku!, v);
  const { locationId } = await stockLocationOf(deps.db, shop);
  const levels = await shopifyLevels(
    deps,
    shop,
    locationId,
    [...variantOf.values()].map((v) => v.inventoryItemId),
  );
  const awaiting = (await unitsAwaitingWarehouse(deps.db, shop)).bySku;
  const at = deps.now();
  const rows = [...bySku.entries()].map(([sku, entry]) => {
    const variant = variantOf.get(sku);
    const item = variant?.inventoryItemId ? toGid("InventoryItem", variant.inventoryItemId) : null;
    return {
      shop,
      sku,
      name: entry.name,
      available: Math.trunc(entry.available),
      inStock: Math.trunc(entry.inStock),
      productId: variant?.productId ?? null,
      variantId: variant?.variantId ?? null,
      title: variant?.title ?? null,
      shopifyAvailable: item ? (levels.get(item) ?? null) : null,
      awaiting: awaiting.get(sku) ?? 0,
      readAt: at,
    };
  });
  const syncFields = sync
    ? { syncedAt: at, changed: sync.changed, unchanged: sync.unchanged, notStocked: sync.notStocked }
    : {};
  await deps.db.$transaction(async (tx) => {
    await tx.warehouseStock.deleteMany({ where: { shop } });
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      await tx.warehouseStock.createMany({ data: rows.slice(start, start + INSERT_BATCH) });
    await tx.warehouseRead.upsert({
      where: { shop },
      create: { shop, readAt: at, locationId, ...syncFields },
      update: { readAt: at, locationId, ...syncFields },
    });
  });
  return { kind: "read", products: rows.length };
}

/** Shopify's available units at the stock location, by inventory item gid; empty without a location. */
async function shopifyLevels(
  deps: WarehouseReadDeps,
  shop: string,
  locationId: string | null,
  items: Array<string | null>,
): Promise<Map<string, number | null>> {
  const ids = items.filter((id): id is string => id !== null).map((id) => toGid("InventoryItem", id));
  const levels = new Map<string, number | null>();
  if (!locationId || ids.length === 0) return levels;
  const admin = await deps.adminFor(shop);
  for (let start = 0; start < ids.length; start += LEVELS_BATCH) {
    const batch = await readAvailableLevels(admin, {
      inventoryItemIds: ids.slice(start, start + LEVELS_BATCH),
      locationId: toGid("Location", locationId),
    });
    for (const [id, level] of batch) levels.set(id, level);
  }
  return levels;
}

function toGid(type: string, id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id;
}
