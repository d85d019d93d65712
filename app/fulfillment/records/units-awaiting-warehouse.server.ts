/**
 * Units paid for in Shopify that have not reached the warehouse yet (issue 29, defect 1): the
 * service's `disponibles` does not know of them, Shopify already took them off `available`, so a
 * stock sync that wrote `disponibles` as it is would sell them a second time.
 *
 * A fulfilment record's units are counted while the service has no order for them: records
 * waiting (the hold-back delay, a hold, a schedule, the app's own address hold, a fulfilment
 * request still to come), pending, being submitted, waiting for stock (refused for it), needing a person before submission, or whose
 * submission's outcome is not known (counted: if the order does exist, Shopify shows fewer units
 * until a person confirms it, never more). A short shipment waiting for the merchant's choice
 * counts the units the warehouse did not ship. Records with a service order (submitted and later,
 * or needing a person after submission) and skipped ones count nothing.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { readMissingLines } from "../core/short-shipment";
import type { SkuUnits } from "../core/service-status";
import { unitsToFulfil } from "../core/stock-plan";

/** Statuses in which a record without a service order still expects to send its units. */
const BEFORE_WAREHOUSE = [
  "waiting",
  "pending",
  "submitting",
  "awaiting_stock",
  "needs_attention",
  "unknown_outcome",
] as const;

/** One record whose units are not at the warehouse yet. */
export interface AwaitingRecord {
  id: string;
  /** True while its request to the service is in flight (submitting): the service may or may not count it yet. */
  inFlight: boolean;
  units: SkuUnits[];
}

export interface UnitsAwaitingWarehouse {
  /** Units per SKU (trimmed). */
  bySku: ReadonlyMap<string, number>;
  /**
   * Units per inventory item gid (gid://shopify/InventoryItem/…) of every catalogue variant that
   * carries one of those SKUs: the warehouse keeps one stock per SKU, so each item carrying the
   * SKU shows the SKU's figure.
   */
  byInventoryItem: ReadonlyMap<string, number>;
  /** The records counted, for a caller that must compare two reads (stock sync). */
  records: readonly AwaitingRecord[];
}

/**
 * The units of `shop` paid for in Shopify and not yet at the warehouse, per SKU and per inventory
 * item. Read in one statement (one snapshot): the fulfilment records before the warehouse, and the
 * paid orders whose job has not written its records' units yet (their payload's units; the job's
 * write empties them in the same statement), so an order's units are counted in exactly one place.
 */
export async function unitsAwaitingWarehouse(db: PrismaClient, shop: string): Promise<UnitsAwaitingWarehouse> {
  const rows = await db.$queryRaw<{ id: string; inFlight: boolean; units: unknown }[]>`
    SELECT f.id::text AS id, f.status = 'submitting' AS "inFlight",
           CASE WHEN f."svcOrderId" IS NULL THEN f.units ELSE f."missingLines" END AS units
      FROM "Fulfillment" f
     WHERE f.shop = ${shop}
       AND ((f.status IN (${Prisma.join([...BEFORE_WAREHOUSE])}) AND f."svcOrderId" IS NULL)
            OR (f.status = 'needs_attention' AND f."svcOrderId" IS NOT NULL AND f."missingLines" IS NOT NULL))
    UNION ALL
    SELECT 'order:' || o."shopifyOrderId", false, o.units
      FROM "ShopifyOrder" o
     WHERE o.shop = ${shop} AND o.units IS NOT NULL`;
  const records = rows
    .map((row) => ({ id: row.id, inFlight: row.inFlight, units: readMissingLines(row.units) }))
    .filter((record) => record.units.length > 0 || record.inFlight);
  const bySku = unitsBySku(records);
  return { bySku, byInventoryItem: await perInventoryItem(db, shop, bySku), records };
}

/** An orders/paid payload's units per SKU: the lines that need shipping (lines without a SKU are left out). */
export function paidUnits(
  lines: readonly { sku: string | null; quantity: number; requires_shipping: boolean }[],
): SkuUnits[] {
  return unitsToFulfil(
    lines.map((line) => ({
      sku: line.sku,
      remainingQuantity: line.quantity,
      requiresShipping: line.requires_shipping,
    })),
  );
}

/** Units per SKU of the given records. */
export function unitsBySku(records: readonly Pick<AwaitingRecord, "units">[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const record of records) {
    for (const line of record.units) {
      const sku = line.sku.trim();
      if (sku) totals.set(sku, (totals.get(sku) ?? 0) + line.quantity);
    }
  }
  return totals;
}

async function perInventoryItem(
  db: PrismaClient,
  shop: string,
  bySku: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (bySku.size === 0) return result;
  const variants = await db.catalogVariant.findMany({
    where: { shop, sku: { in: [...bySku.keys()] }, inventoryItemId: { not: null }, deletedAt: null },
    select: { sku: true, inventoryItemId: true },
  });
  for (const variant of variants) {
    const units = bySku.get(variant.sku!.trim());
    if (units === undefined) continue;
    result.set(inventoryItemGid(variant.inventoryItemId!), units);
  }
  return result;
}

function inventoryItemGid(id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/InventoryItem/${id}` : id;
}

/**
 * Keeps each record's `units` as the order's job just read its fulfilment order and empties the
 * order's payload units, in one statement (so stock sync counts the order's units in the records
 * or in the order, never both, never neither) that writes only what changed. A record whose
 * fulfilment order Shopify no longer lists keeps its last figure (its status says whether it still
 * counts).
 */
export async function recordUnitsToFulfil(
  db: PrismaClient,
  order: { shop: string; shopifyOrderId: string; units?: unknown },
  records: readonly { id: string; fulfillmentOrderGid: string | null; units?: unknown }[],
  fulfillmentOrders: readonly {
    id: string;
    lines: readonly { sku: string | null; remainingQuantity: number; requiresShipping: boolean }[];
  }[],
): Promise<void> {
  const byGid = new Map(fulfillmentOrders.map((fo) => [fo.id, fo]));
  const ids: string[] = [];
  const values: string[] = [];
  for (const record of records) {
    const fo = record.fulfillmentOrderGid ? byGid.get(record.fulfillmentOrderGid) : undefined;
    if (!fo) continue;
    const units = JSON.stringify(unitsToFulfil(fo.lines));
    if (JSON.stringify(record.units ?? null) === units) continue;
    ids.push(record.id);
    values.push(units);
  }
  if (ids.length === 0 && (order.units ?? null) === null) return;
  await db.$executeRaw`
    WITH record AS (
      UPDATE "Fulfillment" AS f SET units = v.units
        FROM unnest(${ids}::uuid[], ${values}::jsonb[]) AS v(id, units)
       WHERE f.id = v.id AND f.units IS DISTINCT FROM v.units
    )
    UPDATE "ShopifyOrder" SET units = NULL
     WHERE shop = ${order.shop} AND "shopifyOrderId" = ${order.shopifyOrderId} AND units IS NOT NULL`;
}

/** The order's job found the order gone from Shopify: its payload's units are not held back any longer. */
export async function forgetPaidUnits(
  db: PrismaClient,
  order: { shop: string; shopifyOrderId: string },
): Promise<void> {
  await db.shopifyOrder.updateMany({
    where: { shop: order.shop, shopifyOrderId: order.shopifyOrderId, units: { not: Prisma.AnyNull } },
    data: { units: Prisma.DbNull },
  });
}
