// The facts behind Inicio's setup guide (app/shop/setup-guide.ts), read in one round; and the two
// the guide itself records: the first test quote in Tarifas and «how orders go» marked as read.
import type { PrismaClient } from "@prisma/client";
import { setupGuide, type SetupGuide } from "./setup-guide";

export async function readSetupGuide(db: PrismaClient, shop: string): Promise<SetupGuide> {
  const [row, completedSync, readiness, sentOrder] = await Promise.all([
    db.shop.findUnique({
      where: { domain: shop },
      select: { svcApiKeyCiphertext: true, rateTestedAt: true, ordersGuideSeenAt: true },
    }),
    db.catalogSync.findFirst({ where: { shop, state: "completed" }, select: { id: true } }),
    db.checkoutReadiness.findUnique({ where: { shop }, select: { ready: true } }),
    db.fulfillment.findFirst({ where: { shop, svcOrderId: { not: null } }, select: { id: true } }),
  ]);
  return setupGuide({
    connected: Boolean(row?.svcApiKeyCiphertext),
    catalogSynced: Boolean(completedSync),
    checkoutReady: readiness?.ready ?? false,
    rateTested: Boolean(row?.rateTestedAt),
    ordersUnderstood: Boolean(row?.ordersGuideSeenAt) || Boolean(sentOrder),
  });
}

/** The merchant ran a test quote in Tarifas (the first one is kept). */
export async function recordRateTest(db: PrismaClient, shop: string, now: Date): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop, rateTestedAt: null }, data: { rateTestedAt: now } });
}

/** The merchant read how orders go to the warehouse (the first time is kept). */
export async function markOrdersGuideSeen(db: PrismaClient, shop: string, now: Date): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop, ordersGuideSeenAt: null }, data: { ordersGuideSeenAt: now } });
}
