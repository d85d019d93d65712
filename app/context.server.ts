// What routes and jobs need from the outside world, in one place: the database, the logger, the
// clock, a service client per shop and Admin GraphQL per shop. Production builds it from the
// environment; tests and the demo replace parts with configureAppContext() (e.g. the sandbox's
// URL, the simulated store, a fixed clock).
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { prismaClient } from "./db.server";
import { env } from "./env.server";
import { currentRequestId, logger } from "./logger.server";
import { metrics } from "./metrics.server";
import { createSvcClientResolver, type SvcConnectionConfig } from "./shop/svc-connection.server";
import { postgresBudgetStore } from "./shopify/admin-budget.server";
import { createAdminPacing, type AdminPacing } from "./shopify/admin-pacing.server";
import { shopifyAdminGraphql, simulatedStoreAdminGraphql, type AdminGraphql } from "./shopify/admin.server";
import { createOfflineTokens } from "./shop/offline-token.server";
import type { SvcClient } from "./svc";

export interface AppContext {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
  svc: SvcConnectionConfig;
  /** The shop's service client, or null when the shop is not connected. */
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
  /**
   * Shopify's Admin API budget per shop, shared by every process on the database
   * (app/shopify/admin-pacing.server.ts): what `adminFor` paces with, and what callers that price
   * their own queries (catalogue pages, reconciliation) pace with.
   */
  adminPacing: AdminPacing;
}

let current: AppContext | undefined;
let overrides: Partial<AppContext> = {};

function build(): AppContext {
  const config = env();
  const svc: SvcConnectionConfig = overrides.svc ?? {
    baseUrls: { qa: config.SVC_QA_BASE_URL, production: config.SVC_BASE_URL },
    serviceName: config.SVC_NAME,
    encryptionKey: config.ENCRYPTION_KEY,
    logger: logger.child({ component: "svc" }),
    onAttempt: ({ endpoint, durationMs, error }) => metrics.upstreamAttempt(endpoint, durationMs / 1000, error),
    requestId: currentRequestId,
  };
  const db = overrides.db ?? prismaClient();
  const now = overrides.now ?? (() => new Date());
  const log = overrides.logger ?? logger;
  const adminPacing = overrides.adminPacing ?? pacingOn(db);
  return {
    db,
    logger: log,
    now,
    svc,
    svcClientFor: overrides.svcClientFor ?? createSvcClientResolver(db, svc),
    adminFor: overrides.adminFor ?? defaultAdminFor(db, now, log, adminPacing),
    adminPacing,
  };
}

// One pacing per database: every job and request of a shop, in every process, shares its Admin API
// points (app/shopify/admin-pacing.server.ts, ADR 026). Tests that hand in their own adminFor are not paced.
const pacings = new WeakMap<PrismaClient, AdminPacing>();
function pacingOn(db: PrismaClient): AdminPacing {
  let pacing = pacings.get(db);
  if (!pacing) {
    pacing = createAdminPacing({
      sleep: (ms) => {
        metrics.adminThrottleWait(ms);
        return new Promise((r) => setTimeout(r, ms));
      },
      nowMs: () => Date.now(),
      budget: postgresBudgetStore(db),
    });
    pacings.set(db, pacing);
  }
  return pacing;
}

function defaultAdminFor(db: PrismaClient, now: () => Date, log: Logger, paced: AdminPacing) {
  const config = env();
  const simulatedStore = config.SIMULATED_STORE_URL?.replace(/\/$/, "");
  // Shopify's token endpoint is on the shop's host; the simulated store serves it under /shops/{shop}.
  const tokens = createOfflineTokens({
    db,
    now,
    logger: log.child({ component: "offline-token" }),
    tokenUrl: (shop) =>
      simulatedStore
        ? `${simulatedStore}/shops/${shop}/admin/oauth/access_token`
        : `https://${shop}/admin/oauth/access_token`,
    clientId: config.SHOPIFY_API_KEY,
    clientSecret: config.SHOPIFY_API_SECRET,
  });
  if (!simulatedStore) return async (shop: string) => paced(shop, await shopifyAdminGraphql(shop, tokens));
  return async (shop: string): Promise<AdminGraphql> => {
    const { ADMIN_API_VERSION } = await import("./shopify.server");
    return paced(
      shop,
      simulatedStoreAdminGraphql({ baseUrl: simulatedStore, shop, tokens, apiVersion: ADMIN_API_VERSION }),
    );
  };
}

/** The process's context, built on first use. */
export function appContext(): AppContext {
  current ??= build();
  return current;
}

/** Replaces parts of the context (tests, the demo); the rest keeps its production default. */
export function configureAppContext(parts: Partial<AppContext>): AppContext {
  overrides = { ...overrides, ...parts };
  current = build();
  return current;
}
