// A shop's connection to the service: its API key (encrypted at rest) and environment.
import type { PrismaClient } from "@prisma/client";
import { forgetServiceRegistrations } from "../catalog/variant-records.server";
import { rememberConnectionId } from "./svc-connection-id.server";
import { decryptSecret, encryptSecret } from "../crypto.server";
import { createSvcClient, type SvcClient, type SvcClientOptions, type SvcLogger } from "../svc";

export type SvcEnvironment = "qa" | "production";

export interface SvcConnectionConfig {
  baseUrls: Record<SvcEnvironment, string>;
  serviceName: string;
  encryptionKey: string;
  fetch?: typeof fetch;
  logger?: SvcLogger;
  onAttempt?: SvcClientOptions["onAttempt"];
  requestId?: SvcClientOptions["requestId"];
}

type Db = Pick<PrismaClient, "shop">;
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
  const previous = await args.db.shop.findUnique({
    where: { domain: args.shop },
    select: { svcApiKeyCiphertext: true, svcEnvironment: true },
  });
  const switched =
    previous?.svcApiKeyCiphertext != null &&
    (previous.svcEnvironment !== args.environment || !sameKey(previous.svcApiKeyCiphertext, args));
  const saveShop = args.db.shop.upsert({
    where: { domain: args.shop },
    create: {
      domain: args.shop,
      svcEnvironment: args.environment,
      svcApiKeyCiphertext: encryptSecret(args.apiKey, args.config.encryptionKey),
    },
    update: {
      svcEnvironment: args.environment,
      svcApiKeyCiphertext: encryptSecret(args.apiKey, args.config.encryptionKey),
      uninstalledAt: null,
    },
  });
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
    args.db.shop.updateMany({
      where: { domain: args.shop, svcApiKeyCiphertext: { not: null } },
      data: { svcApiKeyCiphertext: null },
    }),
    ...forgetServiceRegistrations(args.db, args.shop, "disconnected"),
  ]);
  return forgotten.count > 0;
}

function sameKey(ciphertext: string, args: { apiKey: string; config: SvcConnectionConfig }): boolean {
  try {
    return decryptSecret(ciphertext, args.config.encryptionKey) === args.apiKey;
  } catch {
    return false; // stored under an older ENCRYPTION_KEY: treat it as another account
  }
}

function buildClient(config: SvcConnectionConfig, environment: SvcEnvironment, apiKey: string): SvcClient {
  return createSvcClient({
    baseUrl: config.baseUrls[environment],
    apiKey,
    serviceName: config.serviceName,
    fetch: config.fetch,
    logger: config.logger,
    onAttempt: config.onAttempt,
    requestId: config.requestId,
  });
}

/**
 * Builds service clients for connected shops, reusing one per (shop, key, environment) so that
 * the token cache and connection keep-alive survive between calls. Null for a shop that is not
 * connected or has uninstalled the app.
 */
/** Each resolved client's connection id: the same in every process for the same stored key and environment. */
export function createSvcClientResolver(db: Db, config: SvcConnectionConfig) {
  const clients = new Map<string, { fingerprint: string; client: SvcClient }>();
  return async function svcClientFor(shop: string): Promise<SvcClient | null> {
    const row = await db.shop.findUnique({
      where: { domain: shop },
      select: { svcApiKeyCiphertext: true, svcEnvironment: true, uninstalledAt: true },
    });
    if (!row?.svcApiKeyCiphertext || row.uninstalledAt) return null;
    const fingerprint = `${row.svcEnvironment}:${row.svcApiKeyCiphertext}`;
    const cached = clients.get(shop);
    if (cached?.fingerprint === fingerprint) return cached.client;
    const environment: SvcEnvironment = row.svcEnvironment === "production" ? "production" : "qa";
    const client = buildClient(config, environment, decryptSecret(row.svcApiKeyCiphertext, config.encryptionKey));
    clients.set(shop, { fingerprint, client });
    rememberConnectionId(client, fingerprint);
    return client;
  };
}
