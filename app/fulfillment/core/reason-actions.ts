/**
 * What the merchant can do about a record, by the reason of its state (issue 33, item 2): one
 * table, read by Pedidos to draw the record's actions and by the actions themselves to refuse one
 * that was not offered, so a page never offers an action that does nothing for the reason (an
 * order held in Shopify after reaching the warehouse is not «retried»: that would clear the alert
 * and do nothing about the hold).
 *
 * Besides the reason's own actions, two follow from the record itself: a record needing attention
 * can always be marked handled with a note, and a record with an order at the service that is not
 * delivered can always be read from the service now («actualizar estado»).
 */
import type { ReasonCode } from "./reason-codes";
import type { FulfillmentStatus } from "./status";

/**
 * - retry: send it again (or follow the service order again) after the cause was fixed;
 * - confirmOutcome: say whether the service has the order (unknown outcome);
 * - shortChoice: send the units not shipped as a new order, or leave them for a refund;
 * - sendAsItStands: send an order held for its address with the address as it stands;
 * - askBuyer: ask the buyer for the missing address detail (WhatsApp, when there is a phone);
 * - contactService: the service's support channel and the steps to stop or change it there;
 * - handled: the merchant dealt with it outside the app (a note is required);
 * - refresh: read the service now for this order.
 * @internal
 */
export const RECORD_ACTIONS = [
  "retry",
  "confirmOutcome",
  "shortChoice",
  "sendAsItStands",
  "askBuyer",
  "contactService",
  "handled",
  "refresh",
] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** The page's form intents carrying each action (POST /app/orders); none: a link or words only. */
export const ACTION_INTENTS: Record<RecordAction, readonly string[]> = {
  retry: ["retry"],
  confirmOutcome: ["confirm-exists", "confirm-absent"],
  shortChoice: ["short-resend", "short-refund"],
  sendAsItStands: ["send-as-is"],
  askBuyer: [],
  contactService: [],
  handled: ["handled"],
  refresh: ["refresh"],
};

interface ReasonEntry {
  /** What resolves it, in the order the page shows them. */
  actions: readonly RecordAction[];
  /** Decided on purpose (the shop's own settings or delivery method): informational, never critical. */
  informational?: true;
}

const NONE: ReasonEntry = { actions: [] };
const ON_PURPOSE: ReasonEntry = { actions: [], informational: true };
/** Fixed in Shopify, the catalogue or the settings, then sent again; or dealt with outside the app. */
const FIX_THEN_RETRY: ReasonEntry = { actions: ["retry"] };
/** The warehouse has it and it changed in Shopify: only the service can stop or change it. */
const AT_WAREHOUSE: ReasonEntry = { actions: ["contactService"] };

/**
 * Every reason code's entry (a missing one fails the typecheck).
 * @internal
 */
