/**
 * Orders waiting for stock (awaiting_stock): refused by the service for lack of stock, they wait
 * naming what the warehouse lacks and go again by themselves when a stock read shows enough.
 * The stock job calls releaseCoveredOrders after each read, so they are retried no more often
 * than the stock schedule. Each release is the record's compare-and-set (awaiting_stock →
 * pending, which wakes the order's job, whose claim pending → submitting is another one): two
 * reads, or a read and the merchant's «send», racing for one order move it once and send it once.
 */
import type { Fulfillment, PrismaClient } from "@prisma/client";
import { reason, reasonColumns } from "../core/reason-codes";
import { readStoredRequest, transition } from "../records/records.server";
import { coveredByStock, missingUnits, type WaitingOrder } from "../core/awaiting-stock";
import { describeUnits, type SkuUnits } from "../core/service-status";
import { readMissingLines } from "../core/short-shipment";

/** The warehouse's available units per SKU at the last stock read (the Almacén snapshot). */
async function lastReadAvailable(db: PrismaClient, shop: string, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db.warehouseStock.findMany({
    where: { shop, sku: { in: skus } },
    select: { sku: true, available: true },
  });
  return new Map(rows.map((row) => [row.sku, row.available]));
}

/** The reason of an order the service refused for stock: the units the last stock read lacks. */
export async function awaitingStockReason(
  db: PrismaClient,
  args: { shop: string; lines: readonly SkuUnits[]; product?: string; said: string },
) {
  const available = await lastReadAvailable(
    db,
    args.shop,
    args.lines.map((line) => line.sku.trim()),
  );
  const missing = missingUnits(args.lines, available, args.product);
  return reason("awaitingStock", { missing: describeUnits(missing), said: args.said });
}

/** The units the record expects to send; the lines it sent when it holds none (an older row). */
function unitsOf(record: Pick<Fulfillment, "units" | "request">): SkuUnits[] {
  const units = readMissingLines(record.units);
  if (units.length > 0) return units;
  const sent = readStoredRequest(record.request)?.sent?.lines ?? [];
  return sent.map((line) => ({ sku: line.identifier, quantity: line.quantity }));
}

/**
 * After a stock read: every waiting order of `shop` the read covers (oldest first, each taking its
 * units) goes back to pending and its order's job sends it. Returns how many were released.
 */
export async function releaseCoveredOrders(deps: { db: PrismaClient; now: () => Date }, shop: string): Promise<number> {
  const waiting = await deps.db.fulfillment.findMany({
    where: { shop, status: "awaiting_stock", svcOrderId: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (waiting.length === 0) return 0;
  const orders: WaitingOrder[] = waiting.map((record) => ({ id: record.id, units: unitsOf(record) }));
  const skus = [...new Set(orders.flatMap((order) => order.units.map((line) => line.sku.trim())))];
  const available = await lastReadAvailable(deps.db, shop, skus);
  let released = 0;
  for (const order of coveredByStock(orders, available)) {
    const record = waiting.find((r) => r.id === order.id)!;
    const arrived = reason("stockArrived", { products: describeUnits(order.units) });
    const moved = await transition(deps.db, {
      id: record.id,
      record,
      from: "awaiting_stock",
      to: "pending",
      now: deps.now(),
      data: { ...reasonColumns(null), submitAttempts: 0 },
      detail: arrived,
    });
    if (moved) released += 1;
  }
  return released;
}
