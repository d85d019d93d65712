// The composition root: the one file that assembles the app's background work from its modules —
// every queue's handler and what a process flushes when it stops. It depends on the modules and no
// module depends on it (docs/decisions/011-composition-root.md). A new queue is one line here.
import { catalogJobHandlers } from "./catalog/jobs.server";
import { appContext } from "./context.server";
import { flowJobHandlers } from "./flow/trigger-jobs.server";
import { fulfillmentJobHandlers } from "./fulfillment/jobs.server";
import type { HandlerDeps, JobHandler } from "./jobs/worker.server";
import { createJobWorker } from "./jobs/worker.server";
import { stopRatesRuntime } from "./rates/runtime.server";

/** Every queue the app's workers serve, keyed by queue name. */
export function jobHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  return {
    ...fulfillmentJobHandlers(deps),
    ...catalogJobHandlers(deps),
    ...flowJobHandlers(deps),
  };
}

/**
 * Starts a job worker (the production server runs it in its own thread, server/jobs-thread.ts);
 * returns a function that stops it once the jobs it holds are finished.
 */
export function startBackgroundWork(opts: { concurrency?: number } = {}): () => Promise<void> {
  const { db, logger, now } = appContext();
  const worker = createJobWorker({
    db,
    handlers: jobHandlers({ db, logger, now }),
    logger,
    concurrency: opts.concurrency,
  });
  worker.start();
  logger.info({ owner: worker.owner, concurrency: opts.concurrency }, "background worker started");
  return () => worker.stop();
}

/** What the serving thread does last when it stops: writes the buffered quote log. */
export const stopServing = stopRatesRuntime;
