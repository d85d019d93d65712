/**
 * The fulfilment record's state machine. The main line follows the order from payment to the
 * buyer's door; the side states stop automatic work until a person (or a later event) acts.
 *
 *   pending → submitting → submitted → in_progress → shipped → delivered
 *   side states: waiting (a hold, a schedule or the hold-back delay), awaiting_stock (the service
 *   refused it for lack of stock: a stock read showing enough units sends it again),
 *   needs_attention, unknown_outcome, skipped
 */

export const FULFILLMENT_STATUSES = [
  "waiting",
  "pending",
  "submitting",
  "submitted",
  "in_progress",
  "shipped",
  "delivered",
  "needs_attention",
  "unknown_outcome",
  "skipped",
  "awaiting_stock",
] as const;

export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

const TRANSITIONS: Record<FulfillmentStatus, readonly FulfillmentStatus[]> = {
  // Decided at job time from Shopify's current state: a hold, a schedule or the delay waits.
  waiting: ["pending", "skipped", "needs_attention"],
  pending: ["submitting", "waiting", "skipped", "needs_attention"],
  // Back to pending only when the request provably never reached the service; waiting when the
  // service refused the destination (nothing created) and the app holds it for the address.
  // awaiting_stock when the service refused it for lack of stock (nothing created).
  submitting: ["submitted", "pending", "waiting", "awaiting_stock", "needs_attention", "unknown_outcome"],
  submitted: ["in_progress", "shipped", "delivered", "needs_attention"],
  in_progress: ["shipped", "delivered", "needs_attention"],
  shipped: ["delivered", "needs_attention"],
  delivered: [],
  // A person fixed the cause: submit again (no service order yet) or resume following it.
  // Before submission, a later cancellation settles it (skipped). Shipped short: the person
  // leaves the missing units for a refund (shipped) or sends them as a new order (pending).
  needs_attention: ["pending", "submitted", "shipped", "skipped"],
  // A person confirmed: the order exists at the service (submitted) or it does not (pending).
  unknown_outcome: ["submitted", "pending"],
  // E.g. the shop connected its account after the order was paid.
  skipped: ["pending", "waiting", "needs_attention"],
  // A stock read showed enough units, or the merchant sent it by hand (pending); cancelled or
  // no longer the warehouse's (skipped); the order's job found something a person must fix.
  awaiting_stock: ["pending", "skipped", "needs_attention", "waiting"],
};

/** Whether the state machine allows moving from `from` to `to`. */
export function canTransition(from: FulfillmentStatus, to: FulfillmentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFulfillmentStatus(value: string): value is FulfillmentStatus {
  return (FULFILLMENT_STATUSES as readonly string[]).includes(value);
}

/** States with an order at the service that is still moving: polled on a schedule. */
export const FOLLOWED_STATUSES: readonly FulfillmentStatus[] = ["submitted", "in_progress", "shipped"];

/** Progress along the main line after submission; the service's reports only ever move it forward. */
const PROGRESS: Partial<Record<FulfillmentStatus, number>> = { submitted: 0, in_progress: 1, shipped: 2, delivered: 3 };

/** The further along of two main-line states (a late or stale report never moves an order back). */
export function furthest(current: FulfillmentStatus, reported: FulfillmentStatus): FulfillmentStatus {
  const a = PROGRESS[current];
  const b = PROGRESS[reported];
  if (a === undefined || b === undefined) return current;
  return b > a ? reported : current;
}

/** States the Shopify order shows as a tag and metafield; the transient ones are not worth a write. */
export const NOTED_STATUSES: readonly FulfillmentStatus[] = [
  "submitted",
  "in_progress",
  "shipped",
  "delivered",
  "needs_attention",
  "unknown_outcome",
  "skipped",
];

/** Statuses a merchant can ask to try again after fixing the cause. */
export const RETRYABLE_BY_MERCHANT: readonly FulfillmentStatus[] = ["needs_attention", "skipped", "awaiting_stock"];
