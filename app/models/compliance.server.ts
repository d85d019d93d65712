// Shopify's mandatory privacy webhooks. What we hold about a customer is the destination of their
// orders inside fulfilment records (and the warnings derived from it), and the exports made for
// their data requests (app/models/customer-data.server.ts, docs/privacy.md).
import type { PrismaClient } from "@prisma/client";
import { deleteShopJobs } from "../jobs/queue.server";

type Db = Pick<
  PrismaClient,
  | "$transaction"
  | "$executeRaw"
  | "fulfillment"
  | "checkoutReadiness"
  | "shop"
  | "session"
  | "webhookDelivery"
  | "job"
  | "customerDataRequest"
  | "unreadableWebhook"
  | "redactedShop"
  | "adminApiBudget"
>;

/**
 * Erases the customer's personal data from the fulfilment records of the given orders, and the
 * exports made for the customer's data requests (by customer id, or naming one of those orders).
 */
export async function redactCustomer({
  db,
  shop,
  orderIds,
  customerId = null,
}: {
  db: Db;
  shop: string;
  orderIds: string[];
  customerId?: string | null;
}) {
  const [{ count }] = await db.$transaction([
    db.fulfillment.updateMany({
      where: { shop, shopifyOrderId: { in: orderIds } },
      data: { request: { redacted: true }, warnings: [] },
    }),
    db.customerDataRequest.deleteMany({
      where: {
        shop,
        OR: [{ ordersRequested: { hasSome: orderIds } }, ...(customerId ? [{ customerId }] : [])],
      },
    }),
    // Unreadable order webhooks keep their raw payload: those naming one of the orders go, and so
    // does any whose text mentions one of the orders or the customer (it could not be parsed, so
    // it may not name them where expected).
    db.unreadableWebhook.deleteMany({
      where: {
        shop,
        OR: [
          { orderId: { in: orderIds } },
          ...[...orderIds, ...(customerId ? [customerId] : [])].map((id) => ({ payload: { contains: id } })),
        ],
      },
    }),
  ]);
  return count;
}

/** Deletes everything the app holds for a shop (48 hours after it uninstalled). */
export async function redactShop({ db, shop }: { db: Db; shop: string }) {
  await db.$transaction([
    // Waits for deliveries of the shop being recorded right now, and makes later ones record
    // nothing (the RedactedShop row and WebhookDelivery's trigger, migration 20261124140000).
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shop/redact'), hashtext(${shop}))`,
    db.redactedShop.upsert({ where: { domain: shop }, create: { domain: shop }, update: { redactedAt: new Date() } }),
    db.unreadableWebhook.deleteMany({ where: { shop } }),
    db.checkoutReadiness.deleteMany({ where: { shop } }),
    deleteShopJobs(db, shop),
    db.webhookDelivery.deleteMany({ where: { shop } }),
    db.session.deleteMany({ where: { shop } }),
    db.adminApiBudget.deleteMany({ where: { shop } }),
    // Catalogue, syncs, fulfilments, quote logs and stock changes go with the shop (ON DELETE CASCADE).
    db.shop.deleteMany({ where: { domain: shop } }),
  ]);
}
