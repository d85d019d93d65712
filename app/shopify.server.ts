// The one shopifyApp() call. Everything Shopify-facing (auth, webhooks, admin API clients)
// comes from here.
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { prismaClient } from "./db.server";
import { env } from "./env.server";
import { recordInstall } from "./shop/shop.server";
import { ensureSchedulesJob } from "./shop/schedules-queue.server";

/** The Admin API version every query and webhook of the app is written against. */
export const ADMIN_API_VERSION = ApiVersion.October26;

// The library logs through its own logger; follow LOG_LEVEL so `warn` and `silent` quiet it too.
const LIBRARY_LOG_LEVEL: Record<string, LogSeverity> = {
  trace: LogSeverity.Debug,
  debug: LogSeverity.Debug,
  info: LogSeverity.Info,
  warn: LogSeverity.Warning,
};

function createShopify() {
  const config = env();
  const prisma = prismaClient();
  return shopifyApp({
    apiKey: config.SHOPIFY_API_KEY,
    apiSecretKey: config.SHOPIFY_API_SECRET,
    apiVersion: ADMIN_API_VERSION,
    scopes: config.SCOPES.split(","),
    appUrl: config.SHOPIFY_APP_URL,
    authPathPrefix: "/auth",
    logger: { level: LIBRARY_LOG_LEVEL[config.LOG_LEVEL] ?? LogSeverity.Error },
    sessionStorage: new PrismaSessionStorage(prisma),
    distribution: AppDistribution.AppStore,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      expiringOfflineAccessTokens: true,
    },
    hooks: {
      afterAuth: async ({ session }) => {
        await recordInstall({ db: prisma, shop: session.shop });
        // A shop connected before a recurring job existed gets it from the sweep, run now.
        await ensureSchedulesJob(prisma, new Date());
      },
    },
    ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
  });
}

type Shopify = ReturnType<typeof createShopify>;
let instance: Shopify | undefined;

/**
 * The app's shopifyApp(), built on first use rather than on import: importing a route never needs
 * the environment or a database, so benchmarks and tests import statically.
 */
function shopify(): Shopify {
  instance ??= createShopify();
  return instance;
}

/** An object whose properties are read from the lazily built shopifyApp() when used. */
function lazyObject<K extends "authenticate" | "unauthenticated" | "sessionStorage">(key: K): Shopify[K] {
  return new Proxy({} as Shopify[K], {
    get: (_target, property) => Reflect.get(shopify()[key] as object, property) as unknown,
  });
}

export const addDocumentResponseHeaders: Shopify["addDocumentResponseHeaders"] = (...args) =>
  shopify().addDocumentResponseHeaders(...args);
export const authenticate = lazyObject("authenticate");
export const unauthenticated = lazyObject("unauthenticated");
export const login: Shopify["login"] = (...args) => shopify().login(...args);
