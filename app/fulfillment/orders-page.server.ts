/**
 * What the merchant's orders page shows: each fulfilment order's record and the counts per
 * status, the paid orders not read from Shopify yet, and when orders were last reconciled.
 */
import type { PrismaClient } from "@prisma/client";
import type { AddressWarning } from "../address";
import { FULFILLMENT_STATUSES, isFulfillmentStatus, type FulfillmentStatus } from "./status";

export interface FulfillmentRow {
  id: string;
  orderName: string;
  orderGid: string;
  status: FulfillmentStatus;
  reason: string | null;
  warnings: AddressWarning[];
  serviceCode: string | null;
  serviceCodeSource: string | null;
  svcOrderId: string | null;
  svcStatus: string | null;
  tracking: { number: string; company: string | null; url: string | null } | null;
  /** waiting: when it goes; null while it waits for Shopify to release a hold. */
  waitUntil: string | null;
  fulfillmentOrderGid: string | null;
  updatedAt: string;
}

/** A paid order the app follows whose fulfilment orders have not been read from Shopify yet. */
export interface ReceivedOrderRow {
  orderName: string;
  orderGid: string;
  receivedAt: string;
}

/** The shop's records, newest first, optionally of one status; with every status's count. */
export async function listFulfillments(
  db: PrismaClient,
  args: { shop: string; status?: string | null; take?: number },
): Promise<{
  rows: FulfillmentRow[];
  counts: Record<FulfillmentStatus, number>;
  received: ReceivedOrderRow[];
  reconciledAt: string | null;
}> {
  const status = args.status && isFulfillmentStatus(args.status) ? args.status : undefined;
  const [records, grouped, received, shop] = await Promise.all([
    db.fulfillment.findMany({
      where: { shop: args.shop, ...(status ? { status } : {}) },
      orderBy: { createdAt: "desc" },
      take: args.take ?? 100,
    }),
    db.fulfillment.groupBy({ by: ["status"], where: { shop: args.shop }, _count: { _all: true } }),
    db.shopifyOrder.findMany({
      where: { shop: args.shop, plannedAt: null },
      orderBy: { createdAt: "desc" },
      take: args.take ?? 100,
    }),
    db.shop.findUnique({ where: { domain: args.shop }, select: { ordersReconciledAt: true } }),
  ]);
  const counts = Object.fromEntries(FULFILLMENT_STATUSES.map((s) => [s, 0])) as Record<FulfillmentStatus, number>;
  for (const group of grouped) if (isFulfillmentStatus(group.status)) counts[group.status] = group._count._all;
  const rows = records.map((r) => ({
    id: r.id,
    orderName: r.orderName,
    orderGid: r.orderGid,
    status: isFulfillmentStatus(r.status) ? r.status : "needs_attention",
    reason: r.reason,
    warnings: Array.isArray(r.warnings) ? (r.warnings as unknown as AddressWarning[]) : [],
    serviceCode: r.serviceCode,
    serviceCodeSource: r.serviceCodeSource,
    svcOrderId: r.svcOrderId,
    svcStatus: r.svcStatus,
    tracking: r.trackingNumber ? { number: r.trackingNumber, company: r.trackingCompany, url: r.trackingUrl } : null,
    waitUntil: r.waitUntil?.toISOString() ?? null,
    fulfillmentOrderGid: r.fulfillmentOrderGid,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return {
    rows,
    counts,
    received: received.map((o) => ({
      orderName: o.orderName,
      orderGid: o.orderGid,
      receivedAt: o.createdAt.toISOString(),
    })),
    reconciledAt: shop?.ordersReconciledAt?.toISOString() ?? null,
  };
}
