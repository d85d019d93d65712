/**
 * Sets Shopify's available quantities at the shop's chosen location to the service's stock less
 * the units paid for in Shopify that the warehouse has no order for yet (units-awaiting-warehouse),
 * and never above the warehouse's shelves less the units it keeps for parts Shopify no longer
 * expects there (a cancelled order at the warehouse) less what Shopify has committed to
 * unfulfilled orders there (stock-plan.ts, levelToWrite: a sale whose orders/paid has not reached
 * the app yet), for
 * the SKUs the catalogue maps to variants, and records each level it changed. Writes are
 * compare-and-swap (changeFromQuantity = the level just read), so a sale between our read and our
 * write is not overwritten: that batch is read again and retried once. Each write (setting levels,
 * stocking an item at the warehouse) carries its own idempotency key (required since Admin API
 * 2026-04), so a resent request is applied once.
 */
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { enqueueJob, isJobActive } from "../../jobs/queue.server";
import { getShopSettings } from "../../shop/shop-settings.server";
import { stockLocationOf } from "../../shop/stock-location.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import { stockLevels, type SvcClient } from "../../svc";
import { STOCK_QUEUE, type StockJobPayload } from "../core/queues";
import { activateInventory, readStockLevels, setAvailableLevels } from "../../shopify/admin/inventory.server";
import { ShopifyAdminError } from "../../shopify/admin/errors";
import {
  stockChanges,
  stockTargets,
  unitsHeldForNobody,
  type PartAtWarehouse,
  type StockChangePlan,
  type StockTarget,
} from "../core/stock-plan";
import { readServiceOrder } from "../core/service-status";
import { unitsShopifyExpects } from "../shopify/shopify-fulfillment-orders.server";
import { jobsOwedOnStockLevels } from "../events";
import { unitsAwaitingWarehouse, unitsBySku } from "../records/units-awaiting-warehouse.server";
import { sentLinesOf } from "../records/records.server";

const BATCH = 100;

export interface StockDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn">;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
}

export type StockSyncResult =
  | { kind: "off" }
  | { kind: "not_ready"; reason: string }
  | { kind: "synced"; changed: number; unchanged: number; notStocked: string[] };

/** One sync for `shop`; `onDemand` runs it even while the schedule is switched off. */
export async function syncStock(
  deps: StockDeps,
  shop: string,
  opts: { onDemand?: boolean } = {},
): Promise<StockSyncResult> {
  const { settings } = await getShopSettings({ db: deps.db, shop });
  if (!settings.stock.enabled && !opts.onDemand) return { kind: "off" };
  // Fulfilment-service mode: the stock belongs at the location Shopify gave the warehouse, where
  // each product is stocked (inventoryActivate) the first time the service reports it — and
  // nowhere else while that location is not registered.
  const { locationId, serviceMode } = await stockLocationOf(deps.db, shop, settings);
  if (!locationId)
    return {
      kind: "not_ready",
      reason: serviceMode
        ? "the fulfilment service's location is not registered in Shopify"
        : "no location chosen for the service's stock",
    };
  const client = await deps.svcClientFor(shop);
  if (!client) return { kind: "not_ready", reason: "the shop is not connected to the service" };

  const { stock, awaiting } = await stockLessAwaiting(deps.db, shop, client);
  const skus = [...new Set(stock.map((entry) => entry.sku.trim()))];
  const variants = await deps.db.catalogVariant.findMany({
    where: { shop, sku: { in: skus }, inventoryItemId: { not: null }, deletedAt: null },
    select: { sku: true, inventoryItemId: true },
  });
  const targets = stockTargets(
    stock,
    variants.map((v) => ({ sku: v.sku!, inventoryItemId: toGid("InventoryItem", v.inventoryItemId!) })),
    awaiting,
  );
  // Read once, after the stock: a part that leaves the shelves meanwhile is still held back (errs low).
  const parts = await partsAtWarehouse(deps.db, shop);
  const admin = await deps.adminFor(shop);
  const location = toGid("Location", locationId);
  let changed = 0;
  const notStocked: string[] = [];
  for (let start = 0; start < targets.length; start += BATCH) {
    const batch = targets.slice(start, start + BATCH);
    const written = await writeBatch(admin, location, batch, serviceMode, () =>
      heldForNobody(admin, location, parts, batch),
    );
    notStocked.push(...written.notStocked);
    if (written.changes.length > 0) {
      const at = deps.now();
      for (const intent of jobsOwedOnStockLevels({ shop, changes: written.changes, now: at }))
        await enqueueJob(deps.db, intent);
      await deps.db.stockChange.createMany({
        data: written.changes.map((c) => ({
          shop,
          sku: c.sku,
          inventoryItemId: c.inventoryItemId,
          locationId: location,
          previous: c.previous,
          next: c.next,
          at,
        })),
      });
    }
    changed += written.changes.length;
  }
  deps.logger.info(
    { shop, changed, targets: targets.length, notStocked: notStocked.length },
    "stock synced from the service",
  );
  return { kind: "synced", changed, unchanged: targets.length - changed - notStocked.length, notStocked };
}

