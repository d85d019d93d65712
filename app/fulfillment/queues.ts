/** The job queues of fulfilment and stock, and how each names its rows (one row per key). */

// The three order queues are named where their priority is set (app/jobs/priorities.ts).
export { REQUESTS_QUEUE, RESOLVE_QUEUE, SUBMIT_QUEUE } from "../jobs/priorities";
export const POLL_QUEUE = "fulfillment.poll";
export const NOTE_QUEUE = "fulfillment.note";
export const STOCK_QUEUE = "stock.sync";
/** Per shop: reads orders updated since the watermark, so a lost webhook never loses an order. */
export const RECONCILE_QUEUE = "orders.reconcile";

export interface ResolveJobPayload {
  fulfillmentOrderGid: string;
}

/** One row per Shopify order (its job decides every fulfilment order of it), whatever woke it. */
export const submitKey = (shop: string, shopifyOrderId: string) => `${shop}:${shopifyOrderId}`;

export interface FulfillmentJobPayload {
  /** The order's job (fulfillment.submit); also on a note's, for reading the order's records at once. */
  shopifyOrderId?: string;
  /** A record's jobs (poll, note). */
  fulfillmentId?: string;
  /** Polling only: the delay that led to this run, to grow it while nothing changes. */
  delayMs?: number;
}

export interface StockJobPayload {
  /** Asked for by a person: runs even while the schedule is switched off. */
  onDemand?: boolean;
}
