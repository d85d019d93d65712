// Started once per app process by server/index.ts (through the server build's entry module).
import prisma from "../db.server";
import { logger } from "../logger.server";
import { stopRatesRuntime } from "../rates/runtime.server";
import { jobHandlers } from "./handlers.server";
import { createJobWorker } from "./worker.server";

/** Starts this process's job worker; returns a function that stops it. */
export function startBackgroundWork(): () => Promise<void> {
  const worker = createJobWorker({
    db: prisma,
    handlers: jobHandlers({ db: prisma, logger, now: () => new Date() }),
    logger,
  });
  worker.start();
  logger.info({ owner: worker.owner }, "background worker started");
  return async () => {
    await worker.stop();
    // Flushes the buffered quote log so the last quotes before a shutdown are kept.
    await stopRatesRuntime();
  };
}