/** Reads of the service's stock taken before one is consistent with the records around it. */
const STOCK_READS = 3;

/**
 * The service's stock and the units it does not know of yet (issue 29, defect 1).
 *
 * Invariant: every unit paid for in Shopify is counted exactly once — by the service's
 * `disponibles` when its service order was created before the stock was read, or by `awaiting`
 * when it was not. The records are read before and after the stock:
 *   - a record that already had its service order before the stock read is counted by the service
 *     (its order was created before the service answered), and is not in `awaiting`;
 *   - a record with no order and not in flight after the stock read had none when the service
 *     answered (a record only ever goes back before submission when its request provably never
 *     reached the service), so the service does not count it: it is in `awaiting`;
 *   - a record whose submission may overlap the stock read (in flight in either read, or counted
 *     before and no longer after) could be counted by both or by neither: the stock is read
 *     again. When the reads never settle, those records are counted as awaiting as well — Shopify
 *     shows too few units until the next sync, never too many.
 */
async function stockLessAwaiting(db: PrismaClient, shop: string, client: SvcClient) {
  for (let read = 1; ; read++) {
    const before = await unitsAwaitingWarehouse(db, shop);
    const stock = await stockLevels(client);
    const after = await unitsAwaitingWarehouse(db, shop);
    const counted = new Set(after.records.filter((r) => !r.inFlight).map((r) => r.id));
    const unsettled = [
      ...after.records.filter((r) => r.inFlight),
      ...before.records.filter((r) => !counted.has(r.id) && !after.records.some((a) => a.id === r.id)),
    ];
    if (unsettled.length === 0) return { stock, awaiting: after.bySku };
    if (read >= STOCK_READS) {
      const settled = after.records.filter((r) => !r.inFlight);
      return { stock, awaiting: unitsBySku([...settled, ...unsettled]) };
    }
  }
}

async function writeBatch(
  admin: AdminGraphql,
  locationId: string,
  batch: StockTarget[],
  activate: boolean,
  held: () => Promise<Map<string, number>>,
) {
  for (let attempt = 0; ; attempt++) {
    // What Shopify still expects of the warehouse is read after the levels: a cancellation in
    // between takes a unit off `committed` only after it is known as held for nobody (errs low).
    let current = await readLevels(admin, locationId, batch);
    let plan = stockChanges(batch, current, await held());
    if (activate && plan.notStocked.length > 0) {
      const missing = batch.filter((target) => plan.notStocked.includes(target.sku));
      for (const target of missing) await activateLevel(admin, locationId, target);
      current = await readLevels(admin, locationId, batch);
      plan = stockChanges(batch, current, await held());
    }
    if (plan.changes.length === 0) return plan;
    const stale = await setLevels(admin, locationId, plan.changes);
    if (!stale) return plan;
    if (attempt >= 1) {
      throw new ShopifyAdminError({
        operation: "inventorySetQuantities",
        kind: "user",
        message: "levels kept changing while syncing stock",
        codes: ["CHANGE_FROM_QUANTITY_STALE"],
      });
    }
  }
}

/**
 * The units per SKU of the batch that the warehouse keeps for parts Shopify no longer expects at
 * the location (stock-plan.ts, unitsHeldForNobody), from Shopify's fulfilment orders as they are now.
 */
