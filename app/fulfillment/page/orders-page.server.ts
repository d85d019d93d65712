/**
 * What the merchant's orders page shows: each fulfilment order's record and the counts per
 * status, the paid orders not read from Shopify yet, and when orders were last reconciled.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { foldedContains } from "~/text/folded-search.server";
import type { AddressWarning } from "../../address";
import { problemOfReason, whatsappLinkOfRecord } from "../core/address-hold";
import { readStoredRequest } from "../records/records.server";
import { storedReason, timelineKind, type ReasonMessage, type TimelineKind } from "../core/reason-codes";
import type { SkuUnits } from "../core/service-status";
import { isAwaitingShortChoice, readMissingLines } from "../core/short-shipment";
import { orderFactsOf, ORDER_FACTS_SELECT, type KeptOrder, type OrderFacts } from "./order-facts.server";
import { productNames, skusOf, withProductNames } from "./product-names.server";
import { SENT_FILTER } from "./orders-query";
import { FULFILLMENT_STATUSES, isFulfillmentStatus, type FulfillmentStatus } from "../core/status";

/** One step of a record's history, oldest first: what happened and, when known, in words to translate. */
export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  from: string | null;
  to: string;
  /** As the engine wrote it (English; shown when no code is known). */
  detail: string | null;
  message: ReasonMessage | null;
}

export interface FulfillmentRow {
  id: string;
  orderName: string;
  orderGid: string;
  status: FulfillmentStatus;
  reason: string | null;
  /** The reason as a code and parameters for the merchant's language; null: show `reason` as written. */
  reasonMessage: ReasonMessage | null;
  warnings: AddressWarning[];
  serviceCode: string | null;
  serviceCodeSource: string | null;
  svcOrderId: string | null;
  svcStatus: string | null;
  tracking: { number: string; company: string | null; url: string | null } | null;
  /** waiting: when it goes; null while it waits for Shopify to release a hold. */
  waitUntil: string | null;
  fulfillmentOrderGid: string | null;
  /** Shipped short: the units the warehouse did not ship (empty when it shipped everything). */
  missingLines: SkuUnits[];
  /** Shipped short and waiting for the merchant: send the rest as a new order, or leave it for a refund. */
  shortChoice: boolean;
  /** Held by the app for its address: the merchant may send it as it stands. */
  addressHeld: boolean;
  /** Held for its address: a wa.me link asking the buyer for the missing detail (null without a usable phone). */
  whatsappUrl: string | null;
  updatedAt: string;
  /** When Shopify's orders/paid webhook for the order reached the app (null: found by reconciliation). */
  receivedAt: string | null;
  timeline: TimelineEntry[];
  /** Date, buyer's city, items and total: what the merchant recognises the order by. */
  facts: OrderFacts;
}

/** A paid order the app follows whose fulfilment orders have not been read from Shopify yet. */
export interface ReceivedOrderRow {
  orderName: string;
  orderGid: string;
  receivedAt: string;
}

/** Events per record on the page (a record moving for weeks keeps its last ones). */
const TIMELINE_LIMIT = 50;

