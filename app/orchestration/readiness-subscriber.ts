/**
 * The checkout readiness check follows what it checks: the features announce what happened
 * (fulfilment: an order reached the warehouse; the catalogue: a sync ended; rates: the merchant's
 * test quote) and this subscriber, wired by the composition root (app/composition.server.ts),
 * answers with the shop's one readiness job brought forward to now. Connecting and disconnecting
 * queue it themselves (app/orchestration/settings.server.ts). Bursts fold: every answer is the
 * same (queue, key) row, so a queued check runs once, and one running is run once more after
 * (app/jobs/queue.server.ts enqueueStatement). Pure: it decides, the announcing write writes.
 */
import type { CatalogSubscriber } from "../catalog/events";
import type { FulfillmentSubscriber } from "../fulfillment/events";
import type { EnqueueArgs } from "../jobs/queue.server";
import type { RatesSubscriber } from "../rates/events";
import { READINESS_QUEUE } from "./readiness-queue";

/** The shop's readiness check, due now (the same row the periodic check uses). */
function readinessCheckDue(shop: string, now: Date): EnqueueArgs {
  return { queue: READINESS_QUEUE, key: shop, shop, runAt: now };
}

export const readinessSubscriber: FulfillmentSubscriber & CatalogSubscriber & RatesSubscriber = {
  // The service took the order: the protected customer data item can be answered now.
  transitioned: (t) =>
    t.to === "submitted" && (t.from === "submitting" || t.from === "unknown_outcome")
      ? [readinessCheckDue(t.shop, t.now)]
      : [],
  // Products are registered now: the test quote has something to quote.
  syncEnded: (e) => [readinessCheckDue(e.shop, e.now)],
  testQuoteRan: (e) => [readinessCheckDue(e.shop, e.now)],
};
