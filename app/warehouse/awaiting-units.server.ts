/**
 * Units sold in Shopify but not yet at the warehouse, per SKU: the shipping lines of the shop's
 * paid orders that have not reached the service yet. The warehouse's figures do not count them,
 * so Shopify's level is expected to be that much lower than the warehouse's.
 *
 * Stand-in for `unitsAwaitingWarehouse` (app/fulfillment/, the oversell fix of issue 29): the one
 * function the «Almacén» page calls for this figure, to be swapped for it once merged.
 */
import type { PrismaClient } from "@prisma/client";
import { readStoredRequest } from "../fulfillment/records.server";

/** Statuses whose order has not reached the service. */
const BEFORE_THE_SERVICE = ["waiting", "pending", "submitting", "needs_attention", "unknown_outcome"];

export async function unitsAwaitingWarehouseBySku(db: PrismaClient, shop: string): Promise<Map<string, number>> {
  const records = await db.fulfillment.findMany({
    where: { shop, status: { in: BEFORE_THE_SERVICE }, svcOrderId: null },
    select: { request: true },
  });
  const bySku = new Map<string, number>();
  for (const record of records) {
    for (const line of readStoredRequest(record.request)?.order.line_items ?? []) {
      const sku = line.sku?.trim();
      if (!sku || !line.requires_shipping || line.quantity <= 0) continue;
      bySku.set(sku, (bySku.get(sku) ?? 0) + line.quantity);
    }
  }
  return bySku;
}
