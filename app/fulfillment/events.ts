/**
 * What fulfilment announces: a record's state change and the warehouse stock levels it wrote to
 * Shopify. Another feature that owes work after one (Shopify Flow's triggers, app/flow/triggers.ts)
 * subscribes through the composition root (app/composition.server.ts), so fulfilment imports no
 * subscriber. A subscriber answers with the jobs it owes, and they are written in the announcing
 * write itself: a state change's jobs are CTEs of its one statement (records.server.ts
 * `transition()`, ADR 031), so the change and the work it owes exist together or not at all.
 * Pure: a subscriber decides, it writes nothing.
 */
import type { EnqueueArgs } from "../jobs/queue.server";

/** A fulfilment record's state change, as records.server.ts `transition()` makes it. */
export interface FulfillmentTransitioned {
  id: string;
  shop: string;
  from: string;
  to: string;
  now: Date;
  /** The fields the transition writes (Prisma's update input: only plain strings are read). */
  data?: {
    reasonCode?: unknown;
    reasonParams?: unknown;
    trackingNumber?: unknown;
    trackingCompany?: unknown;
    trackingUrl?: unknown;
  };
}

/** Stock levels written to Shopify in one batch (stock-sync.server.ts). */
export interface StockLevelsChanged {
  shop: string;
  changes: readonly { sku: string; inventoryItemId: string; previous: number | null; next: number }[];
  now: Date;
}

/** A feature's answer to fulfilment's events: the jobs each one owes it. */
export interface FulfillmentSubscriber {
  transitioned?(event: FulfillmentTransitioned): EnqueueArgs[];
  stockLevelsChanged?(event: StockLevelsChanged): EnqueueArgs[];
}

const subscribers = new Set<FulfillmentSubscriber>();

/** Subscribes `subscriber` to fulfilment's events (the composition root does, once per process). */
export function subscribeToFulfillment(subscriber: FulfillmentSubscriber): void {
  subscribers.add(subscriber);
}

/** The jobs every subscriber owes after a state change. */
export function jobsOwedOnTransition(event: FulfillmentTransitioned): EnqueueArgs[] {
  return [...subscribers].flatMap((subscriber) => subscriber.transitioned?.(event) ?? []);
}

/** The jobs every subscriber owes after stock levels were written. */
export function jobsOwedOnStockLevels(event: StockLevelsChanged): EnqueueArgs[] {
  return [...subscribers].flatMap((subscriber) => subscriber.stockLevelsChanged?.(event) ?? []);
}
