/**
 * The job queues of fulfilment and stock, how each names its rows (one row per key), and each
 * queue's payload and policy, declared once (app/jobs/registry.ts).
 */
import { z } from "zod";
import { defineQueue, JobPriority } from "../../jobs/registry";

const fulfillmentJobPayload = z.object({
  /** The order's job (fulfillment.submit); also on a note's, for reading the order's records at once. */
  shopifyOrderId: z.string().optional(),
  /** A record's jobs (poll, note). */
  fulfillmentId: z.string().optional(),
  /** Polling only: the delay that led to this run, to grow it while nothing changes. */
  delayMs: z.number().int().nonnegative().optional(),
});
export type FulfillmentJobPayload = z.infer<typeof fulfillmentJobPayload>;

const resolveJobPayload = z.object({ fulfillmentOrderGid: z.string().min(1) });
export type ResolveJobPayload = z.infer<typeof resolveJobPayload>;

const stockJobPayload = z.object({
  /** Asked for by a person: runs even while the schedule is switched off. */
  onDemand: z.boolean().optional(),
});
export type StockJobPayload = z.infer<typeof stockJobPayload>;

/** A per-shop job that books its own next run: it never gives up (a failed run carries on, and shows on Inicio). */
const noPayload = z.object({});
type NoPayload = z.infer<typeof noPayload>;
const PERIODIC = { retryLimit: 1000 } as const;

declare module "../../jobs/registry" {
  interface JobPayloads {
    "fulfillment.submit": FulfillmentJobPayload;
    "fulfillment.resolve": ResolveJobPayload;
    "fulfillment.requests": NoPayload;
    "fulfillment.poll": FulfillmentJobPayload;
    "fulfillment.note": FulfillmentJobPayload;
    "stock.sync": StockJobPayload;
    "orders.reconcile": NoPayload;
  }
}

// ORDERS: claimed before all other work (docs/decisions/024-job-priority.md). Not the note on the
// order (fulfillment.note): it tells the merchant what happened, and waits behind the orders still
// to be sent during a burst (docs/decisions/031-order-throughput.md).

/** Submitting an order to the service (orders/paid, fulfilment-order webhooks, reconciliation's finds). */
export const SUBMIT_QUEUE = defineQueue("fulfillment.submit", {
  payload: fulfillmentJobPayload,
  priority: JobPriority.ORDERS,
});
/** Finds the order of a fulfilment order a webhook named and the app has no record of: the step before its submission. */
export const RESOLVE_QUEUE = defineQueue("fulfillment.resolve", {
  payload: resolveJobPayload,
  priority: JobPriority.ORDERS,
});
/** Per shop, fulfilment-service mode: reads the requests assigned to the warehouse (callback + poll). */
export const REQUESTS_QUEUE = defineQueue("fulfillment.requests", {
  payload: noPayload,
  priority: JobPriority.ORDERS,
  ...PERIODIC,
});
/** Per record: follows the service's order until it is shipped (its own delays grow while nothing changes). */
export const POLL_QUEUE = defineQueue("fulfillment.poll", { payload: fulfillmentJobPayload, ...PERIODIC });
export const NOTE_QUEUE = defineQueue("fulfillment.note", { payload: fulfillmentJobPayload });
/** Per shop, on its schedule: a failed read tries again in five minutes (never later than its schedule, at least five). */
export const STOCK_QUEUE = defineQueue("stock.sync", {
  payload: stockJobPayload,
  ...PERIODIC,
  retryDelayMs: 5 * 60_000,
  retryBackoff: false,
});
/** Per shop: reads orders updated since the watermark, so a lost webhook never loses an order. */
export const RECONCILE_QUEUE = defineQueue("orders.reconcile", {
  payload: noPayload,
  ...PERIODIC,
  retryDelayMs: 5 * 60_000,
  retryBackoff: false,
});

/** One row per Shopify order (its job decides every fulfilment order of it), whatever woke it. */
export const submitKey = (shop: string, shopifyOrderId: string) => `${shop}:${shopifyOrderId}`;
