// Shopify's mandatory privacy webhooks. What we hold about a customer is the destination of their
// orders inside fulfilment records (and the warnings derived from it).
import type { PrismaClient } from "@prisma/client";
import { deleteShopJobs } from "../jobs/queue.server";

type Db = Pick<PrismaClient, "$transaction" | "fulfillment" | "shop" | "session" | "webhookDelivery" | "job">;

/** Customer data held for the requested orders, for the merchant to hand over. */
export async function customerDataFor({ db, shop, orderIds }: { db: Db; shop: string; orderIds: string[] }) {
  return db.fulfillment.findMany({
    where: { shop, shopifyOrderId: { in: orderIds } },
    select: { shopifyOrderId: true, orderName: true, request: true, trackingNumber: true, status: true },
  });
}

/** Erases the customer's personal data from the fulfilment records of the given orders. */
export async function redactCustomer({ db, shop, orderIds }: { db: Db; shop: string; orderIds: string[] }) {
  const { count } = await db.fulfillment.updateMany({
    where: { shop, shopifyOrderId: { in: orderIds } },
    data: { request: { redacted: true }, warnings: [] },
  });
  return count;
}

/** Deletes everything the app holds for a shop (48 hours after it uninstalled). */
export async function redactShop({ db, shop }: { db: Db; shop: string }) {
  await db.$transaction([
    deleteShopJobs(db, shop),
    db.webhookDelivery.deleteMany({ where: { shop } }),
    db.session.deleteMany({ where: { shop } }),
    // Catalogue, syncs, fulfilments, quote logs and stock changes go with the shop (ON DELETE CASCADE).
    db.shop.deleteMany({ where: { domain: shop } }),
  ]);
}
