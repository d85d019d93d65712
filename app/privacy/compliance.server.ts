// Shopify's mandatory privacy webhooks. What we hold about a customer is the destination of their
// orders inside fulfilment records (and the warnings derived from it), and the exports made for
// their data requests (app/privacy/customer-data.server.ts, docs/privacy.md).
import type { PrismaClient } from "@prisma/client";
import { redactFulfillmentRequests } from "../fulfillment/records/records.server";
import { deleteShopJobs } from "../jobs/queue.server";
import { deleteShopReadiness, deleteShopRow, deleteShopSessions, markShopRedacted } from "../shop/shop.server";
import {
  deleteCustomerUnreadableWebhooks,
  deleteShopUnreadableWebhooks,
} from "../shopify/webhooks/unreadable-webhook.server";
import { deleteShopDeliveries } from "../shopify/webhooks/webhook-delivery.server";
import { deleteShopBudget } from "../shopify/admin-budget.server";

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
    redactFulfillmentRequests(db, shop, orderIds),
    db.customerDataRequest.deleteMany({
      where: {
        shop,
        OR: [{ ordersRequested: { hasSome: orderIds } }, ...(customerId ? [{ customerId }] : [])],
      },
    }),
    // Unreadable order webhooks keep their raw payload: those that may name the orders or the customer go.
    deleteCustomerUnreadableWebhooks(db, { shop, orderIds, customerId }),
  ]);
  return count;
}

/** Deletes everything the app holds for a shop (48 hours after it uninstalled). */
export async function redactShop({ db, shop }: { db: Db; shop: string }) {
  await db.$transaction([
    // Waits for deliveries of the shop being recorded right now, and makes later ones record
    // nothing (the RedactedShop row and WebhookDelivery's trigger, migration 20261124140000).
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shop/redact'), hashtext(${shop}))`,
    markShopRedacted(db, shop),
    deleteShopUnreadableWebhooks(db, shop),
    deleteShopReadiness(db, shop),
    deleteShopJobs(db, shop),
    deleteShopDeliveries(db, shop),
    deleteShopSessions(db, shop),
    deleteShopBudget(db, shop),
    // Catalogue, syncs, fulfilments, quote logs and stock changes go with the shop (ON DELETE CASCADE).
    deleteShopRow(db, shop),
  ]);
}
