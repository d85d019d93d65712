/**
 * What a fulfilment record's state change means, decided without the database: the state in, the
 * new state and the work it starts (intents) out. records.server.ts writes both in one
 * transaction; the jobs' signals are sent after it commits.
 */
import type { EnqueueArgs } from "../../jobs/queue.server";
import { NOTE_QUEUE, POLL_QUEUE, SUBMIT_QUEUE, submitKey, type FulfillmentJobPayload } from "./queues";
import { FIRST_POLL_DELAY_MS, after } from "./schedule";
import { FOLLOWED_STATUSES, NOTED_STATUSES, canTransition, type FulfillmentStatus } from "./status";

export interface RecordState {
  id: string;
  shop: string;
  shopifyOrderId: string;
  status: FulfillmentStatus;
}

/** Follow-up work, as the enqueue calls that start it. */
export type Intent = EnqueueArgs;

/** The job that decides an order's fulfilment orders, woken now. */
export function wakeOrderIntent(args: { shop: string; shopifyOrderId: string; now: Date }): Intent {
  const payload: FulfillmentJobPayload = { shopifyOrderId: args.shopifyOrderId };
  return {
    queue: SUBMIT_QUEUE,
    key: submitKey(args.shop, args.shopifyOrderId),
    shop: args.shop,
    payload: { ...payload },
    runAt: args.now,
  };
}

/**
 * Moves `record` to `to` (equal to its status: no change, no work): the order note for the
 * statuses it shows, polling once submitted, the order's job when pending again. Throws on a move
 * the lifecycle does not allow.
 */
export function planTransition(
  record: RecordState,
  to: FulfillmentStatus,
  now: Date,
): { state: RecordState; intents: Intent[] } {
  const from = record.status;
  if (from !== to && !canTransition(from, to)) {
    throw new Error(`fulfilment ${record.id}: no transition from ${from} to ${to}`);
  }
  const state = { ...record, status: to };
  if (from === to) return { state, intents: [] };
  const payload: FulfillmentJobPayload = { fulfillmentId: record.id };
  const intents: Intent[] = [];
  if (NOTED_STATUSES.includes(to)) {
    // The order too: the note job reads all the order's records in one statement.
    const note: FulfillmentJobPayload = { ...payload, shopifyOrderId: record.shopifyOrderId };
    intents.push({ queue: NOTE_QUEUE, key: record.id, shop: record.shop, payload: { ...note }, runAt: now });
  }
  // Followed again (submitted, or a short shipment whose missing units the merchant left): polled.
  if (FOLLOWED_STATUSES.includes(to) && !FOLLOWED_STATUSES.includes(from)) {
    intents.push({
      queue: POLL_QUEUE,
      key: record.id,
      shop: record.shop,
      payload: { ...payload, delayMs: FIRST_POLL_DELAY_MS },
      runAt: after(now, FIRST_POLL_DELAY_MS),
    });
  }
  // Pending: the order's job sends it. Confirmed at the warehouse after its outcome was unknown (a
  // person, or the service's late answer): the order's job compares it with Shopify as it is now —
  // a cancellation, edit or move while nobody knew was not compared (seeds 4110165, 4110767).
  if (to === "pending" || (from === "unknown_outcome" && to === "submitted"))
    intents.push(wakeOrderIntent({ shop: record.shop, shopifyOrderId: record.shopifyOrderId, now }));
  return { state, intents };
}