async function heldForNobody(
  admin: AdminGraphql,
  locationId: string,
  atWarehouse: readonly PartAtWarehouse[],
  batch: StockTarget[],
): Promise<Map<string, number>> {
  const skus = new Set(batch.map((target) => target.sku.trim()));
  const parts = atWarehouse.filter((part) => part.sent.some((line) => skus.has(line.identifier.trim())));
  if (parts.length === 0) return new Map();
  const expected = await unitsShopifyExpects(admin, {
    fulfillmentOrderGids: parts.map((part) => part.fulfillmentOrderGid),
    locationId,
  });
  return unitsHeldForNobody(parts, expected);
}

/**
 * The parts the warehouse has, or may have, an order for and whose units are still on its shelves
 * (stock sync's `unitsHeldForNobody`): every part with a service order — whatever the record's
 * status: followed, needing a person after it reached the warehouse, or marked handled — until the
 * service says it left (shipped or delivered, or a tracking number; short shipments aside: their
 * missing units are not there), and every part whose request may have reached it (being
 * submitted, outcome unknown). What was sent is the stored request's lines.
 */
async function partsAtWarehouse(db: PrismaClient, shop: string): Promise<PartAtWarehouse[]> {
  const rows = await db.$queryRaw<
    {
      fulfillmentOrderGid: string;
      request: Prisma.JsonValue;
      svcStatus: string | null;
      trackingNumber: string | null;
    }[]
  >`
    SELECT f."fulfillmentOrderGid", f.request, f."svcStatus", f."trackingNumber"
      FROM "Fulfillment" f
     WHERE f.shop = ${shop} AND f."fulfillmentOrderGid" IS NOT NULL AND f.request IS NOT NULL
       AND f."shippedAt" IS NULL AND f."missingLines" IS NULL
       AND (f."svcOrderId" IS NOT NULL OR f.status IN ('submitting', 'unknown_outcome'))`;
  return rows.flatMap((row) => {
    const left = readServiceOrder({ status: row.svcStatus, tracking: { number: row.trackingNumber } }).status;
    if (left === "shipped" || left === "delivered") return [];
    const sent = sentLinesOf(row.request);
    return sent.length > 0 ? [{ fulfillmentOrderGid: row.fulfillmentOrderGid, sent }] : [];
  });
}

function readLevels(admin: AdminGraphql, locationId: string, batch: StockTarget[]) {
  return readStockLevels(admin, { inventoryItemIds: batch.map((t) => t.inventoryItemId), locationId });
}

/** Sets the levels; true when Shopify refused because one changed since it was read. */
async function setLevels(admin: AdminGraphql, locationId: string, changes: StockChangePlan[]): Promise<boolean> {
  const outcome = await setAvailableLevels(admin, {
    // A new key per write: a retry after a stale read is a different write and must not be
    // answered with the first one's result.
    idempotencyKey: randomUUID(),
    input: {
      name: "available",
      reason: "correction",
      referenceDocumentUri: "app://svc/stock-sync",
      quantities: changes.map((c) => ({
        inventoryItemId: c.inventoryItemId,
        locationId,
        quantity: c.next,
        changeFromQuantity: c.previous,
      })),
    },
  });
  return outcome === "stale";
}

/** Stocks an item at the fulfilment service's location with the service's figure. */
async function activateLevel(admin: AdminGraphql, locationId: string, target: StockTarget): Promise<void> {
  await activateInventory(admin, {
    inventoryItemId: target.inventoryItemId,
    locationId,
    available: target.next,
    // One key per activation: a resent request stocks the item once.
    idempotencyKey: randomUUID(),
  });
}

/** Queues a sync of `shop` now (on demand) or at `runAt` (the schedule). */
export async function requestStockSync(
  db: PrismaClient,
  args: { shop: string; runAt: Date; onDemand: boolean },
): Promise<void> {
  const payload: StockJobPayload = { onDemand: args.onDemand };
  await enqueueJob(db, {
    queue: STOCK_QUEUE,
    key: args.shop,
    shop: args.shop,
    payload: { ...payload },
    runAt: args.runAt,
  });
}

/** Starts the schedule for a shop that switched stock sync on and has no sync queued or running. */
export async function ensureStockSchedule(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  const { settings } = await getShopSettings({ db, shop: args.shop });
  if (!settings.stock.enabled) return;
  if (await isJobActive(db, STOCK_QUEUE, args.shop)) return;
  await requestStockSync(db, { shop: args.shop, runAt: args.now, onDemand: false });
}

function toGid(type: string, id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id;
}
