/**
 * The readiness queue ("shop.readiness"): one job per connected shop that checks the checklist
 * and books its next run, so a merchant removing our rates shows up on Inicio within RECHECK_MS.
 */
import { jobErrorCode } from "../job-errors/error-codes";
import type { JobOutcome } from "../jobs/queue.server";
import type { QueueHandlers } from "../jobs/worker.server";
import type { HandlerDeps } from "../handler-deps";
import type { RatesRuntime } from "../rates/runtime.server";
import {
  checkReadiness,
  defaultTestQuote,
  READINESS_QUEUE,
  RECHECK_MS,
  scheduleReadinessCheck,
  type ReadinessDeps,
} from "./readiness.server";

/** The readiness module's dependencies from the process's services (the route and the job share them). */
export function readinessDeps(services: HandlerDeps & { rates: Pick<RatesRuntime, "quoteRates"> }): ReadinessDeps {
  return {
    db: services.db,
    logger: services.logger,
    now: services.now,
    adminFor: (shop) => services.adminFor(shop),
    svcClientFor: (shop) => services.svcClientFor(shop),
    testQuote: (shop) => defaultTestQuote(services, shop),
  };
}


/** The handler of the readiness queue, assembled by app/composition.server.ts. */
export function readinessJobHandlers(
  deps: HandlerDeps & { rates: Pick<RatesRuntime, "quoteRates"> },
  overrides: Partial<Pick<ReadinessDeps, "adminFor" | "svcClientFor" | "testQuote">> = {},
): QueueHandlers<typeof READINESS_QUEUE> {
  return {
    [READINESS_QUEUE]: async (job): Promise<JobOutcome> => {
      const row = await deps.db.shop.findUnique({ where: { domain: job.shop }, select: { svcApiKeyCiphertext: true } });
      // A disconnected shop is checked once (its checklist then says the key is gone) and no
      // longer after; connecting starts it again.
      if (!row?.svcApiKeyCiphertext) {
        if (row)
          await checkReadiness({ ...readinessDeps(deps), ...overrides }, job.shop).catch((error: unknown) =>
            deps.logger.warn({ shop: job.shop, err: String(error) }, "readiness check of a disconnected shop failed"),
          );
        return { kind: "done" };
      }
      const at = (ms: number) => new Date(deps.now().getTime() + ms);
      // A follow-up row an older version queued during a rolling deploy (key `<shop>:again`): it
      // becomes the wake-up of the shop's one check (ADR 004) instead of a second periodic check.
      if (job.key !== job.shop) {
        await scheduleReadinessCheck(deps.db, { shop: job.shop, now: deps.now() });
        return { kind: "done" };
      }
      try {
        await checkReadiness({ ...readinessDeps(deps), ...overrides }, job.shop);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.warn({ shop: job.shop, err: message }, "readiness check failed");
        // Again after the queue's retry delay (./readiness.server.ts).
        return { kind: "reschedule", error: message, errorCode: jobErrorCode(error) };
      }
      return { kind: "reschedule", at: at(RECHECK_MS) };
    },
  };
}
