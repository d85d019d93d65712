/**
 * The fulfilment and stock queues' handlers. Each handler is safe to run again after a crash at
 * any point (docs/decisions/007-fulfillment-exactly-once.md), because a worker that dies loses
 * its lease and another one runs the job again.
 */
import type { Job } from "@prisma/client";
import { jobErrorCode } from "../../job-errors/error-codes";
import type { JobOutcome } from "../../jobs/queue.server";
import type { HandlerDeps } from "../../handler-deps";
import type { JobHandler } from "../../jobs/worker.server";
import { writeOrderNote } from "../shopify/order-note.server";
import { pollFulfillment } from "./poll.server";
import {
  NOTE_QUEUE,
  POLL_QUEUE,
  RECONCILE_QUEUE,
  REQUESTS_QUEUE,
  RESOLVE_QUEUE,
  type ResolveJobPayload,
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

const STOCK_RETRY_MS = 5 * 60_000;

/** Handlers of fulfillment.submit, fulfillment.poll, fulfillment.note and stock.sync. */
export function fulfillmentJobHandlers(deps: FulfillmentHandlerDeps): Record<string, JobHandler> {
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
      const { delayMs } = job.payload as unknown as FulfillmentJobPayload;
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
        // Kept on the row: Inicio shows it with a retry until a run succeeds.
        return {
          kind: "reschedule",
          at: after(deps.now(), STOCK_RETRY_MS),
          error: message,
          errorCode: jobErrorCode(error),
        };
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
      const { fulfillmentOrderGid } = job.payload as unknown as ResolveJobPayload;
      await resolveFulfillmentOrder(full, { shop: job.shop, fulfillmentOrderGid });
      return { kind: "done" };
    },
    [NOTE_QUEUE]: async (job) => {
      const { shopifyOrderId } = job.payload as unknown as FulfillmentJobPayload;
      const order = typeof shopifyOrderId === "string" ? { shop: job.shop, shopifyOrderId } : undefined;
      const outcome = await writeOrderNote(full, fulfillmentIdOf(job), order);
      return outcome === "again" ? { kind: "reschedule", at: deps.now() } : { kind: "done" };
    },
    [STOCK_QUEUE]: async (job): Promise<JobOutcome> => {
      const { onDemand } = job.payload as unknown as StockJobPayload;
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
        const next = await nextStockRun(full, job.shop, STOCK_RETRY_MS);
        // Switched off meanwhile: it stops, and a failed on-demand run still shows on Inicio.
        const errorCode = jobErrorCode(error);
        if (next.kind === "done")
          return { kind: "retry", at: after(deps.now(), STOCK_RETRY_MS), error: message, errorCode };
        return { ...next, error: message, errorCode };
      }
      return nextStockRun(full, job.shop);
    },
  };
}

// The schedule lives in the job row itself: while the switch is on, each run books the next one.
async function nextStockRun(deps: FulfillmentHandlerDeps, shop: string, soonerMs?: number): Promise<JobOutcome> {
  const { settings } = await getShopSettings({ db: deps.db, shop });
  if (!settings.stock.enabled) return { kind: "done" };
  const interval = settings.stock.intervalMinutes * 60_000;
  const payload: StockJobPayload = { onDemand: false };
  return {
    kind: "reschedule",
    at: after(deps.now(), Math.min(interval, soonerMs ?? interval)),
    payload: { ...payload },
  };
}

// The order's job names its order; rows queued before fulfilment orders were followed name a record.
async function orderIdOf(deps: FulfillmentHandlerDeps, job: Job): Promise<string | null> {
  const payload = job.payload as unknown as FulfillmentJobPayload;
  if (typeof payload.shopifyOrderId === "string") return payload.shopifyOrderId;
  if (typeof payload.fulfillmentId !== "string") throw new Error(`${job.queue} job ${job.key} names no order`);
  const record = await deps.db.fulfillment.findUnique({ where: { id: payload.fulfillmentId } });
  return record?.shopifyOrderId ?? null;
}

function fulfillmentIdOf(job: Job): string {
  const { fulfillmentId } = job.payload as unknown as FulfillmentJobPayload;
  if (typeof fulfillmentId !== "string") throw new Error(`${job.queue} job ${job.key} has no fulfillmentId`);
  return fulfillmentId;
}
