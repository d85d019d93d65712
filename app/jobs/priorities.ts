// Which work is claimed first (docs/decisions/024-job-priority.md). One table for every queue: a
// worker claims due jobs in (priority, runAt) order, so an order's work is never queued behind a
// flood of product webhooks, a catalogue sync, polls or maintenance. Strict, not weighted: a
// background job runs whenever no order job is due, which is almost always.
// The order queues are named here, where their priority is decided, and the fulfilment module
// takes their names from here (app/fulfillment/queues.ts): the generic queue imports no feature.

/** Submitting an order to the service. */
export const SUBMIT_QUEUE = "fulfillment.submit";
/** Finds the order of a fulfilment order a webhook named and the app has no record of. */
export const RESOLVE_QUEUE = "fulfillment.resolve";
/** Per shop, fulfilment-service mode: reads the requests assigned to the warehouse (callback + poll). */
export const REQUESTS_QUEUE = "fulfillment.requests";

/** Lower is claimed first. The column's default (prisma/schema.prisma) is BACKGROUND. */
export const JobPriority = {
  /** Getting a paid order to the warehouse: Shopify and the merchant wait on these. */
  ORDERS: 0,
  /** Everything else: order notes, catalogue, polls, reconciliation, stock, readiness, retention, Flow triggers. */
  BACKGROUND: 1,
} as const;

export type JobPriority = (typeof JobPriority)[keyof typeof JobPriority];

/** The queues claimed before the rest; a queue not named here is BACKGROUND. */
const QUEUE_PRIORITIES: Readonly<Record<string, JobPriority>> = {
  // Submitting an order to the service (orders/paid, fulfilment-order webhooks, reconciliation's finds).
  [SUBMIT_QUEUE]: JobPriority.ORDERS,
  // Fulfilment-service mode: accepting the fulfilment requests Shopify assigned to the warehouse.
  [REQUESTS_QUEUE]: JobPriority.ORDERS,
  // Finding the order of a fulfilment order a webhook named: the step before its submission.
  [RESOLVE_QUEUE]: JobPriority.ORDERS,
  // Not the note on the order (fulfillment.note): it tells the merchant what happened, and waits
  // behind the orders still to be sent during a burst (docs/decisions/031-order-throughput.md).
};

export function queuePriority(queue: string): JobPriority {
  return QUEUE_PRIORITIES[queue] ?? JobPriority.BACKGROUND;
}
