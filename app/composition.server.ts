// The composition root: the one file that assembles the app's background work from its modules —
// every queue's handler and what a process flushes when it stops. It depends on the modules and no
// module depends on it (docs/decisions/011-composition-root.md). A new queue is one line here.
import { catalogJobHandlers } from "./catalog/jobs.server";
import { appContext } from "./context.server";
import { fulfillmentJobHandlers } from "./fulfillment/jobs.server";
import type { HandlerDeps, JobHandler } from "./jobs/worker.server";
import { createJobWorker } from "./jobs/worker.server";
import { stopRatesRuntime } from "./rates/runtime.server";

/** Every queue the app's workers serve, keyed by queue name. */
export function jobHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  return {
    ...fulfillmentJobHandlers(deps),
    ...catalogJobHandlers(deps),
  };
}

/** What each process does last when it stops, after its worker has finished its jobs. */
const shutdownTasks: Array<() => Promise<void>> = [
  // The buffered quote log, so the last quotes before a shutdown are kept.
  stopRatesRuntime,
];

/** Starts this process's job worker; returns a function that stops it and runs the shutdown tasks. */
export function startBackgroundWork(): () => Promise<void> {
  const { db, logger, now } = appContext();
  const worker = createJobWorker({ db, handlers: jobHandlers({ db, logger, now }), logger });
  worker.start();
  logger.info({ owner: worker.owner }, "background worker started");
  return async () => {
    await worker.stop();
    for (const task of shutdownTasks) await task();
  };
}
