// The composition root (docs/decisions/011-composition-root.md): the one place that builds what
// routes and jobs need from the outside world — configuration, database, clock, logger, the paced
// Admin GraphQL client, the service-client resolver, shopifyApp() and the rates runtime — once per
// process, with createAppServices(config). The servers hand the result to Remix as the load
// context (`context.services`, server/index.ts and server/dev.ts) and to the job worker's handlers
// (`jobHandlers`, server/jobs-thread.ts). Feature modules take what they use as parameters and keep
// no state of their own; no module imports this file.
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { catalogJobHandlers } from "./catalog/jobs.server";
import { createPrismaClient, type PoolRole } from "./db.server";
import type { Env } from "./env.server";
import { flowJobHandlers } from "./flow/trigger-jobs.server";
import { flowFulfillmentSubscriber } from "./flow/trigger-use.server";
import { subscribeToFulfillment } from "./fulfillment/events";
import { subscribeToCatalog } from "./catalog/events";
import { subscribeToRates } from "./rates/events";
import { readinessSubscriber } from "./orchestration/readiness-subscriber";
import { fulfillmentJobHandlers } from "./fulfillment/jobs/jobs.server";
import { readWarehouse } from "./warehouse/warehouse-read.server";
import { jobFailurePolicy } from "./job-errors/provider-access.server";
import { carrierServiceName } from "./shop/carrier-name";
import { ensureRecurringJobs, queueBacklog, releaseLeases } from "./jobs/queue.server";
import type { HandlerDeps } from "./handler-deps";
import { createJobWorker, type JobHandlers } from "./jobs/worker.server";
import { createLogger, currentRequestId } from "./logger.server";
import { enableProcessMetrics, metrics } from "./metrics.server";
import { checkReadiness, type ReadinessReport } from "./http/health.server";
import { retentionJobHandlers } from "./maintenance/retention.server";
import { createSvcClientResolver, type SvcConnectionConfig } from "./shop/svc-connection.server";
import { createNaiveRatesRuntime, createRatesRuntime, type RatesRuntime } from "./rates/runtime.server";
import { readinessJobHandlers } from "./orchestration/jobs.server";
import { ensureSchedulesJob, schedulesJobHandlers } from "./orchestration/schedules.server";
import { afterShopSignIn } from "./orchestration/settings.server";
import { recordInstall } from "./shop/shop.server";
import { ADMIN_API_VERSION, createShopify, type Shopify } from "./shopify.server";
import { postgresBudgetStore } from "./shopify/admin-budget.server";
import { createAdminPacing, type AdminPacing } from "./shopify/admin-pacing.server";
import {
  shopifyAdminGraphql,
  simulatedStoreAdminGraphql,
  type AdminGraphql,
  type OfflineTokens,
} from "./shopify/admin.server";
import { createOfflineTokens, storedSessionById } from "./shop/offline-token.server";
import type { SvcClient } from "./svc";

// Features announce what happened; the features that owe work after it subscribe here, once per
// process, so neither imports the other: Flow's triggers follow fulfilment's state changes and
// stock writes, their jobs written in the announcing statement (app/fulfillment/events.ts).
subscribeToFulfillment(flowFulfillmentSubscriber);
// Each feature declares its queues (payload, retries, priority, recurring work) beside their names
// (app/jobs/registry.ts): importing a feature's handlers or enqueuers declares them.
// The checkout readiness check runs again when what it checks changes: an order reaching the
// warehouse, a catalogue sync's end, the merchant's test quote (app/orchestration/readiness-subscriber.ts).
subscribeToFulfillment(readinessSubscriber);
subscribeToCatalog(readinessSubscriber);
subscribeToRates(readinessSubscriber);

/** Everything a route or a job may use of the process: one object, built once. */
export interface AppServices {
  config: Env;
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
  svc: SvcConnectionConfig;
  /** The shop's service client, or null when the shop is not connected. */
  svcClientFor(shop: string): Promise<SvcClient | null>;
  /** Admin GraphQL for the shop (its offline session), paced by the shop's API budget. */
  adminFor(shop: string): Promise<AdminGraphql>;
  /**
   * Shopify's Admin API budget per shop, shared by every process on the database (ADR 026): what
   * `adminFor` paces with, and what callers that price their own queries (catalogue pages,
   * reconciliation) pace with.
   */
  adminPacing: AdminPacing;
  /** The app's shopifyApp(): authenticate, login, document headers… */
  shopify: Shopify;
  /** The rate callback's caches, in-flight map, shop profiles and quote log. */
  rates: RatesRuntime;
  /** The benchmark's uncached baseline (RATES_NAIVE_BASELINE). */
  naiveRates: Pick<RatesRuntime, "quoteRates">;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
  }
}
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: AppServices;
  }
}

