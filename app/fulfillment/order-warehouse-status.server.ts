/**
 * What the warehouse is doing with one Shopify order, for the order-page extensions: each
 * fulfilment record of the order with its timeline, tracking and warnings, and whether the
 * merchant may push the order to the warehouse now. Only the given shop's records are read.
 */
import type { PrismaClient } from "@prisma/client";
import type { AddressWarning } from "../address";
import { isFulfillmentStatus, RETRYABLE_BY_MERCHANT } from "./status";

export interface OrderWarehouseStatus {
  order: { id: string; name: string | null };
  connected: boolean;
  records: Array<{
    id: string;
    fulfillmentOrderGid: string | null;
    status: string;
    reason: string | null;
    svcOrderId: string | null;
    svcStatus: string | null;
    serviceCode: string | null;
    tracking: Array<{ number: string; company: string | null; url: string | null }>;
    warnings: AddressWarning[];
    timeline: Array<{ at: string; from: string | null; to: string; detail: string | null }>;
    sendAfter: string | null;
  }>;
  push: { allowed: boolean; reason: string | null };
  ordersPagePath: string;
}

/** The order's records at the shop (none when the order never reached the app). `orderName` reads its name from Shopify. */
export async function orderWarehouseStatus(
  db: PrismaClient,
  args: { shop: string; orderGid: string; connected: boolean; orderName?: () => Promise<string | null> },
): Promise<OrderWarehouseStatus> {
  const records = await db.fulfillment.findMany({
    where: { shop: args.shop, orderGid: args.orderGid },
    orderBy: { createdAt: "asc" },
    include: { events: { orderBy: { at: "asc" }, take: 50 } },
  });
  // An order the app never saw is named as Shopify names it (best effort: the id otherwise).
  const name = records[0]?.orderName ?? (args.orderName ? await args.orderName().catch(() => null) : null);
  return {
    order: { id: args.orderGid, name },
    connected: args.connected,
    records: records.map((r) => ({
      id: r.id,
      fulfillmentOrderGid: null,
      status: r.status,
      reason: r.reason,
      svcOrderId: r.svcOrderId,
      svcStatus: r.svcStatus,
      serviceCode: r.serviceCode,
      tracking: r.trackingNumber ? [{ number: r.trackingNumber, company: r.trackingCompany, url: r.trackingUrl }] : [],
      warnings: Array.isArray(r.warnings) ? (r.warnings as unknown as AddressWarning[]) : [],
      timeline: r.events.map((e) => ({ at: e.at.toISOString(), from: e.fromStatus, to: e.toStatus, detail: e.detail })),
      sendAfter: null,
    })),
    push: pushability(
      records.map((r) => r.status),
      args.connected,
    ),
    ordersPagePath: name ? `/app/orders?q=${encodeURIComponent(name)}` : "/app/orders",
  };
}

/** A push makes sense when nothing of the order is at the service or on its way there. */
function pushability(statuses: string[], connected: boolean): { allowed: boolean; reason: string | null } {
  if (!connected) return { allowed: false, reason: "the shop is not connected to the service" };
  if (statuses.length === 0) return { allowed: true, reason: null };
  const open = statuses.filter((s) => !(isFulfillmentStatus(s) && RETRYABLE_BY_MERCHANT.includes(s)));
  if (open.length === 0) return { allowed: true, reason: null };
  return { allowed: false, reason: "the order is already with the warehouse or on its way there" };
}
