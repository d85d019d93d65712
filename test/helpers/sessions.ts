// Stores a valid offline session, as after a real install, so that authenticate.admin and
// authenticate.webhook find one for the shop.
import { setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { PrismaClient } from "@prisma/client";
import { TEST_SHOP } from "./shopify-requests";

/** Saves an offline session for `shop` and returns it. */
export async function storeOfflineSession(db: PrismaClient, shop = TEST_SHOP) {
  const session = setUpValidSession({ shop, expires: undefined });
  session.scope = process.env.SCOPES;
  await new PrismaSessionStorage(db).storeSession(session);
  return session;
}
