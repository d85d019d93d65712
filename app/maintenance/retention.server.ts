// Bounded data (issue 21): the tables that grow with traffic are trimmed by one leased periodic job,
// in small batches, each one short statement, so it never holds locks a checkout or a webhook waits
// on. At 1,000 quotes/s QuoteLog alone grew by ~86 M rows a day.
//
// - QuoteLog: raw rows are kept RAW_QUOTES_MS (two days; Inicio reads the last 24 hours, so its
//   figures — median, p99, cache share, per-hour chart — still come from every raw row). Older rows
//   are rolled up per shop and clock hour into QuoteHourly (count, cache hits, answered, sum and max
//   of durations) in the same statement that deletes them, so no quote is counted twice or lost.
// - Job: rows finished (`done`) more than FINISHED_JOBS_MS ago. Failed jobs stay: pages list them
//   for a person to retry. Enqueueing a deleted key simply inserts it again.
// - WebhookDelivery: rows older than WEBHOOK_DEDUP_MS. Shopify retries a delivery for up to 48
//   hours, so a week covers every redelivery the de-duplication must recognise.
// - OrderStop: stops older than ORDER_STOPS_MS (a claim checks the ones since its job's read of
//   Shopify, a lease — a minute — before it).
// - CustomerDataRequest: exports past EXPORT_RETENTION_DAYS (the privacy page no longer lists them).
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { z } from "zod";
import { deleteFinishedJobs, ensureRecurringJobs, type JobOutcome } from "../jobs/queue.server";
import { defineQueue } from "../jobs/registry";
import type { QueueHandlers } from "../jobs/worker.server";
import { rollUpQuotes } from "../rates/quote-log.server";
import { deleteOldDeliveries } from "../shopify/webhooks/webhook-delivery.server";
import { purgeExpiredExports } from "../privacy/customer-data.server";
import { deleteOldStops } from "../fulfillment/records/records.server";

const HOUR_MS = 60 * 60 * 1000;
/** @internal */
export const RAW_QUOTES_MS = 48 * HOUR_MS;
const FINISHED_JOBS_MS = 7 * 24 * HOUR_MS;
const WEBHOOK_DEDUP_MS = 7 * 24 * HOUR_MS;
const ORDER_STOPS_MS = 24 * HOUR_MS;
const RETENTION_BATCH = 5_000;
const noPayload = z.object({});
declare module "../jobs/registry" {
  interface JobPayloads {
    "maintenance.retention": z.infer<typeof noPayload>;
  }
}
/** One row for the whole app, whichever worker claims it runs it. */
export const RETENTION_QUEUE = defineQueue("maintenance.retention", {
  payload: noPayload,
  recurring: { key: "retention" },
});
/** One run stops after this long and comes back soon; a backlog never holds a job slot for long. */
const RUN_BUDGET_MS = 20_000;
const NEXT_RUN_MS = 10 * 60_000;
const BACKLOG_NEXT_RUN_MS = 5_000;

interface RetentionCutoffs {
  quotesBefore: Date;
  jobsBefore: Date;
  deliveriesBefore: Date;
  stopsBefore: Date;
}

function retentionCutoffs(now: Date): RetentionCutoffs {
  return {
    quotesBefore: new Date(now.getTime() - RAW_QUOTES_MS),
    jobsBefore: new Date(now.getTime() - FINISHED_JOBS_MS),
    deliveriesBefore: new Date(now.getTime() - WEBHOOK_DEDUP_MS),
    stopsBefore: new Date(now.getTime() - ORDER_STOPS_MS),
  };
}

interface RetentionRun {
  /** Raw quotes rolled up and deleted. */
  quotes: number;
  jobs: number;
  deliveries: number;
  stops: number;
  batches: number;
  /** True when the budget ran out with old rows left. */
  more: boolean;
}

/**
 * Trims every table batch by batch until nothing old is left or `budgetMs` has passed.
 * @internal
 */
export async function runRetention(opts: {
  db: Pick<PrismaClient, "$executeRaw" | "$queryRaw">;
  now: Date;
  batch?: number;
  budgetMs?: number;
  clock?: () => number;
}): Promise<RetentionRun> {
  const batch = opts.batch ?? RETENTION_BATCH;
  const clock = opts.clock ?? Date.now;
  const deadline = clock() + (opts.budgetMs ?? RUN_BUDGET_MS);
  const cutoffs = retentionCutoffs(opts.now);
  const run: RetentionRun = { quotes: 0, jobs: 0, deliveries: 0, stops: 0, batches: 0, more: false };
  const passes: Array<{ field: "quotes" | "jobs" | "deliveries" | "stops"; step: () => Promise<number> }> = [
    { field: "quotes", step: () => rollUpQuotes(opts.db, cutoffs.quotesBefore, batch) },
    { field: "jobs", step: () => deleteFinishedJobs(opts.db, cutoffs.jobsBefore, batch) },
    { field: "deliveries", step: () => deleteOldDeliveries(opts.db, cutoffs.deliveriesBefore, batch) },
    { field: "stops", step: () => deleteOldStops(opts.db, cutoffs.stopsBefore, batch) },
  ];
  for (const pass of passes) {
    for (;;) {
      if (clock() >= deadline) return { ...run, more: true };
      const n = await pass.step();
      run[pass.field] += n;
      run.batches++;
      if (n < batch) break;
      // Let other work on this event loop (and in PostgreSQL) go between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return run;
}

/**
 * Makes sure the periodic retention job exists (each worker does, ensureRecurringJobs; one row for all).
 * @internal
 */
export function ensureRetentionJob(db: PrismaClient, now: Date): Promise<void> {
  return ensureRecurringJobs(db, now, [RETENTION_QUEUE]);
}

/** The retention job's handler: trims, then comes back in ten minutes (five seconds with a backlog). */
export function retentionJobHandlers(deps: {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
}): QueueHandlers<typeof RETENTION_QUEUE> {
  return {
    [RETENTION_QUEUE]: async (): Promise<JobOutcome> => {
      const now = deps.now();
      const run = await runRetention({ db: deps.db, now });
      const exports = await purgeExpiredExports(deps.db, now);
      if (run.quotes || run.jobs || run.deliveries || run.stops || exports)
        deps.logger.info({ ...run, exports }, "retention trimmed old rows");
      // Counted from the run's end: a backlog leaves gaps for other jobs, not back-to-back runs.
      const end = run.more ? deps.now().getTime() + BACKLOG_NEXT_RUN_MS : now.getTime() + NEXT_RUN_MS;
      return { kind: "reschedule", at: new Date(end) };
    },
  };
}