/** What a caller may hand in instead of the production part (tests with fakes, the demo, benchmarks). */
export type AppServiceParts = Partial<Omit<AppServices, "config" | "rates" | "naiveRates">> & {
  /** Whose pool the database client is (server/index.ts: "serving", server/jobs-thread.ts: "jobs"). */
  poolRole?: PoolRole;
};

/** Builds the process's services from its validated configuration (app/env.server.ts, parseEnv). */
export function createAppServices(config: Env, parts: AppServiceParts = {}): AppServices {
  const logger = parts.logger ?? createLogger({ level: config.LOG_LEVEL });
  const db = parts.db ?? databaseFor(config, parts.poolRole ?? "both");
  const now = parts.now ?? (() => new Date());
  const svc = parts.svc ?? svcConnectionFor(config, logger);
  // The one refresher of the shops' expiring offline tokens, for the app's Admin calls and the library's own loads.
  const offlineTokens = offlineTokensFor({ config, db, now, logger });
  const shopify =
    parts.shopify ??
    createShopify({
      config,
      db,
      offlineTokens,
      readSession: (id) => storedSessionById(db, id),
      afterAuth: async (shop) => {
        await recordInstall({ db, shop });
        // A shop connected before a recurring job existed gets it from the sweep, run now.
        await ensureSchedulesJob(db, now());
        // A reinstall in fulfilment-service mode: its service is checked (and registered anew) now.
        await afterShopSignIn(services, shop);
      },
    });
  const adminPacing = parts.adminPacing ?? pacingOn(db);
  const services: AppServices = {
    config,
    db,
    logger,
    now,
    svc,
    svcClientFor: parts.svcClientFor ?? createSvcClientResolver(db, svc),
    adminFor: parts.adminFor ?? pacedAdminFor({ config, shopify, tokens: offlineTokens, paced: adminPacing }),
    adminPacing,
    shopify,
    rates: undefined as unknown as RatesRuntime,
    naiveRates: undefined as unknown as RatesRuntime,
  };
  return Object.assign(services, ratesFor(services));
}

/**
 * The rates runtime over `services` (and the benchmark's naive one). It reads the services when it
 * quotes, not when built: one runtime, and its caches, last the process.
 */
export function ratesFor(services: AppServices): Pick<AppServices, "rates" | "naiveRates"> {
  const deps = {
    db: () => services.db,
    logger: () => services.logger,
    now: () => services.now(),
    svcClientFor: (shop: string) => services.svcClientFor(shop),
    refreshAhead: services.config.RATES_REFRESH_AHEAD,
    redisUrl: services.config.REDIS_URL,
  };
  return { rates: createRatesRuntime(deps), naiveRates: createNaiveRatesRuntime(deps) };
}

function databaseFor(config: Env, role: PoolRole): PrismaClient {
  if (!config.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: the server sets it once the database is ready (server/database.ts)");
  }
  return createPrismaClient(config.DATABASE_URL, role, config);
}

function svcConnectionFor(config: Env, logger: Logger): SvcConnectionConfig {
  return {
    baseUrls: { qa: config.SVC_QA_BASE_URL, production: config.SVC_BASE_URL },
    serviceName: config.SVC_NAME,
    encryptionKey: config.ENCRYPTION_KEY,
    logger: logger.child({ component: "svc" }),
    onAttempt: ({ endpoint, durationMs, error }) => metrics.upstreamAttempt(endpoint, durationMs / 1000, error),
    requestId: currentRequestId,
  };
}

// One pacing per database: every job and request of a shop, in every process, shares its Admin API
// points (app/shopify/admin-pacing.server.ts, ADR 026).
function pacingOn(db: PrismaClient): AdminPacing {
  return createAdminPacing({
    sleep: (ms) => {
      metrics.adminThrottleWait(ms);
      return new Promise((r) => setTimeout(r, ms));
    },
    nowMs: () => Date.now(),
    // The answers' reports written together, a tenth of a second at most apart (issue 34).
    budget: postgresBudgetStore(db, { batchReportsMs: 100 }),
  });
}

