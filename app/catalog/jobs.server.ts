/**
 * The catalogue's job queues: "catalog.sync" (one full sync per shop) and "catalog.product" (one
 * product's webhook-driven re-sync). Both resume safely when a crashed worker's job is reclaimed.
 */
import { jobErrorCode } from "../job-errors/error-codes";
import { extendLease, type JobOutcome } from "../jobs/queue.server";
import type { HandlerDeps } from "../handler-deps";
import type { QueueHandlers } from "../jobs/worker.server";
import type { AdminGraphql } from "../shopify/admin.server";
import type { SvcClient } from "../svc";
import { catalogEnv, type CatalogDeps } from "./catalog-env.server";
import { FULL_SYNC_QUEUE, fullSyncStep } from "./full-sync.server";
import { markProductDeleted, PRODUCT_QUEUE, registerPending, syncProduct } from "./product-sync.server";
import { createAdminPacing, type AdminPacing, type Sleep } from "../shopify/admin-pacing.server";
import { findByInventoryItem } from "./variant-records.server";
import { catalogSyncProblem, retrying, syncErrorColumns } from "./sync-errors";
import { errorDetail, syncProblemOf } from "./sync-errors.server";

export interface CatalogJobOptions {
  /** Instead of the services' Admin GraphQL per shop. */
  adminFor?(shop: string): Promise<AdminGraphql>;
  /** Instead of the services' service client per shop. */
  svcClientFor?(shop: string): Promise<SvcClient | null>;
  sleep?: Sleep;
  /** Products per product/new request. */
  batchSize?: number;
  /** Largest page of variants per Admin GraphQL call (the throttle may make it smaller). */
  pageSize?: number;
  /** How long one run of the full sync may take before it yields to other jobs (ms). */
  budgetMs?: number;
  /** How far each step pushes the job's lease (ms). */
  leaseMs?: number;
  /**
   * While Shopify's bulk operation runs, how long until the job looks again (ms). The
   * bulk_operations/finish webhook wakes it sooner; this is the fallback when that is lost.
   */
  bulkPollMs?: number;
  /** Downloads the bulk operation's result; defaults to global fetch. */
  fetchFile?: typeof fetch;
}

const DEFAULT_BATCH_SIZE = 250;
const DEFAULT_BUDGET_MS = 30_000;
const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_BULK_POLL_MS = 10_000;
/** While a full sync runs, product jobs of the shop wait for it instead of racing it. */
const WAIT_FOR_FULL_SYNC_MS = 15_000;


const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The handlers of the catalogue's queues, assembled by app/composition.server.ts. */
export function catalogJobHandlers(
  deps: HandlerDeps,
  options: CatalogJobOptions = {},
): QueueHandlers<typeof FULL_SYNC_QUEUE | typeof PRODUCT_QUEUE> {
  const sleep = options.sleep ?? defaultSleep;
  // With its own sleep (tests) the handlers pace on a budget of their own; else on the app's shared one
  // (or on one of their own when handed none).
  const ownPacing: AdminPacing | undefined =
    options.sleep || !deps.adminPacing ? createAdminPacing({ sleep, nowMs: () => deps.now().getTime() }) : undefined;
  const catalogDeps: CatalogDeps = {
    db: deps.db,
    logger: deps.logger,
    now: deps.now,
    adminFor: options.adminFor ?? deps.adminFor,
    svcClientFor: options.svcClientFor ?? deps.svcClientFor,
    pacerFor: async (shop) => (ownPacing ?? deps.adminPacing!).loadShop(shop),
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    pageSize: options.pageSize,
    fetchFile: options.fetchFile,
  };
  const later = (ms: number) => new Date(deps.now().getTime() + ms);

  return {
    [FULL_SYNC_QUEUE]: async (job) => {
      const sync = await deps.db.catalogSync.findUnique({ where: { id: job.payload.syncId } });
      if (!sync || sync.state !== "running") return { kind: "done" };
      const env = await catalogEnv(catalogDeps, job.shop);
      if (!env) {
        await deps.db.catalogSync.update({
          where: { id: sync.id },
          data: { state: "failed", ...syncErrorColumns(catalogSyncProblem("disconnected")), finishedAt: deps.now() },
        });
        return { kind: "done" };
      }
      const startedAt = Date.now();
      const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
      const shouldYield = () => Date.now() - startedAt >= budgetMs;
      try {
        for (;;) {
          const phase = await fullSyncStep(env, sync.id, { shouldYield });
          if (phase === "completed") return { kind: "done" };
          // Not an attempt: the finish webhook wakes the job earlier (bulk-finish.server.ts).
          if (phase === "waiting") return { kind: "reschedule", at: later(options.bulkPollMs ?? DEFAULT_BULK_POLL_MS) };
          const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
          if (!(await extendLease(deps.db, job, later(leaseMs)))) {
            env.logger.warn({ syncId: sync.id }, "catalogue sync lost its lease; another worker carries on");
            return { kind: "reschedule", at: deps.now() };
          }
          if (shouldYield()) return { kind: "reschedule", at: deps.now() };
        }
      } catch (error) {
        const message = describeError(error);
        const exhausted = job.attempts >= job.maxAttempts;
        // What the page says is the code; the exception's text goes to the logs and errorDetail only.
        const problem = retrying(syncProblemOf(error), !exhausted);
        env.logger.warn(
          { syncId: sync.id, err: message, code: problem.code, attempt: job.attempts },
          "catalogue sync step failed",
        );
        const columns = syncErrorColumns(problem, errorDetail(error));
        await deps.db.catalogSync.update({
          where: { id: sync.id },
          data: exhausted ? { state: "failed", ...columns, finishedAt: deps.now() } : columns,
        });
        // Given up: the failed sync is what Catálogo shows (with its button to sync again), so the
        // job ends here rather than also showing as a failed job.
        if (exhausted) return { kind: "done" };
        // Again after the queue's retry delay, backed off (its declared policy).
        return { kind: "retry", error: message, errorCode: jobErrorCode(error) };
      }
    },

    [PRODUCT_QUEUE]: async (job): Promise<JobOutcome> => {
      const running = await deps.db.catalogSync.findFirst({
        where: { shop: job.shop, state: "running" },
        select: { id: true },
      });
      if (running) return { kind: "reschedule", at: later(WAIT_FOR_FULL_SYNC_MS) };
      const { payload } = job;
      try {
        if (payload.kind === "product" && payload.deleted) {
          const released = await markProductDeleted({
            db: deps.db,
            shop: job.shop,
            productId: payload.productId,
            at: deps.now(),
          });
          const env = released.length > 0 ? await catalogEnv(catalogDeps, job.shop) : null;
          if (env) await registerPending(env, released);
          return { kind: "done" };
        }
        const env = await catalogEnv(catalogDeps, job.shop);
        // Not connected: nothing can be registered; the full sync after connecting catches up.
        if (!env) return { kind: "done" };
        let productId = payload.kind === "product" ? payload.productId : null;
        if (payload.kind === "inventory_item") {
          const known = await findByInventoryItem(deps.db, job.shop, payload.inventoryItemId);
          productId = known?.productId ?? (await env.reader.productOfInventoryItem(payload.inventoryItemId));
        }
        if (productId) await syncProduct(env, productId);
        return { kind: "done" };
      } catch (error) {
        const message = describeError(error);
        deps.logger.warn({ key: job.key, err: message, attempt: job.attempts }, "catalogue product job failed");
        return { kind: "retry", error: message, errorCode: jobErrorCode(error) };
      }
    },
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
