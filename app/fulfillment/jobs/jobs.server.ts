/**
 * The fulfilment and stock queues' handlers. Each handler is safe to run again after a crash at
 * any point (docs/decisions/007-fulfillment-exactly-once.md), because a worker that dies loses
 * its lease and another one runs the job again.
 */
import { jobErrorCode } from "../../job-errors/error-codes";
import type { JobOutcome } from "../../jobs/queue.server";
import type { JobOf } from "../../jobs/registry";
import type { HandlerDeps } from "../../handler-deps";
import type { QueueHandlers } from "../../jobs/worker.server";
import { writeOrderNote } from "../shopify/order-note.server";
import { pollFulfillment } from "./poll.server";
import {
  NOTE_QUEUE,
  POLL_QUEUE,
  RECONCILE_QUEUE,
  REQUESTS_QUEUE,
  RESOLVE_QUEUE,
  STOCK_QUEUE,
  SUBMIT_QUEUE,
  type FulfillmentJobPayload,
  type StockJobPayload,
} from "../core/queues";
import { after } from "../core/schedule";
import { planOrder } from "./plan.server";
import { resolveFulfillmentOrder } from "../intake/lifecycle-intake.server";
import { nextReconciliation, reconcileOrders } from "./reconcile.server";
import { REQUESTS_POLL_MS, readAssignedRequests } from "../shopify/fulfillment-service.server";
import { syncStock, type StockSyncResult } from "./stock-sync.server";
import { getShopSettings } from "../../shop/shop-settings.server";
import { releaseCoveredOrders } from "./awaiting-stock.server";

export interface FulfillmentHandlerDeps extends HandlerDeps {
  /** Our carrier service's name (carrierServiceName of SVC_NAME): which shipping lines are ours. */
  carrierName?: string;
  /**
   * What follows a stock sync that wrote Shopify's levels: the composition root hands in Almacén's
   * read of the warehouse (app/warehouse), which fulfilment does not import.
   */
  afterStockSync?: (shop: string, synced: Extract<StockSyncResult, { kind: "synced" }>) => Promise<unknown>;
}

type FulfillmentQueue =
  | typeof SUBMIT_QUEUE
  | typeof POLL_QUEUE
  | typeof RECONCILE_QUEUE
  | typeof REQUESTS_QUEUE
  | typeof RESOLVE_QUEUE
  | typeof NOTE_QUEUE
  | typeof STOCK_QUEUE;

/**
 * Handlers of fulfilment's and stock's queues. When a failed run tries again is each queue's
 * declared policy (./queues.ts): a handler says only that it failed.
 */
