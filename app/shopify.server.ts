// The one shopifyApp() call. Everything Shopify-facing (auth, webhooks, admin API clients) comes
// from the instance the composition root builds with createShopify (app/composition.server.ts);
// routes reach it as `context.services.shopify`.
import "@shopify/shopify-app-remix/adapters/node";
import type { PrismaClient } from "@prisma/client";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { Env } from "./env.server";
import { ensureSchedulesJob } from "./shop/schedules-queue.server";
import { recordInstall } from "./shop/shop.server";

/** The Admin API version every query and webhook of the app is written against. */
export const ADMIN_API_VERSION = ApiVersion.October26;

// The library logs through its own logger; follow LOG_LEVEL so `warn` and `silent` quiet it too.
const LIBRARY_LOG_LEVEL: Record<string, LogSeverity> = {
  trace: LogSeverity.Debug,
  debug: LogSeverity.Debug,
  info: LogSeverity.Info,
  warn: LogSeverity.Warning,
};

/** The app's shopifyApp(), over the process's database (its sessions are stored there). */
export function createShopify({ config, db, now }: { config: Env; db: PrismaClient; now: () => Date }) {
  return shopifyApp({
    apiKey: config.SHOPIFY_API_KEY,
    apiSecretKey: config.SHOPIFY_API_SECRET,
    apiVersion: ADMIN_API_VERSION,
    scopes: config.SCOPES.split(","),
    appUrl: config.SHOPIFY_APP_URL,
    authPathPrefix: "/auth",
    logger: { level: LIBRARY_LOG_LEVEL[config.LOG_LEVEL] ?? LogSeverity.Error },
    sessionStorage: new PrismaSessionStorage(db),
    distribution: AppDistribution.AppStore,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      expiringOfflineAccessTokens: true,
    },
    hooks: {
      afterAuth: async ({ session }) => {
        await recordInstall({ db, shop: session.shop });
        // A shop connected before a recurring job existed gets it from the sweep, run now.
        await ensureSchedulesJob(db, now());
      },
    },
    ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
  });
}

export type Shopify = ReturnType<typeof createShopify>;
