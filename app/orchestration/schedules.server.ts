/**
 * The recurring jobs every connected shop must have: order reconciliation, the stock schedule
 * (when switched on) and the readiness check. Connecting and saving the settings start them and
 * each job books its own next run; this makes sure of them for shops that lack one (connected
 * before the job existed, or a run that gave up). It runs where writes belong: in the worker's
 * periodic "shop.schedules" job (queued as each worker starts and after Shopify's auth — install,
 * reinstall —, then hourly), never on a page's GET.
 */
import type { PrismaClient } from "@prisma/client";
import { ensureReconciliation } from "../fulfillment/jobs/reconcile.server";
import { ensureStockSchedule } from "../fulfillment/jobs/stock-sync.server";
import { z } from "zod";
import { ensureRecurringJobs, type JobOutcome } from "../jobs/queue.server";
import { defineQueue } from "../jobs/registry";
import type { HandlerDeps } from "../handler-deps";
import type { QueueHandlers } from "../jobs/worker.server";
import { ensureReadinessCheck } from "./readiness.server";

const noPayload = z.object({});
declare module "../jobs/registry" {
  interface JobPayloads {
    "shop.schedules": z.infer<typeof noPayload>;
  }
}

/** The sweep's queue: one row for the whole app. */
export const SCHEDULES_QUEUE = defineQueue("shop.schedules", { payload: noPayload, recurring: { key: "schedules" } });

/** Makes sure the sweep exists and runs by `now` (each worker calls it as it starts, the auth hook after an install). */
export function ensureSchedulesJob(db: PrismaClient, now: Date): Promise<void> {
  return ensureRecurringJobs(db, now, [SCHEDULES_QUEUE]);
}

/**
 * How often the sweep looks again (a given-up run is started again within this).
 * @internal
 */
export const SCHEDULES_EVERY_MS = 60 * 60_000;

/**
 * Starts whichever of the shop's recurring jobs is neither queued nor running (a no-op when not connected).
 * @internal
 */
export async function ensureShopSchedules(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  await ensureReconciliation(db, args);
  await ensureStockSchedule(db, args);
  await ensureReadinessCheck(db, args);
}

/**
 * Every connected, installed shop's schedules; returns how many shops were looked at.
 * @internal
 */
export async function ensureEveryShopSchedules(db: PrismaClient, now: Date): Promise<number> {
  const shops = await db.shop.findMany({
    where: { svcApiKeyCiphertext: { not: null }, uninstalledAt: null },
    select: { domain: true },
    orderBy: { domain: "asc" },
  });
  for (const { domain } of shops) await ensureShopSchedules(db, { shop: domain, now });
  return shops.length;
}

/** The sweep's handler, assembled by app/composition.server.ts: looks at every shop, then again in an hour. */
export function schedulesJobHandlers(deps: HandlerDeps): QueueHandlers<typeof SCHEDULES_QUEUE> {
  return {
    [SCHEDULES_QUEUE]: async (): Promise<JobOutcome> => {
      const shops = await ensureEveryShopSchedules(deps.db, deps.now());
      deps.logger.debug({ shops }, "shop schedules ensured");
      return { kind: "reschedule", at: new Date(deps.now().getTime() + SCHEDULES_EVERY_MS) };
    },
  };
}
