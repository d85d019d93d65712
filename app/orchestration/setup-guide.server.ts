// The facts behind Inicio's setup guide (app/orchestration/setup-guide.ts), read in one round. The
// two the guide itself records (the first test quote in Tarifas, «how orders go» marked as read)
// are the Shop row's: app/shop/shop.server.ts.
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