/** The order name a search means: "#1001", "1001" and " #1001 " all find #1001. */
function orderNameSearch(q: string | null | undefined): string | undefined {
  const text = (q ?? "").trim().replace(/^#+/, "").trim();
  return text || undefined;
}

/**
 * How many of the shop's records are in each status: Pedidos' filter counts and Inicio's figures
 * both come from here, so «requieren atención (N)» reads the same on both pages (an order cancelled
 * in Shopify whose record needs attention is counted alike on both, and listed under the filter).
 */
async function fulfillmentCounts(
  db: PrismaClient,
  shop: string,
): Promise<Record<FulfillmentStatus | typeof SENT_FILTER, number>> {
  const [grouped, sent] = await Promise.all([
    db.fulfillment.groupBy({ by: ["status"], where: { shop }, _count: { _all: true } }),
    db.fulfillment.count({ where: SENT_WHERE(shop) }),
  ]);
  const counts = Object.fromEntries([...FULFILLMENT_STATUSES.map((s) => [s, 0]), [SENT_FILTER, sent]]) as Record<
    FulfillmentStatus | typeof SENT_FILTER,
    number
  >;
  for (const group of grouped) if (isFulfillmentStatus(group.status)) counts[group.status] = group._count._all;
  return counts;
}

/** The «sent» filter: records the service took (it gave them its order id). */
const SENT_WHERE = (shop: string) => ({ shop, svcOrderId: { not: null } });

/**
 * Which of the shop's records the filter (a status, or «sent») and the search select, and which
 * orders not yet read from Shopify the search names (null: no search). The page and its CSV
 * (orders-csv.server.ts) select alike through here.
 */
export async function recordsWhere(
  db: PrismaClient,
  args: { shop: string; status?: string | null; q?: string | null },
): Promise<{ where: Prisma.FulfillmentWhereInput; namedOrders: { id: string }[] | null }> {
  const status = args.status && isFulfillmentStatus(args.status) ? args.status : undefined;
  const sentOnly = args.status === SENT_FILTER;
  const name = orderNameSearch(args.q);
  // Case and accents aside, as Catálogo's search.
  const [namedRecords, namedOrders] = name
    ? await Promise.all([
        db.$queryRaw<{ id: string }[]>(
          // The order's name, its tracking number or the service's order id: whichever the merchant
          // has at hand (a buyer's message quotes the tracking, the service's support its order id).
          Prisma.sql`SELECT id::text AS id FROM "Fulfillment" WHERE shop = ${args.shop} AND (${foldedContains(Prisma.sql`"orderName"`, name)} OR ${foldedContains(Prisma.sql`"trackingNumber"`, name)} OR ${foldedContains(Prisma.sql`"svcOrderId"`, name)})`,
        ),
        db.$queryRaw<{ id: string }[]>(
          Prisma.sql`SELECT "shopifyOrderId" AS id FROM "ShopifyOrder" WHERE shop = ${args.shop} AND ${foldedContains(Prisma.sql`"orderName"`, name)}`,
        ),
      ])
    : [null, null];
  const where = {
    shop: args.shop,
    ...(status ? { status } : {}),
    ...(sentOnly ? SENT_WHERE(args.shop) : {}),
    ...(namedRecords ? { id: { in: namedRecords.map((r) => r.id) } } : {}),
  };
  return { where, namedOrders };
}

/** The kept orders (date, total) of `records`, by Shopify order id. */
export async function keptOrders(
  db: PrismaClient,
  shop: string,
  records: readonly { shopifyOrderId: string }[],
): Promise<Map<string, KeptOrder>> {
  const orders = await db.shopifyOrder.findMany({
    where: { shop, shopifyOrderId: { in: [...new Set(records.map((r) => r.shopifyOrderId))] } },
    select: ORDER_FACTS_SELECT,
  });
  return new Map(orders.map((o) => [o.shopifyOrderId, o]));
}

/**
 * The shop's records, newest first, optionally of one status and whose order name contains the
 * search; with every status's count (over all the shop's records) and each record's timeline.
 */
export async function listFulfillments(
  db: PrismaClient,
  args: { shop: string; status?: string | null; q?: string | null; take?: number; page?: number },
): Promise<{
  rows: FulfillmentRow[];
  /** Records matching the status and search, across pages. */
  matching: number;
  counts: Record<FulfillmentStatus | typeof SENT_FILTER, number>;
  received: ReceivedOrderRow[];
  reconciledAt: string | null;
}> {
  const take = args.take ?? 100;
  const { where, namedOrders } = await recordsWhere(db, args);
  const [records, matching, counts, received, shop] = await Promise.all([
    db.fulfillment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: ((args.page ?? 1) - 1) * take,
      take,
      include: { events: { orderBy: [{ at: "desc" }, { id: "desc" }], take: TIMELINE_LIMIT } },
    }),
    db.fulfillment.count({ where }),
    fulfillmentCounts(db, args.shop),
    db.shopifyOrder.findMany({
      where: {
        shop: args.shop,
        plannedAt: null,
        ...(namedOrders ? { shopifyOrderId: { in: namedOrders.map((r) => r.id) } } : {}),
      },
      orderBy: { createdAt: "desc" },
      take: args.take ?? 100,
    }),
    db.shop.findUnique({ where: { domain: args.shop }, select: { ordersReconciledAt: true } }),
  ]);
  const paid = await keptOrders(db, args.shop, records);
  const paidAt = new Map([...paid].map(([id, o]) => [id, o.createdAt.toISOString()]));
  const rows = records.map((r): FulfillmentRow => {
    const reasonMessage = storedReason(r.reasonCode, r.reasonParams);
    return {
      id: r.id,
      orderName: r.orderName,
      orderGid: r.orderGid,
      status: isFulfillmentStatus(r.status) ? r.status : "needs_attention",
      reason: r.reason,
      reasonMessage,
      warnings: Array.isArray(r.warnings) ? (r.warnings as unknown as AddressWarning[]) : [],
      serviceCode: r.serviceCode,
      serviceCodeSource: r.serviceCodeSource,
      svcOrderId: r.svcOrderId,
      svcStatus: r.svcStatus,
      tracking: r.trackingNumber ? { number: r.trackingNumber, company: r.trackingCompany, url: r.trackingUrl } : null,
      waitUntil: r.waitUntil?.toISOString() ?? null,
      fulfillmentOrderGid: r.fulfillmentOrderGid,
      missingLines: readMissingLines(r.missingLines),
      shortChoice: isAwaitingShortChoice(r),
      addressHeld: r.status === "waiting" && problemOfReason(reasonMessage) !== null,
      whatsappUrl: whatsappLinkOfRecord({
        reason: reasonMessage,
        orderName: r.orderName,
        phone: buyerPhone(r.request),
      }),
      updatedAt: r.updatedAt.toISOString(),
      receivedAt: paidAt.get(r.shopifyOrderId) ?? null,
      timeline: timelineOf(r.events, paidAt.get(r.shopifyOrderId) ?? null),
      facts: orderFactsOf(r.request, paid.get(r.shopifyOrderId)),
    };
  });
  return {
    rows: await withNamedProducts(db, args.shop, rows, records),
    matching,
    counts,
    received: received.map((o) => ({
      orderName: o.orderName,
      orderGid: o.orderGid,
      receivedAt: o.createdAt.toISOString(),
    })),
    reconciledAt: shop?.ordersReconciledAt?.toISOString() ?? null,
  };
}

