// A shop's connection to the service: its API key (encrypted at rest) and environment, the clients
// built from it, and each client's connection id. Connecting and disconnecting, which also forget
// the catalogue's registrations, are orchestration: app/orchestration/connect-shop.server.ts.
import type { Prisma, PrismaClient } from "@prisma/client";
import { createHash } from "node:crypto";
import { decryptSecret, encryptSecret } from "../crypto.server";
import { column, sqlOf, statement } from "../sql.server";
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

/** What the resolver reads the shop's key through: prepared on the composition root's pool (ADR 036). */
type Db = Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">;

/** The shop's stored key and environment: every job that calls the service reads it (an order, several). */
const CONNECTION = statement<
  [shop: string],
  { svcApiKeyCiphertext: string | null; svcEnvironment: string; uninstalledAt: Date | null }
>(
  "shop_svc_connection",
  `SELECT "svcApiKeyCiphertext", "svcEnvironment", "uninstalledAt" FROM "Shop" WHERE domain = $1`,
  (raw) => ({
    svcApiKeyCiphertext: column.nullableString(raw, "svcApiKeyCiphertext", "shop_svc_connection"),
    svcEnvironment: column.string(raw, "svcEnvironment", "shop_svc_connection"),
    uninstalledAt: column.nullableDate(raw, "uninstalledAt", "shop_svc_connection"),
  }),
);

/**
 * The write that stores `apiKey` (encrypted) and `environment` as the shop's connection, not yet
 * run (a step of the caller's transaction), and whether it replaces another account or environment.
 */
export async function connectionWrite(args: {
  db: Pick<PrismaClient, "shop">;
  config: SvcConnectionConfig;
  shop: string;
  apiKey: string;
  environment: SvcEnvironment;
}): Promise<{ write: Prisma.PrismaPromise<unknown>; switched: boolean }> {
  const previous = await args.db.shop.findUnique({
    where: { domain: args.shop },
    select: { svcApiKeyCiphertext: true, svcEnvironment: true },
  });
  const switched =
    previous?.svcApiKeyCiphertext != null &&
    (previous.svcEnvironment !== args.environment || !sameKey(previous.svcApiKeyCiphertext, args));
  const write = args.db.shop.upsert({
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
  return { write, switched };
}

/** The write that forgets the shop's key (a step of the caller's transaction); its count is 0 when none was stored. */
export function forgetConnectionWrite(db: Pick<PrismaClient, "shop">, shop: string) {
  return db.shop.updateMany({
    where: { domain: shop, svcApiKeyCiphertext: { not: null } },
    data: { svcApiKeyCiphertext: null },
  });
}

function sameKey(ciphertext: string, args: { apiKey: string; config: SvcConnectionConfig }): boolean {
  try {
    return decryptSecret(ciphertext, args.config.encryptionKey) === args.apiKey;
  } catch {
    return false; // stored under an older ENCRYPTION_KEY: treat it as another account
  }
}

/** A service client for the key and environment (connecting checks a key with it before storing it). */
export function buildClient(config: SvcConnectionConfig, environment: SvcEnvironment, apiKey: string): SvcClient {
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
    const [row] = await sqlOf(db).rows(CONNECTION, shop);
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

// The id of a service connection (environment and stored key), which the shared rate cache keys on
// (app/rates/shop-profile.server.ts). Keyed by the client object.
const connectionIds = new WeakMap<object, string>();

/** Records the connection `client` was built for: a hash of its environment and ciphertext (never the key). */
function rememberConnectionId(client: object, fingerprint: string): void {
  connectionIds.set(client, createHash("sha256").update(fingerprint).digest("base64url").slice(0, 22));
}

/**
 * The id of the connection (environment and stored key) `client` was built for: instances sharing
 * the rate cache agree on it, and a new key or environment is a new id. Undefined for a client
 * app/shop/svc-connection.server.ts did not build.
 */
export function svcConnectionId(client: object): string | undefined {
  return connectionIds.get(client);
}