export const REASON_ACTIONS: Record<ReasonCode, ReasonEntry> = {
  // Skipped because of what the order is: nothing to do.
  cancelledInShopify: ON_PURPOSE,
  partCancelled: ON_PURPOSE,
  alreadyFulfilled: ON_PURPOSE,
  incomplete: NONE,
  testOrder: ON_PURPOSE,
  notShipped: ON_PURPOSE,
  pickUp: ON_PURPOSE,
  pickupPoint: ON_PURPOSE,
  localDelivery: ON_PURPOSE,
  retail: ON_PURPOSE,
  noDelivery: ON_PURPOSE,
  // Assigned in Shopify to a location the warehouse does not fulfil: moved there, it is read again.
  otherLocation: FIX_THEN_RETRY,
  nothingLeft: ON_PURPOSE,
  partGone: ON_PURPOSE,
  cancelRequestedBefore: ON_PURPOSE,
  merchantHandled: ON_PURPOSE,
  // Waiting: it goes by itself.
  onHold: NONE,
  scheduled: NONE,
  heldBack: NONE,
  waitingForRequest: NONE,
  merchantSentAsItStands: NONE,
  awaitingStock: FIX_THEN_RETRY,
  // Held by the app for its address.
  addressHeldNoNumber: { actions: ["askBuyer", "sendAsItStands"] },
  addressHeldPostalCode: { actions: ["askBuyer", "sendAsItStands"] },
  addressHeldNotServed: { actions: ["askBuyer", "sendAsItStands"] },
  // Not sent: fix the cause and send it again.
  noSku: FIX_THEN_RETRY,
  noAddress: FIX_THEN_RETRY,
  customerDataWithheld: FIX_THEN_RETRY,
  outsideMexico: FIX_THEN_RETRY,
  notConnected: FIX_THEN_RETRY,
  noDimensions: FIX_THEN_RETRY,
  destinationNotServed: FIX_THEN_RETRY,
  insufficientStock: FIX_THEN_RETRY,
  invalidOrder: FIX_THEN_RETRY,
  serviceRefused: { actions: ["retry", "contactService"] },
  apiKeyRefused: FIX_THEN_RETRY,
  attemptsExhausted: FIX_THEN_RETRY,
  attemptFailed: NONE,
  // The service may have it: a person says whether it does.
  interrupted: { actions: ["confirmOutcome", "contactService"] },
  mayExist: { actions: ["confirmOutcome", "contactService"] },
  unexpectedFailure: { actions: ["confirmOutcome", "contactService"] },
  contested: { actions: ["contactService", "retry"] },
  // At the warehouse, changed in Shopify: stop or change it with the service.
  cancelRequestedAfter: AT_WAREHOUSE,
  cancelledAfterWarehouse: AT_WAREHOUSE,
  splitAfterWarehouse: AT_WAREHOUSE,
  heldAfterWarehouse: AT_WAREHOUSE,
  changedAfterWarehouse: AT_WAREHOUSE,
  movedAfterWarehouse: AT_WAREHOUSE,
  closedAfterWarehouse: AT_WAREHOUSE,
  shippedButCancelled: AT_WAREHOUSE,
  unknownServiceOrder: AT_WAREHOUSE,
  // Following the service order again resumes the write-back to Shopify.
  nothingLeftToFulfil: { actions: ["retry"] },
  nothingShipped: { actions: ["contactService", "retry"] },
  shippedShort: { actions: ["shortChoice"] },
  // Marked by hand in Shopify: nothing the app can do but record it.
  beforeFulfilmentOrders: NONE,
  fulfilmentOrderGone: NONE,
  // Retried by itself at the next read of the service.
  writeBackFailed: NONE,
  // Timeline entries, not reasons a record waits on.
  progressReported: NONE,
  received: NONE,
  sending: NONE,
  serviceOrder: NONE,
  lateAnswer: NONE,
  serviceStatus: NONE,
  trackingChanged: NONE,
  shopifyFulfilment: NONE,
  readyToSend: NONE,
  readFromShopify: NONE,
  declinedRequest: NONE,
  merchantConfirmedExists: NONE,
  merchantConfirmedAbsent: NONE,
  merchantRetriedFollow: NONE,
  merchantRetriedRead: NONE,
  merchantRetried: NONE,
  merchantSentMissing: NONE,
  merchantLeftMissing: NONE,
  stockArrived: NONE,
};

/** What a record shows and allows: enough of it to decide (a Pedidos row or a stored record). */
export interface ActionSubject {
  status: FulfillmentStatus;
  reasonCode: ReasonCode | null;
  svcOrderId: string | null;
  /** Shipped short and waiting for the merchant's choice. */
  shortChoice?: boolean;
}

/** A record without a (known) reason: what its status alone allows. */
const BY_STATUS: Partial<Record<FulfillmentStatus, readonly RecordAction[]>> = {
  needs_attention: ["retry"],
  unknown_outcome: ["confirmOutcome"],
  awaiting_stock: ["retry"],
  skipped: ["retry"],
};

/** Statuses whose actions come from the reason (the others move by themselves). */
const ACTING_STATUSES: readonly FulfillmentStatus[] = [
  "needs_attention",
  "unknown_outcome",
  "awaiting_stock",
  "skipped",
  "waiting",
];

/** The actions the merchant is offered for `record`, in the page's order; the actions check the same. */
export function actionsFor(record: ActionSubject): RecordAction[] {
  const actions = new Set<RecordAction>();
  if (record.shortChoice) actions.add("shortChoice");
  if (ACTING_STATUSES.includes(record.status)) {
    const own = record.reasonCode ? REASON_ACTIONS[record.reasonCode].actions : (BY_STATUS[record.status] ?? []);
    for (const action of own) if (fitsStatus(action, record)) actions.add(action);
  }
  // Anything needing attention can be dealt with outside the app and marked so, with a note.
  if (record.status === "needs_attention") actions.add("handled");
  if (record.svcOrderId && record.status !== "delivered") actions.add("refresh");
  return RECORD_ACTIONS.filter((a) => actions.has(a));
}

/** Whether the reason's action applies to the record's status (a reason's code outlives its state). */
function fitsStatus(action: RecordAction, record: ActionSubject): boolean {
  switch (action) {
    case "retry":
      return record.status !== "waiting" && record.status !== "unknown_outcome" && !record.shortChoice;
    case "confirmOutcome":
      return record.status === "unknown_outcome";
    case "shortChoice":
      return record.shortChoice === true;
    case "sendAsItStands":
    case "askBuyer":
      return record.status === "waiting";
    default:
      return true;
  }
}

/** Whether the record's reason is one the merchant chose (the shop's settings, the order's delivery). */
export function isInformational(reasonCode: ReasonCode | null): boolean {
  return reasonCode !== null && REASON_ACTIONS[reasonCode].informational === true;
}