/** The rows with the SKUs of their reasons and timelines named as the merchant knows the products. */
async function withNamedProducts(
  db: PrismaClient,
  shop: string,
  rows: FulfillmentRow[],
  records: readonly { request: Prisma.JsonValue | null }[],
): Promise<FulfillmentRow[]> {
  const skus = rows.flatMap((row) => [
    ...skusOf(row.reasonMessage),
    ...row.timeline.flatMap((entry) => skusOf(entry.message)),
  ]);
  if (skus.length === 0) return rows;
  const lines = records.flatMap((r) => readStoredRequest(r.request)?.order.line_items ?? []);
  const names = await productNames(db, shop, skus, lines);
  return rows.map((row) => ({
    ...row,
    reasonMessage: withProductNames(row.reasonMessage, names),
    timeline: row.timeline.map((entry) => ({ ...entry, message: withProductNames(entry.message, names) })),
  }));
}

function timelineOf(
  events: {
    at: Date;
    fromStatus: string | null;
    toStatus: string;
    detail: string | null;
    detailCode: string | null;
    detailParams: unknown;
  }[],
  receivedAt: string | null,
): TimelineEntry[] {
  const entries: TimelineEntry[] = events.reverse().map((e) => {
    const message = storedReason(e.detailCode, e.detailParams);
    return {
      at: e.at.toISOString(),
      kind: timelineKind(e.toStatus, message?.code ?? null),
      from: e.fromStatus,
      to: e.toStatus,
      detail: e.detail,
      message,
    };
  });
  // The webhook that made the app follow the order comes first (unless already an event).
  if (receivedAt && !entries.some((e) => e.kind === "webhook")) {
    entries.unshift({
      at: receivedAt,
      kind: "webhook",
      from: null,
      to: entries[0]?.from ?? entries[0]?.to ?? "pending",
      detail: "orders/paid received",
      message: { code: "received", params: {} },
    });
  }
  return entries;
}

/** The buyer's phone in the order stored on the record (its shipping address). */
export function buyerPhone(request: Prisma.JsonValue | null): string | null {
  const order = readStoredRequest(request)?.order;
  return order?.shipping_address?.phone || null;
}
