/** The job queues of fulfilment and stock, and how each names its rows (one row per key). */

import { JobPriority } from "../../jobs/priorities";

/** Submitting an order to the service. */
export const SUBMIT_QUEUE = "fulfillment.submit";
/** Finds the order of a fulfilment order a webhook named and the app has no record of. */
export const RESOLVE_QUEUE = "fulfillment.resolve";
/** Per shop, fulfilment-service mode: reads the requests assigned to the warehouse (callback + poll). */
export const REQUESTS_QUEUE = "fulfillment.requests";
export const POLL_QUEUE = "fulfillment.poll";
export const NOTE_QUEUE = "fulfillment.note";
export const STOCK_QUEUE = "stock.sync";
/** Per shop: reads orders updated since the watermark, so a lost webhook never loses an order. */
export const RECONCILE_QUEUE = "orders.reconcile";

/**
 * The queues claimed before all other work (docs/decisions/024-job-priority.md), handed to the
 * generic queue by the composition root; every other queue is background.
 */
export const FULFILLMENT_QUEUE_PRIORITIES: Readonly<Record<string, JobPriority>> = {
  // Submitting an order to the service (orders/paid, fulfilment-order webhooks, reconciliation's finds).
  [SUBMIT_QUEUE]: JobPriority.ORDERS,
  // Fulfilment-service mode: accepting the fulfilment requests Shopify assigned to the warehouse.
  [REQUESTS_QUEUE]: JobPriority.ORDERS,
  // Finding the order of a fulfilment order a webhook named: the step before its submission.
  [RESOLVE_QUEUE]: JobPriority.ORDERS,
  // Not the note on the order (fulfillment.note): it tells the merchant what happened, and waits
  // behind the orders still to be sent during a burst (docs/decisions/031-order-throughput.md).
};

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
