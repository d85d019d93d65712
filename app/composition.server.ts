// The composition root: the one file that assembles the app's background work from its modules —
// every queue's handler and what a process flushes when it stops. It depends on the modules and no
// module depends on it (docs/decisions/011-composition-root.md). A new queue is one line here.
import { catalogJobHandlers } from "./catalog/jobs.server";
import { appContext } from "./context.server";
import { flowJobHandlers } from "./flow/trigger-jobs.server";
import { fulfillmentJobHandlers } from "./fulfillment/jobs.server";
import type { HandlerDeps, JobHandler } from "./jobs/worker.server";
import { createJobWorker } from "./jobs/worker.server";
import { queueBacklog, releaseLeases } from "./jobs/queue.server";
import { enableProcessMetrics } from "./metrics.server";
import { checkReadiness, type ReadinessReport } from "./http/health.server";
import { ensureRetentionJob, retentionJobHandlers } from "./maintenance/retention.server";
import { stopRatesRuntime } from "./rates/runtime.server";
import { readinessJobHandlers } from "./shop/jobs.server";
import { schedulesJobHandlers } from "./shop/schedules.server";
import { ensureSchedulesJob } from "./shop/schedules-queue.server";

/** Every queue the app's workers serve, keyed by queue name. */
export function jobHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  return {
    ...fulfillmentJobHandlers(deps),
    ...catalogJobHandlers(deps),
    ...readinessJobHandlers(deps),
    ...schedulesJobHandlers(deps),
    ...retentionJobHandlers(deps),
    ...flowJobHandlers(deps),
  };
}

/**
 * Starts a job worker (the production server runs it in its own thread, server/jobs-thread.ts);
 * returns a function that stops it once the jobs it holds are finished.
 */
export function startBackgroundWork(opts: { concurrency?: number } = {}): { owner: string; stop(): Promise<void> } {
  const { db, logger, now } = appContext();
  const worker = createJobWorker({
    db,
    handlers: jobHandlers({ db, logger, now }),
    logger,
    concurrency: opts.concurrency,
  });
  worker.start();
  // The periodic retention job (one row shared by every process; whichever worker claims it runs it).
  ensureRetentionJob(db, now()).catch((error: unknown) =>
    logger.error({ err: String(error) }, "could not schedule the retention job"),
  );
  // The periodic sweep that starts any shop's missing recurring jobs (app/shop/schedules.server.ts).
  ensureSchedulesJob(db, now()).catch((error: unknown) =>
    logger.error({ err: String(error) }, "could not schedule the shop schedules job"),
  );
  logger.info({ owner: worker.owner, concurrency: opts.concurrency }, "background worker started");
  return { owner: worker.owner, stop: () => worker.stop() };
}

/** Queues again the jobs a worker that was stopped mid-job still held (server/jobs-thread-host.ts). */
export function releaseJobLeases(owner: string): Promise<number> {
  return releaseLeases(appContext().db, owner);
}

/** /readyz's database part: reachable, and every migration of this version applied. */
export function checkDatabaseReadiness(migrations: readonly string[]): Promise<ReadinessReport> {
  return checkReadiness({ db: appContext().db, migrations });
}

/** What the serving thread does last when it stops: writes the buffered quote log. */
export const stopServing = stopRatesRuntime;

/** The serving thread's metrics: the process's defaults (event-loop lag…) and the queues read at each scrape. */
export function startProcessMetrics(): void {
  // With PostgreSQL away the scrape still answers (event-loop lag, the rate answers): the queue
  // gauges are left out of it, which an "absent" alert catches.
  enableProcessMetrics(() =>
    queueBacklog(appContext().db).catch((error: unknown) => {
      appContext().logger.warn({ err: String(error) }, "metrics: the job queues could not be read");
      return [];
    }),
  );
}

export { metricsSnapshot, renderMetrics } from "./metrics.server";
