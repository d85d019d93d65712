// Connecting a shop to the service and disconnecting it: the shop's stored key (app/shop/svc-connection.server.ts)
// changes together with the catalogue's registrations (app/catalog/variant-records.server.ts), which
// a new account or environment does not hold.
import type { PrismaClient } from "@prisma/client";
import { forgetServiceRegistrations } from "../catalog/variant-records.server";
import {
  buildClient,
  connectionWrite,
  forgetConnectionWrite,
  type SvcConnectionConfig,
  type SvcEnvironment,
} from "../shop/svc-connection.server";

type ConnectDb = Pick<PrismaClient, "shop" | "catalogVariant" | "$transaction">;

/**
 * Checks the key against the service (one auth call) and, when it is accepted, stores it
 * encrypted. A refused key is not stored; the client's SvcUnauthorizedError reaches the caller.
 * Switching to another account or environment forgets every catalogue registration, since the
 * new account holds none of those products: the next sync registers them there.
 */
export async function connectShop(args: {
  db: ConnectDb;
  config: SvcConnectionConfig;
  shop: string;
  apiKey: string;
  environment: SvcEnvironment;
}): Promise<void> {
  const client = buildClient(args.config, args.environment, args.apiKey);
  await client.auth();
  const { write: saveShop, switched } = await connectionWrite(args);
  if (!switched) {
    await saveShop;
    return;
  }
  await args.db.$transaction([
    saveShop,
    ...forgetServiceRegistrations(args.db, args.shop),
  ]);
}

/**
 * Forgets the shop's key: the resolver answers null from now on, so nothing is sent to the service
 * (orders, catalogue, stock reads, quotations). The catalogue's registrations are forgotten with
 * it, since the account connected next may be another one; its full sync registers them there.
 * False when the shop was not connected.
 */
export async function disconnectShop(args: { db: ConnectDb; shop: string }): Promise<boolean> {
  const [forgotten] = await args.db.$transaction([
    forgetConnectionWrite(args.db, args.shop),
    ...forgetServiceRegistrations(args.db, args.shop, "disconnected"),
  ]);
  return forgotten.count > 0;
}
