import type { PrismaClient } from "@prisma/client";

/** The figures the app's home page shows for `shop`. */
export async function shopOverview({ db, shop }: { db: PrismaClient; shop: string }) {
  const [row, variantsSynced, ordersSubmitted, ordersNeedingAttention] = await Promise.all([
    db.shop.findUnique({ where: { domain: shop }, select: { svcApiKeyCiphertext: true, svcEnvironment: true } }),
    db.catalogVariant.count({ where: { shop, status: { in: ["synced", "exists_at_service"] } } }),
    db.fulfillment.count({ where: { shop, svcOrderId: { not: null } } }),
    db.fulfillment.count({ where: { shop, status: { in: ["needs_attention", "unknown_outcome"] } } }),
  ]);
  return {
    connected: Boolean(row?.svcApiKeyCiphertext),
    environment: row?.svcEnvironment ?? "qa",
    variantsSynced,
    ordersSubmitted,
    ordersNeedingAttention,
  };
}
