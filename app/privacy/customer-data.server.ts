/**
 * customers/data_request: what the app holds about a customer, as an export the merchant sees and
 * downloads in the admin (Privacidad, /app/privacy) and hands over. The app holds a customer's
 * data only inside the fulfilment records of their orders: the destination sent to the service
 * (name, phone, address), the warnings read from it, the tracking and the status history.
 * Checkout quotes keep no personal data (docs/privacy.md). Each request is recorded as answered
 * when it arrives; exports are kept 30 days, Shopify's deadline for the merchant's answer.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import { submittedDestinationOf } from "../svc";

/** How long an export is kept after the request arrived. */
export const EXPORT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Pick<PrismaClient, "fulfillment" | "customerDataRequest" | "shop" | "unreadableWebhook">;

export interface CustomerDataExport {
  shop: string;
  customerId: string | null;
  ordersRequested: string[];
  generatedAt: string;
  orders: {
    shopifyOrderId: string;
    orderName: string;
    status: string;
    /** The destination as sent to the fulfilment service, or null if erased. */
    addressSentToService: unknown;
    addressWarnings: unknown;
    tracking: { number: string | null; company: string | null; url: string | null };
    serviceOrderId: string | null;
    createdAt: string;
    history: { at: string; status: string; detail: string | null }[];
  }[];
  /** Order notifications the app could not read and keeps whole (UnreadableWebhook), about these orders or this customer. */
  unreadableNotifications: { topic: string; receivedAt: string; reason: string; orderId: string | null; payload: string }[];
  quotes: string;
}

const NO_QUOTE_DATA =
  "Checkout quotes are logged without personal data (time, duration, outcome and services only); nothing to export.";

/** Builds the export for the requested orders of `shop`. */
async function buildCustomerDataExport(
  db: Db,
  args: { shop: string; customerId: string | null; orderIds: string[]; now: Date },
): Promise<CustomerDataExport> {
  const records = await db.fulfillment.findMany({
    where: { shop: args.shop, shopifyOrderId: { in: args.orderIds } },
    orderBy: [{ shopifyOrderId: "asc" }, { createdAt: "asc" }],
    include: { events: { orderBy: { at: "asc" } } },
  });
  // The same match as customers/redact (compliance.server.ts): it names one of the orders, or its
  // unparsed text mentions one of them or the customer.
  const mentions = [...args.orderIds, ...(args.customerId ? [args.customerId] : [])];
  const unreadable =
    mentions.length === 0
      ? []
      : await db.unreadableWebhook.findMany({
          where: {
            shop: args.shop,
            OR: [{ orderId: { in: args.orderIds } }, ...mentions.map((id) => ({ payload: { contains: id } }))],
          },
          orderBy: { receivedAt: "asc" },
        });
  return {
    shop: args.shop,
    customerId: args.customerId,
    ordersRequested: args.orderIds,
    generatedAt: args.now.toISOString(),
    orders: records.map((r) => ({
      shopifyOrderId: r.shopifyOrderId,
      orderName: r.orderName,
      status: r.status,
      addressSentToService: submittedDestinationOf(r.request),
      addressWarnings: r.warnings,
      tracking: { number: r.trackingNumber, company: r.trackingCompany, url: r.trackingUrl },
      serviceOrderId: r.svcOrderId,
      createdAt: r.createdAt.toISOString(),
      history: r.events.map((e) => ({ at: e.at.toISOString(), status: e.toStatus, detail: e.detail })),
    })),
    unreadableNotifications: unreadable.map((u) => ({
      topic: u.topic,
      receivedAt: u.receivedAt.toISOString(),
      reason: u.reason,
      orderId: u.orderId,
      payload: u.payload,
    })),
    quotes: NO_QUOTE_DATA,
  };
}

/** Answers a data request: builds its export and records it, answered now. */
export async function answerCustomerDataRequest(
  db: Db,
  args: { shop: string; customerId: string | null; dataRequestId: string | null; orderIds: string[]; now: Date },
) {
  // A shop the app holds nothing for (never installed, or already erased by shop/redact): there is
  // nothing to export, and no record can be kept for it.
  const known = await db.shop.findUnique({ where: { domain: args.shop }, select: { domain: true } });
  if (!known) return { id: null };
  const data = await buildCustomerDataExport(db, args);
  return db.customerDataRequest.create({
    data: {
      shop: args.shop,
      customerId: args.customerId,
      dataRequestId: args.dataRequestId,
      ordersRequested: args.orderIds,
      export: data as unknown as Prisma.InputJsonValue,
      receivedAt: args.now,
      answeredAt: args.now,
    },
    select: { id: true, export: false },
  });
}

/**
 * The shop's data requests, newest first, without those past their retention (only reads: the
 * retention job deletes them, app/maintenance/retention.server.ts).
 */
export async function listCustomerDataRequests(db: Db, args: { shop: string; now: Date }) {
  const rows = await db.customerDataRequest.findMany({
    where: { shop: args.shop, receivedAt: { gte: exportsExpireBefore(args.now) } },
    orderBy: { receivedAt: "desc" },
    select: {
      id: true,
      customerId: true,
      ordersRequested: true,
      receivedAt: true,
      answeredAt: true,
      downloadedAt: true,
      export: true,
    },
  });
  return rows.map(({ export: data, ...row }) => ({
    ...row,
    receivedAt: row.receivedAt.toISOString(),
    answeredAt: row.answeredAt.toISOString(),
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
    ordersFound: (data as unknown as CustomerDataExport).orders?.length ?? 0,
    expiresAt: new Date(row.receivedAt.getTime() + EXPORT_RETENTION_DAYS * DAY_MS).toISOString(),
  }));
}

/** One export of `shop` for download (null when not this shop's or expired); records the download. */
export async function downloadCustomerDataExport(db: Db, args: { shop: string; id: string; now: Date }) {
  await purgeExpiredExports(db, args.now);
  const row = await db.customerDataRequest.findFirst({ where: { id: args.id, shop: args.shop } });
  if (!row) return null;
  await db.customerDataRequest.update({ where: { id: row.id }, data: { downloadedAt: args.now } });
  return row.export as unknown as CustomerDataExport;
}

/** Deletes exports older than the retention period, whatever the shop. */
export async function purgeExpiredExports(db: Db, now: Date): Promise<number> {
  const { count } = await db.customerDataRequest.deleteMany({ where: { receivedAt: { lt: exportsExpireBefore(now) } } });
  return count;
}

/** Exports received before this are past their retention. */
function exportsExpireBefore(now: Date): Date {
  return new Date(now.getTime() - EXPORT_RETENTION_DAYS * DAY_MS);
}