export function fulfillmentJobHandlers(deps: FulfillmentHandlerDeps): QueueHandlers<FulfillmentQueue> {
  const full = {
    ...deps,
    // The app's shared Admin API budget, with the app's Admin calls (handlers handed no pacing pace alone).
    pacerFor: deps.adminPacing ? (shop: string) => deps.adminPacing!.forShop(shop) : undefined,
  };
  return {
    [SUBMIT_QUEUE]: async (job) => {
      const shopifyOrderId = await orderIdOf(full, job);
      if (!shopifyOrderId) return { kind: "done" };
      const outcome = await planOrder(full, { shop: job.shop, shopifyOrderId });
      return outcome.kind === "again" ? { kind: "reschedule", at: outcome.at } : { kind: "done" };
    },
    [POLL_QUEUE]: async (job, lease) => {
      const { delayMs } = job.payload;
      const outcome = await pollFulfillment(
        lease ? { ...full, stillHolds: lease.stillHolds } : full,
        fulfillmentIdOf(job),
        delayMs,
      );
      if (outcome.kind === "done") return { kind: "done" };
      const payload: FulfillmentJobPayload = { fulfillmentId: fulfillmentIdOf(job), delayMs: outcome.delayMs };
      return {
        kind: "reschedule",
        at: outcome.at,
        payload: { ...payload },
        error: outcome.error,
        errorCode: outcome.errorCode,
      };
    },
    [RECONCILE_QUEUE]: async (job): Promise<JobOutcome> => {
      // A disconnected shop stops being reconciled; connecting starts it again.
      if (!(await full.svcClientFor(job.shop))) return { kind: "done" };
      try {
        await reconcileOrders(full, job.shop);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.warn({ shop: job.shop, err: message }, "orders reconciliation failed");
        // Kept on the row: Inicio shows it with a retry until a run succeeds (after the queue's retry delay).
        return { kind: "reschedule", error: message, errorCode: jobErrorCode(error) };
      }
      return { kind: "reschedule", at: await nextReconciliation(deps.db, job.shop, deps.now()) };
    },
    [REQUESTS_QUEUE]: async (job): Promise<JobOutcome> => {
      const { settings } = await getShopSettings({ db: deps.db, shop: job.shop });
      if (settings.fulfillment.mode !== "fulfillment_service") return { kind: "done" };
      // Disconnected: nothing could be sent to the warehouse; connecting starts the reading again.
      if (!(await full.svcClientFor(job.shop))) return { kind: "done" };
      let error: string | undefined;
      let errorCode: string | undefined;
      try {
        await readAssignedRequests(full, job.shop);
      } catch (thrown) {
        error = thrown instanceof Error ? thrown.message : String(thrown);
        errorCode = jobErrorCode(thrown);
        deps.logger.warn({ shop: job.shop, err: error }, "reading fulfilment requests failed");
      }
      // Notifications are coalesced and can be lost: keep polling while in this mode.
      return { kind: "reschedule", at: after(deps.now(), REQUESTS_POLL_MS), error, errorCode };
    },
    [RESOLVE_QUEUE]: async (job) => {
      const { fulfillmentOrderGid } = job.payload;
      await resolveFulfillmentOrder(full, { shop: job.shop, fulfillmentOrderGid });
      return { kind: "done" };
    },
    [NOTE_QUEUE]: async (job) => {
      const { shopifyOrderId } = job.payload;
      const order = typeof shopifyOrderId === "string" ? { shop: job.shop, shopifyOrderId } : undefined;
      const outcome = await writeOrderNote(full, fulfillmentIdOf(job), order);
      return outcome === "again" ? { kind: "reschedule", at: deps.now() } : { kind: "done" };
    },
    [STOCK_QUEUE]: async (job): Promise<JobOutcome> => {
      const { onDemand } = job.payload;
      // Disconnected: there is no stock to read; connecting starts the schedule again.
      if (!(await full.svcClientFor(job.shop))) return { kind: "done" };
      try {
        const synced = await syncStock(full, job.shop, { onDemand });
        // «Almacén» shows the warehouse beside Shopify's levels as this sync left them.
        if (synced.kind === "synced") {
          await deps.afterStockSync?.(job.shop, synced);
          // Orders waiting for stock that this read covers go again (never more often than this schedule).
          await releaseCoveredOrders(full, job.shop);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.warn({ shop: job.shop, err: message }, "stock sync failed");
        const errorCode = jobErrorCode(error);
        // Switched off meanwhile: it stops, and a failed on-demand run still shows on Inicio. Else
        // the schedule carries on after the queue's retry delay (five minutes, never more than an interval).
        if (!(await stockScheduled(full, job.shop))) return { kind: "retry", error: message, errorCode };
        return { kind: "reschedule", payload: { ...scheduledRun }, error: message, errorCode };
      }
      return nextStockRun(full, job.shop);
    },
  };
}

const scheduledRun: StockJobPayload = { onDemand: false };

async function stockScheduled(deps: FulfillmentHandlerDeps, shop: string): Promise<boolean> {
  const { settings } = await getShopSettings({ db: deps.db, shop });
  return settings.stock.enabled;
}

// The schedule lives in the job row itself: while the switch is on, each run books the next one.
async function nextStockRun(deps: FulfillmentHandlerDeps, shop: string): Promise<JobOutcome> {
  const { settings } = await getShopSettings({ db: deps.db, shop });
  if (!settings.stock.enabled) return { kind: "done" };
  const interval = settings.stock.intervalMinutes * 60_000;
  return { kind: "reschedule", at: after(deps.now(), interval), payload: { ...scheduledRun } };
}

// The order's job names its order; rows queued before fulfilment orders were followed name a record.
async function orderIdOf(deps: FulfillmentHandlerDeps, job: JobOf<typeof SUBMIT_QUEUE>): Promise<string | null> {
  const { payload } = job;
  if (typeof payload.shopifyOrderId === "string") return payload.shopifyOrderId;
  if (typeof payload.fulfillmentId !== "string") throw new Error(`${job.queue} job ${job.key} names no order`);
  const record = await deps.db.fulfillment.findUnique({ where: { id: payload.fulfillmentId } });
  return record?.shopifyOrderId ?? null;
}

function fulfillmentIdOf(job: JobOf<typeof POLL_QUEUE | typeof NOTE_QUEUE>): string {
  const { fulfillmentId } = job.payload;
  if (typeof fulfillmentId !== "string") throw new Error(`${job.queue} job ${job.key} has no fulfillmentId`);
  return fulfillmentId;
}
