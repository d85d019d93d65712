/**
 * What the fulfilment engine records about a record — the reason of its state and each timeline
 * entry — is a code with parameters (`reasonCode`/`reasonParams` on Fulfillment,
 * `detailCode`/`detailParams` on FulfillmentEvent). Pages and the order-page block word the code
 * from `orders.reasons.<code>` in the merchant's language; the English sentence kept beside it in
 * `reason`/`detail` (the records of app/i18n/messages.en.ts) is for support, logs and the messages that leave the
 * app (Shopify's rejection message). Rows written before codes were converted once by migration
 * 20261125015000_coded_reasons.
 */
import { recordsEn, type RecordParams } from "../../i18n/messages.en";
/** @internal */
export const REASON_CODES = [
  "cancelledInShopify",
  "partCancelled",
  "alreadyFulfilled",
  "incomplete",
  "testOrder",
  "notShipped",
  "pickUp",
  "pickupPoint",
  "localDelivery",
  "retail",
  "noDelivery",
  "otherLocation",
  "onHold",
  "addressHeldNoNumber",
  "addressHeldPostalCode",
  "addressHeldNotServed",
  "merchantSentAsItStands",
  "scheduled",
  "heldBack",
  "nothingLeft",
  "noSku",
  "noAddress",
  "customerDataWithheld",
  "outsideMexico",
  "notConnected",
  "noDimensions",
  "destinationNotServed",
  "insufficientStock",
  "invalidOrder",
  "serviceRefused",
  "apiKeyRefused",
  "attemptsExhausted",
  "attemptFailed",
  "interrupted",
  "mayExist",
  "unexpectedFailure",
  "contested",
  "waitingForRequest",
  "cancelRequestedBefore",
  "cancelRequestedAfter",
  "cancelledAfterWarehouse",
  "splitAfterWarehouse",
  "heldAfterWarehouse",
  "changedAfterWarehouse",
  "movedAfterWarehouse",
  "closedAfterWarehouse",
  "progressReported",
  "beforeFulfilmentOrders",
  "writeBackFailed",
  "fulfilmentOrderGone",
  "shippedButCancelled",
  "nothingLeftToFulfil",
  "nothingShipped",
  "shippedShort",
  "received",
  "sending",
  "serviceOrder",
  "lateAnswer",
  "serviceStatus",
  "unknownServiceOrder",
  "trackingChanged",
  "shopifyFulfilment",
  "readyToSend",
  "readFromShopify",
  "partGone",
  "declinedRequest",
  "merchantConfirmedExists",
  "merchantConfirmedAbsent",
  "merchantRetriedFollow",
  "merchantRetriedRead",
  "merchantRetried",
  "merchantSentMissing",
  "merchantLeftMissing",
  "awaitingStock",
  "stockArrived",
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

export interface ReasonMessage {
  code: ReasonCode;
  params: Record<string, string>;
}

/** A reason with its parameters; parameters without a value are left out. */
export function reason(code: ReasonCode, params: Record<string, string | null | undefined> = {}): ReasonMessage {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) kept[name] = value;
  return { code, params: kept };
}

/** The reason stored in a row's code and parameters columns; null without a (known) code. */
export function storedReason(code: string | null | undefined, params: unknown): ReasonMessage | null {
  if (!code || !(REASON_CODES as readonly string[]).includes(code)) return null;
  const kept: Record<string, string> = {};
  if (params && typeof params === "object" && !Array.isArray(params)) {
    for (const [name, value] of Object.entries(params)) if (typeof value === "string") kept[name] = value;
  }
  return { code: code as ReasonCode, params: kept };
}

/** The English record of a reason (support, logs, Shopify's rejection message); never shown on a page. */
export function reasonRecord(message: ReasonMessage): string {
  return RECORDS[message.code](message.params);
}

// Every code has its English record (a missing one fails the typecheck here).
const RECORDS: Record<ReasonCode, (p: RecordParams) => string> = recordsEn;

/** A Fulfillment row's reason columns: the code, its parameters and the English record. */
export function reasonColumns(message: ReasonMessage | null) {
  return message
    ? { reason: reasonRecord(message), reasonCode: message.code, reasonParams: message.params }
    : { reason: null, reasonCode: null, reasonParams: {} };
}

/** Whether a row's stored reason is `message` (same code and parameters). */
export function sameReason(
  row: { reasonCode: string | null; reasonParams: unknown },
  message: ReasonMessage | null,
): boolean {
  const stored = storedReason(row.reasonCode, row.reasonParams);
  if (!stored || !message) return stored === message;
  return stored.code === message.code && sameParams(stored.params, message.params);
}

function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Reasons saying the order (or this part) was cancelled; the order-page block gets a generated copy. */
export const CANCELLED_REASON_CODES: readonly ReasonCode[] = [
  "cancelledInShopify",
  "partCancelled",
  "cancelRequestedBefore",
  "cancelRequestedAfter",
  "cancelledAfterWarehouse",
];

/** Whether the record's reason says its order (or this part) was cancelled: sending it again cannot work. */
export function isCancelledReason(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && (CANCELLED_REASON_CODES as readonly string[]).includes(code);
}

/** What happened, for the timeline's marker: who or what moved the record. */
export type TimelineKind = "webhook" | "submission" | "service" | "tracking" | "merchant" | "attention" | "wait";

export function timelineKind(toStatus: string, code: ReasonCode | null): TimelineKind {
  if (code === "received") return "webhook";
  if (code?.startsWith("merchant")) return "merchant";
  if (code === "trackingChanged" || code === "shopifyFulfilment") return "tracking";
  if (toStatus === "needs_attention" || toStatus === "unknown_outcome" || toStatus === "skipped") return "attention";
  if (toStatus === "waiting" || toStatus === "awaiting_stock") return "wait";
  if (
    toStatus === "submitting" ||
    toStatus === "pending" ||
    toStatus === "submitted" ||
    code === "serviceOrder" ||
    code === "lateAnswer"
  )
    return "submission";
  return "service";
}
