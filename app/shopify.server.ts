// The one shopifyApp() call. Everything Shopify-facing (auth, webhooks, admin API clients) comes
// from the instance the composition root builds with createShopify (app/composition.server.ts);
// routes reach it as `context.services.shopify`.
import "@shopify/shopify-app-remix/adapters/node";
import type { PrismaClient, Session as SessionRow } from "@prisma/client";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { Env } from "./env.server";
import { OfflineRefreshingSessionStorage, type OfflineRefresh } from "./shopify/offline-session-storage.server";

/** The Admin API version every query and webhook of the app is written against. */
export const ADMIN_API_VERSION = ApiVersion.October26;

// The library logs through its own logger; follow LOG_LEVEL so `warn` and `silent` quiet it too.
const LIBRARY_LOG_LEVEL: Record<string, LogSeverity> = {
  trace: LogSeverity.Debug,
  debug: LogSeverity.Debug,
  info: LogSeverity.Info,
  warn: LogSeverity.Warning,
};

/**
 * The app's shopifyApp(), over the process's database (its sessions are stored there). What
 * follows a merchant's sign-in (recording the install, the schedules) is the composition root's
 * to say: this edge imports no feature.
 */
export function createShopify({
  config,
  db,
  afterAuth,
  offlineTokens,
  readSession,
}: {
  config: Env;
  db: PrismaClient;
  afterAuth: (shop: string) => Promise<void>;
  /**
   * The app's refresh of expiring offline tokens (under its lock): an offline session the library
   * loads is refreshed through it first, so the library never refreshes on its own.
   */
  offlineTokens?: OfflineRefresh;
  /** The stored session by id, read as a prepared statement (app/shop, ADR 036); unset: Prisma's findUnique. */
  readSession?: (id: string) => Promise<SessionRow | null>;
}) {
  return shopifyApp({
    apiKey: config.SHOPIFY_API_KEY,
    apiSecretKey: config.SHOPIFY_API_SECRET,
    apiVersion: ADMIN_API_VERSION,
    scopes: config.SCOPES.split(","),
    appUrl: config.SHOPIFY_APP_URL,
    authPathPrefix: "/auth",
    logger: { level: LIBRARY_LOG_LEVEL[config.LOG_LEVEL] ?? LogSeverity.Error },
    sessionStorage: offlineTokens
      ? new OfflineRefreshingSessionStorage(db, offlineTokens, readSession)
      : new PrismaSessionStorage(db),
    distribution: AppDistribution.AppStore,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      expiringOfflineAccessTokens: true,
    },
    hooks: {
      afterAuth: ({ session }) => afterAuth(session.shop),
    },
  });
}

export type Shopify = ReturnType<typeof createShopify>;
