// The Shop row: install state, the encrypted service key and the shop's settings.
import type { PrismaClient } from "@prisma/client";

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
