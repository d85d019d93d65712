/**
 * What the warehouse is doing with one Shopify order, for the order-page extensions: each
 * fulfilment order's record with its timeline, tracking numbers and warnings, and whether the
 * merchant may push the order to the warehouse now. Only the given shop's records are read.
 */
import type { PrismaClient } from "@prisma/client";
import type { AddressWarning } from "../../address";
import { whatsappLinkOfRecord } from "../core/address-hold";
import { buyerPhone } from "./orders-page.server";
import { storedReason, type ReasonMessage } from "../core/reason-codes";
import { trackingNumbers } from "../core/service-status";
import { isFulfillmentStatus, RETRYABLE_BY_MERCHANT } from "../core/status";

export interface OrderWarehouseStatus {
  order: { id: string; name: string | null };
  connected: boolean;
  /** The app follows the order (orders/paid or reconciliation brought it) but has not read it yet. */
  queued: boolean;
  records: Array<{
    id: string;
    fulfillmentOrderGid: string | null;
    status: string;
    reason: string | null;
    /** The reason as a code for the merchant's language (extensions' locales `reasons.<code>`); null: as written. */
    reasonMessage: ReasonMessage | null;
    svcOrderId: string | null;
    svcStatus: string | null;
    serviceCode: string | null;
    tracking: Array<{ number: string; company: string | null; url: string | null }>;
    warnings: AddressWarning[];
    timeline: Array<{
      at: string;
      from: string | null;
      to: string;
      detail: string | null;
      message: ReasonMessage | null;
    }>;
    sendAfter: string | null;
    /** Held by the app for its address: a wa.me link asking the buyer for the missing detail (null without a usable phone). */
    whatsappUrl: string | null;
  }>;
  push: { allowed: boolean; reason: string | null };
  ordersPagePath: string;
}

/** At most this many history entries per fulfilment order (the newest). */
const TIMELINE_LIMIT = 50;

/** The order's records at the shop. `orderName` reads the name from Shopify for an order the app never saw. */
export async function orderWarehouseStatus(
  db: PrismaClient,
  args: { shop: string; orderGid: string; connected: boolean; orderName?: () => Promise<string | null> },
): Promise<OrderWarehouseStatus> {
  const [records, followed] = await Promise.all([
    db.fulfillment.findMany({
      where: { shop: args.shop, orderGid: args.orderGid },
      // In the order of the fulfilment orders (records of one order are created together).
      orderBy: [{ createdAt: "asc" }, { fulfillmentOrderGid: "asc" }],
      include: { events: { orderBy: { at: "desc" }, take: TIMELINE_LIMIT } },
    }),
    db.shopifyOrder.findFirst({ where: { shop: args.shop, orderGid: args.orderGid }, select: { orderName: true } }),
  ]);
  const name =
    records[0]?.orderName ?? followed?.orderName ?? (args.orderName ? await args.orderName().catch(() => null) : null);
  return {
    order: { id: args.orderGid, name },
    connected: args.connected,
    queued: records.length === 0 && followed !== null,
    records: records.map((r) => ({
      id: r.id,
      fulfillmentOrderGid: r.fulfillmentOrderGid,
      status: r.status,
      reason: r.reason,
      reasonMessage: storedReason(r.reasonCode, r.reasonParams),
      whatsappUrl: whatsappLinkOfRecord({
        reason: storedReason(r.reasonCode, r.reasonParams),
        orderName: r.orderName,
        phone: buyerPhone(r.request),
      }),
      svcOrderId: r.svcOrderId,
      svcStatus: r.svcStatus,
      serviceCode: r.serviceCode,
      tracking: trackingOf(r),
      warnings: Array.isArray(r.warnings) ? (r.warnings as unknown as AddressWarning[]) : [],
      timeline: r.events.map((e) => ({
        at: e.at.toISOString(),
        from: e.fromStatus,
        to: e.toStatus,
        detail: e.detail,
        message: storedReason(e.detailCode, e.detailParams),
      })),
      sendAfter: r.status === "waiting" && r.waitUntil ? r.waitUntil.toISOString() : null,
    })),
    push: pushability(
      records.map((r) => r.status),
      args.connected,
    ),
    ordersPagePath: name ? `/app/orders?q=${encodeURIComponent(name)}` : "/app/orders",
  };
}

/** Several packages come as several numbers in one field; the service's URL goes with the number it names. */
function trackingOf(r: { trackingNumber: string | null; trackingCompany: string | null; trackingUrl: string | null }) {
  if (!r.trackingNumber) return [];
  const numbers = trackingNumbers({ number: r.trackingNumber, company: r.trackingCompany, url: r.trackingUrl });
  return numbers.map((number) => ({
    number,
    company: r.trackingCompany,
    url: numbers.length === 1 || r.trackingUrl?.includes(number) ? r.trackingUrl : null,
  }));
}

/** A push makes sense when nothing of the order reached the app, or some part waits on the merchant. */
function pushability(statuses: string[], connected: boolean): { allowed: boolean; reason: string | null } {
  if (!connected) return { allowed: false, reason: "the shop is not connected to the service" };
  if (statuses.length === 0) return { allowed: true, reason: null };
  if (statuses.some((s) => isFulfillmentStatus(s) && RETRYABLE_BY_MERCHANT.includes(s)))
    return { allowed: true, reason: null };
  return {
    allowed: false,
    reason: "every part of the order is already with the warehouse, on its way there or waiting",
  };
}

/** Whether `recordId` is one of this order's records at the shop (an id from another order is not). */
export async function isRecordOfOrder(
  db: Pick<PrismaClient, "fulfillment">,
  args: { shop: string; orderGid: string; recordId: string },
): Promise<boolean> {
  const owned = await db.fulfillment.findFirst({
    where: { id: args.recordId, shop: args.shop, orderGid: args.orderGid },
    select: { id: true },
  });
  return owned !== null;
}