/** The shops' expiring offline tokens, refreshed one process at a time (ADR 020). */
function offlineTokensFor(deps: { config: Env; db: PrismaClient; now: () => Date; logger: Logger }): OfflineTokens {
  const { config, db, now, logger } = deps;
  const simulatedStore = config.SIMULATED_STORE_URL?.replace(/\/$/, "");
  // Shopify's token endpoint is on the shop's host; the simulated store serves it under /shops/{shop}.
  return createOfflineTokens({
    db,
    now,
    logger: logger.child({ component: "offline-token" }),
    tokenUrl: (shop) =>
      simulatedStore
        ? `${simulatedStore}/shops/${shop}/admin/oauth/access_token`
        : `https://${shop}/admin/oauth/access_token`,
    clientId: config.SHOPIFY_API_KEY,
    clientSecret: config.SHOPIFY_API_SECRET,
  });
}

// The services' Admin GraphQL, paced on the shared budget. Parts handed in (tests' adminFor) are not paced.
function pacedAdminFor(deps: {
  config: Env;
  shopify: Shopify;
  tokens: OfflineTokens;
  paced: AdminPacing;
}): (shop: string) => Promise<AdminGraphql> {
  const { config, tokens, paced } = deps;
  const simulatedStore = config.SIMULATED_STORE_URL?.replace(/\/$/, "");
  if (!simulatedStore)
    return async (shop) => paced(shop, await shopifyAdminGraphql(shop, tokens, deps.shopify.unauthenticated));
  return async (shop) =>
    paced(shop, simulatedStoreAdminGraphql({ baseUrl: simulatedStore, shop, tokens, apiVersion: ADMIN_API_VERSION }));
}

/** Every queue the app's workers serve, keyed by queue name. A new queue is one line here. */
export function jobHandlers(services: AppServices): JobHandlers {
  const deps: HandlerDeps = services;
  return {
    // «Almacén» shows the warehouse beside Shopify's levels as each sync left them.
    ...fulfillmentJobHandlers({
      ...deps,
      carrierName: carrierServiceName(services.svc.serviceName),
      afterStockSync: (shop, synced) => readWarehouse(deps, shop, synced),
    }),
    ...catalogJobHandlers(deps),
    ...readinessJobHandlers(services),
    ...retentionJobHandlers(deps),
    ...flowJobHandlers(deps),
    ...schedulesJobHandlers(deps),
  };
}

/**
 * Starts a job worker (the production server runs it in its own thread, server/jobs-thread.ts);
 * returns a function that stops it once the jobs it holds are finished.
 */
export function startBackgroundWork(
  services: AppServices,
  opts: { concurrency?: number } = {},
): { owner: string; stop(): Promise<void> } {
  const { db, logger, now } = services;
  const worker = createJobWorker({
    db,
    handlers: jobHandlers(services),
    logger,
    concurrency: opts.concurrency,
    ...jobFailurePolicy({ logger, now }),
  });
  worker.start();
  // The recurring jobs the queues declare (retention; the sweep that starts any shop's missing
  // recurring jobs): one row each shared by every process, whichever worker claims it runs it.
  ensureRecurringJobs(db, now()).catch((error: unknown) =>
    logger.error({ err: String(error) }, "could not schedule the recurring jobs"),
  );
  logger.info({ owner: worker.owner, concurrency: opts.concurrency }, "background worker started");
  return { owner: worker.owner, stop: () => worker.stop() };
}

/** Queues again the jobs a worker that was stopped mid-job still held (server/jobs-thread-host.ts). */
export function releaseJobLeases(services: AppServices, owner: string): Promise<number> {
  return releaseLeases(services.db, owner);
}

/** /readyz's database part: reachable, and every migration of this version applied. */
export function checkDatabaseReadiness(services: AppServices, migrations: readonly string[]): Promise<ReadinessReport> {
  return checkReadiness({ db: services.db, migrations });
}

/** What the serving thread does last when it stops: writes the buffered quote log. */
export function stopServing(services: AppServices): Promise<void> {
  return services.rates.stop();
}

/** The serving thread's metrics: the process's defaults (event-loop lag…) and the queues read at each scrape. */
export function startProcessMetrics(services: AppServices): void {
  // With PostgreSQL away the scrape still answers (event-loop lag, the rate answers): the queue
  // gauges are left out of it, which an "absent" alert catches.
  enableProcessMetrics(() =>
    queueBacklog(services.db).catch((error: unknown) => {
      services.logger.warn({ err: String(error) }, "metrics: the job queues could not be read");
      return [];
    }),
  );
}

export { metricsSnapshot, renderMetrics } from "./metrics.server";
