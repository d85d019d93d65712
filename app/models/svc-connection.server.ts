// A shop's connection to the service: its API key (encrypted at rest) and environment.
import type { PrismaClient } from "@prisma/client";
import { decryptSecret, encryptSecret } from "../crypto.server";
import { createSvcClient, type SvcClient, type SvcLogger } from "../svc";

export type SvcEnvironment = "qa" | "production";

export interface SvcConnectionConfig {
  baseUrls: Record<SvcEnvironment, string>;
  serviceName: string;
  encryptionKey: string;
  fetch?: typeof fetch;
  logger?: SvcLogger;
}

type Db = Pick<PrismaClient, "shop">;

/**
 * Checks the key against the service (one auth call) and, when it is accepted, stores it
 * encrypted. A refused key is not stored; the client's SvcUnauthorizedError reaches the caller.
 */
export async function connectShop(args: {
  db: Db;
  config: SvcConnectionConfig;
  shop: string;
  apiKey: string;
  environment: SvcEnvironment;
}): Promise<void> {
  const client = buildClient(args.config, args.environment, args.apiKey);
  await client.auth();
  await args.db.shop.upsert({
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
}

/** Forgets the shop's key: the app stops quoting and submitting for it. */
export async function disconnectShop({ db, shop }: { db: Db; shop: string }): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop }, data: { svcApiKeyCiphertext: null } });
}

function buildClient(config: SvcConnectionConfig, environment: SvcEnvironment, apiKey: string): SvcClient {
  return createSvcClient({
    baseUrl: config.baseUrls[environment],
    apiKey,
    serviceName: config.serviceName,
    fetch: config.fetch,
    logger: config.logger,
  });
}

/**
 * Builds service clients for connected shops, reusing one per (shop, key, environment) so that
 * the token cache and connection keep-alive survive between calls. Null for a shop that is not
 * connected or has uninstalled the app.
 */
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
    return client;
  };
}
