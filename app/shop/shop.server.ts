// The Shop row: install state, the encrypted service key and the shop's settings.
import type { Prisma, PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "shop" | "session" | "redactedShop">;

/** Records (or re-records after a reinstall) that `shop` installed the app. */
export async function recordInstall({ db, shop }: { db: Db; shop: string }) {
  // A shop redacted earlier and installing again receives webhooks again.
  await db.redactedShop.deleteMany({ where: { domain: shop } });
  return db.shop.upsert({
    where: { domain: shop },
    create: { domain: shop },
    update: { uninstalledAt: null, installedAt: new Date() },
  });
}

/** Marks `shop` uninstalled and forgets its sessions; its data stays until shop/redact. */
export async function recordUninstall({ db, shop, at = new Date() }: { db: Db; shop: string; at?: Date }) {
  await db.session.deleteMany({ where: { shop } });
  await db.shop.updateMany({ where: { domain: shop }, data: { uninstalledAt: at } });
}

/** Stores the scopes Shopify granted on the shop's current sessions. */
export async function recordScopes({ db, sessionId, scope }: { db: Db; sessionId: string; scope: string }) {
  await db.session.updateMany({ where: { id: sessionId }, data: { scope } });
}

// Writes other modules make to the Shop and Session rows go through these (this folder owns both
// tables: test/unit/architecture/table-owners.test.ts). Those returning the Prisma call unawaited
// are steps of a caller's batch transaction.

type Tx = Pick<PrismaClient, "shop" | "session">;

/** The fulfilment service registered for the shop (null once removed). */
export async function storeFulfillmentService(
  db: Pick<PrismaClient, "shop">,
  shop: string,
  service: { fsServiceId: string; fsLocationId: string } | null,
) {
  await db.shop.update({
    where: { domain: shop },
    data: service ?? { fsServiceId: null, fsLocationId: null },
  });
}

/** Where the first reconciliation starts reading orders from, unless it has a watermark already. */
export async function startOrdersWatermark(db: Pick<PrismaClient, "shop">, shop: string, from: Date) {
  await db.shop.updateMany({ where: { domain: shop, ordersWatermark: null }, data: { ordersWatermark: from } });
}

/** The outcome of the carrier-service registration (creating the Shop row if needed). */
export async function storeCarrierRegistration(
  db: Pick<PrismaClient, "shop">,
  shop: string,
  stored: { carrierServiceState: string; carrierServiceError: string | null; carrierServiceId?: string },
) {
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop, ...stored }, update: stored });
}

/** Shopify refused the offline refresh token: the problem is shown, and the session expires now. */
export async function recordOfflineTokenRefused(
  tx: Tx,
  args: { shop: string; sessionId: string; problem: string; refusedHash: string; at: Date },
) {
  await tx.shop.updateMany({
    where: { domain: args.shop },
    data: { offlineTokenProblem: args.problem, offlineTokenProblemAt: args.at, offlineTokenRefusedHash: args.refusedHash },
  });
  // Expired, so that opening the app exchanges a new token at once.
  await tx.session.update({ where: { id: args.sessionId }, data: { expires: args.at } });
}

/** A reconciliation read orders up to `watermark`: forward only, a slower concurrent run never moves it back. */
export async function advanceOrdersWatermark(
  db: Pick<PrismaClient, "$executeRaw">,
  args: { shop: string; watermark: Date; at: Date },
) {
  await db.$executeRaw`
    UPDATE "Shop" SET "ordersWatermark" = GREATEST(COALESCE("ordersWatermark", ${args.watermark}), ${args.watermark}),
                      "ordersReconciledAt" = ${args.at}
    WHERE domain = ${args.shop}`;
}

/** The refreshed offline token, stored on its session. */
export async function storeRefreshedSession(
  tx: Pick<PrismaClient, "session">,
  sessionId: string,
  data: { accessToken: string; expires: Date; refreshToken: string; refreshTokenExpires: Date; scope?: string },
) {
  await tx.session.update({ where: { id: sessionId }, data });
}

/** Background work has a token again: the problem is over. */
export async function clearOfflineTokenProblem(args: { db: Pick<PrismaClient, "shop">; shop: string }) {
  await args.db.shop.updateMany({
    where: { domain: args.shop, offlineTokenProblem: { not: null } },
    data: { offlineTokenProblem: null, offlineTokenProblemAt: null, offlineTokenRefusedHash: null },
  });
}

/** The merchant ran a test quote in Tarifas (the first one is kept). */
export async function recordRateTest(db: Pick<PrismaClient, "shop">, shop: string, now: Date): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop, rateTestedAt: null }, data: { rateTestedAt: now } });
}

/** The merchant read how orders go to the warehouse (the first time is kept). */
export async function markOrdersGuideSeen(db: Pick<PrismaClient, "shop">, shop: string, now: Date): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop, ordersGuideSeenAt: null }, data: { ordersGuideSeenAt: now } });
}

/** Makes sure the shop has its row (settings are saved on it). */
export async function ensureShopRow(db: Pick<PrismaClient, "shop">, shop: string): Promise<void> {
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
}

/** Writes the shop's checkout readiness as app/orchestration/readiness.server.ts decided it. */
export async function saveCheckoutReadiness(
  db: Pick<PrismaClient, "checkoutReadiness">,
  shop: string,
  write: {
    create: Omit<Prisma.CheckoutReadinessUncheckedCreateInput, "shop">;
    update: Prisma.CheckoutReadinessUncheckedUpdateInput;
  },
): Promise<void> {
  await db.checkoutReadiness.upsert({ where: { shop }, create: { shop, ...write.create }, update: write.update });
}

/** What shop/redact deletes of the shop's own rows, as steps of its batch transaction. */
export function markShopRedacted(db: Pick<PrismaClient, "redactedShop">, shop: string) {
  return db.redactedShop.upsert({ where: { domain: shop }, create: { domain: shop }, update: { redactedAt: new Date() } });
}
export function deleteShopReadiness(db: Pick<PrismaClient, "checkoutReadiness">, shop: string) {
  return db.checkoutReadiness.deleteMany({ where: { shop } });
}
export function deleteShopSessions(db: Pick<PrismaClient, "session">, shop: string) {
  return db.session.deleteMany({ where: { shop } });
}
/** Catalogue, syncs, fulfilments, quote logs and stock changes go with the row (ON DELETE CASCADE). */
export function deleteShopRow(db: Pick<PrismaClient, "shop">, shop: string) {
  return db.shop.deleteMany({ where: { domain: shop } });
}
