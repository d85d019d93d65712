/** What the merchant's orders page shows: each fulfilment record and the counts per status. */
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
  updatedAt: string;
}

/** The shop's records, newest first, optionally of one status; with every status's count. */
export async function listFulfillments(
  db: PrismaClient,
  args: { shop: string; status?: string | null; take?: number },
): Promise<{ rows: FulfillmentRow[]; counts: Record<FulfillmentStatus, number> }> {
  const status = args.status && isFulfillmentStatus(args.status) ? args.status : undefined;
  const [records, grouped] = await Promise.all([
    db.fulfillment.findMany({
      where: { shop: args.shop, ...(status ? { status } : {}) },
      orderBy: { createdAt: "desc" },
      take: args.take ?? 100,
    }),
    db.fulfillment.groupBy({ by: ["status"], where: { shop: args.shop }, _count: { _all: true } }),
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
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { rows, counts };
}
