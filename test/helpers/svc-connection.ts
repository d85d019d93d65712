import type { PrismaClient } from "@prisma/client";

/**
 * A shop whose service key is gone (as after an ENCRYPTION_KEY change or a wiped key): the app
 * stops quoting and submitting for it. The app itself never forgets a key, so only tests write this.
 */
export async function forgetSvcKey(db: PrismaClient, shop: string): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop }, data: { svcApiKeyCiphertext: null } });
}
