/**
 * What the order-page extensions show and offer, decided from the app's answer alone. Pure: the
 * block and the action render what this returns, and unit tests check it without the Shopify CLI.
 * Strings are message keys (locales/*.json of each extension), never text.
 */
import {
  CANCELLED_REASON_CODES,
  FULFILLMENT_STATUSES,
  OUTCOME_CODES,
  SERVICE_CODES,
  type FulfillmentStatus,
} from "./statuses.generated";

/** One tracking number of a fulfilment order (several packages → several numbers). */
interface TrackingInfo {
  number: string;
  company: string | null;
  url: string | null;
}

/** A reason the app recognised: translated from the extension's locales, `reasons.<code>`. */
interface ReasonCode {
  code: string;
  params: Record<string, string>;
}

/** One step of a record's history, as the app recorded it. */
interface TimelineEntry {
  at: string;
  from: string | null;
  to: string;
  detail: string | null;
  /** Sent by apps that know the detail's code (absent from older ones). */
  message?: ReasonCode | null;
}

/** What the address parser could not place, kept so the merchant can check it. */
interface AddressWarningView {
  field: string;
  /** The warning's code and parameters (absent from warnings stored before codes). */
  code?: string;
  params?: Record<string, string>;
  /** The app's English record: never shown. */
  message: string;
  original?: string;
}

/** One address warning as the block shows it: the field and what happened, in the merchant's language. */
interface WarningView {
  field: Message;
  text: Message;
  original: string | null;
}

/**
 * The app's record of one Shopify fulfilment order sent (or to be sent) to the warehouse.
 * @internal
 */
export interface WarehouseRecord {
  id: string;
  fulfillmentOrderGid: string | null;
  status: string;
  reason: string | null;
  /** The reason's code, when the app knows it (absent from older apps). */
  reasonMessage?: ReasonCode | null;
  svcOrderId: string | null;
  svcStatus: string | null;
  serviceCode: string | null;
  tracking: TrackingInfo[];
  warnings: AddressWarningView[];
  timeline: TimelineEntry[];
  sendAfter: string | null;
  /** Held by the app for its address: a wa.me link to the buyer (absent from older apps). */
  whatsappUrl?: string | null;
}

/** GET /api/warehouse/orders/:orderId answers this (app/fulfillment/page/order-warehouse-status.server.ts). */
export interface OrderWarehouseStatus {
  order: { id: string; name: string | null };
  connected: boolean;
  /** The app has the order but has not read its fulfilment orders from Shopify yet. */
  queued: boolean;
  records: WarehouseRecord[];
  push: { allowed: boolean; reason: string | null };
  ordersPagePath: string;
}

type Tone = "info" | "success" | "warning" | "critical" | "neutral";
/** @internal */
export type RecordAction = "retry" | "confirm";
export interface Message {
  key: string;
  params?: Record<string, string>;
  /** Params holding an ISO time, to be shown as a date in the merchant's language. */
  dates?: string[];
  /** Params that are messages themselves (a service status inside a reason), translated first. */
  nested?: Record<string, Message>;
}

export interface RecordView {
  id: string;
  heading: Message;
  badge: { tone: Tone; label: Message };
  service: Message | null;
  svcOrder: Message | null;
  tracking: TrackingInfo[];
  attention: Message | null;
  warnings: WarningView[];
  /** detailMessage: what happened, in the merchant's language (null when the app coded nothing). */
  timeline: Array<{ at: string; label: Message; detailMessage: Message | null }>;
  actions: RecordAction[];
  /** Why an action is not offered (a cancelled order is not retried); null when none is withheld. */
  actionNote: Message | null;
  /** A wa.me link asking the buyer for the address detail the warehouse needs; null when none. */
  whatsappUrl: string | null;
}

export interface BlockView {
  empty: Message | null;
  records: RecordView[];
  canPush: boolean;
  ordersPagePath: string;
}

// The app's statuses, generated from its own list (scripts/extension-statuses.ts): a status this
// copy does not know comes from a newer app and is shown as it is written.
const TONES: Record<FulfillmentStatus, Tone> = {
  pending: "info",
  submitting: "info",
  waiting: "info",
  submitted: "info",
  in_progress: "info",
  shipped: "success",
  delivered: "success",
  needs_attention: "critical",
  unknown_outcome: "warning",
  skipped: "neutral",
  awaiting_stock: "warning",
};

const isKnownStatus = (status: string): status is FulfillmentStatus =>
  (FULFILLMENT_STATUSES as readonly string[]).includes(status);

const SERVICES = new Set(SERVICE_CODES);

/**
 * The label of a status: a known one by key, an unknown one (a newer app) as it is written.
 * @internal
 */
export function statusLabel(status: string): Message {
  return isKnownStatus(status) ? { key: `status.${status}` } : { key: "status.other", params: { status } };
}

/** Whether the record's reason says its order (or this part) was cancelled in Shopify. */
const isCancelled = (record: Pick<WarehouseRecord, "reasonMessage">) =>
  CANCELLED_REASON_CODES.includes(record.reasonMessage?.code ?? "");

/**
 * Which actions the merchant may take on a record; the app checks them again when asked. A
 * cancelled order is not sent again (the app refuses it): the block says so instead of a retry.
 * @internal
 */
export function actionsFor(record: Pick<WarehouseRecord, "status" | "reasonMessage">): RecordAction[] {
  if (record.status === "unknown_outcome") return ["confirm"];
  // Waiting for stock: the merchant may still send it by hand (the app also sends it once stock shows).
  if (record.status === "awaiting_stock") return ["retry"];
  if ((record.status === "needs_attention" || record.status === "skipped") && !isCancelled(record)) return ["retry"];
  return [];
}

/** Why a record that would be retried offers no retry; null when nothing is withheld. */
function noActionNote(record: WarehouseRecord): Message | null {
  return (record.status === "needs_attention" || record.status === "skipped") && isCancelled(record)
    ? { key: "actions.cancelledNoRetry" }
    : null;
}

/** A recognised reason as a message of the extension's locales; its times shown as dates. */
function reasonText(reason: ReasonCode | null | undefined): Message | null {
  if (!reason) return null;
  const dates = Object.entries(reason.params)
    .filter(([name, value]) => (name === "at" || name === "until") && !Number.isNaN(Date.parse(value)))
    .map(([name]) => name);
  const status = reason.params.status;
  return {
    key: `reasons.${reason.code}`,
    params: reason.params,
    ...(dates.length ? { dates } : {}),
    ...(status !== undefined ? { nested: { status: svcStatusText(status) } } : {}),
  };
}

const FIELDS = new Set([
  "recipient",
  "phone",
  "street",
  "exteriorNumber",
  "interiorNumber",
  "neighborhood",
  "city",
  "state",
  "postalCode",
  "country",
]);

function warningView(warning: AddressWarningView): WarningView {
  return {
    field: FIELDS.has(warning.field) ? { key: `fields.${warning.field}` } : { key: "fields.other" },
    text: warning.code
      ? { key: `warnings.${warning.code}`, params: warning.params ?? {} }
      : { key: "attention.warningNotCoded" },
    original: warning.original ?? null,
  };
}

const SVC_STATUSES = new Set(["WAITING", "PICK", "PACK", "READY_TO_GO", "IN_TRANSIT", "DELIVERED"]);

/** The service's status of an order in the merchant's language; one the app does not know, as received. */
function svcStatusText(status: string): Message {
  const key = status.trim().toUpperCase();
  return SVC_STATUSES.has(key)
    ? { key: `svcStatuses.${key}` }
    : { key: "svcStatuses.OTHER", params: { status: status.toLowerCase() } };
}

function attentionFor(record: WarehouseRecord): Message | null {
  if (record.status === "waiting" && record.sendAfter) {
    // A known reason reads in the merchant's language; the time it goes is the part that matters.
    return { key: "attention.waiting", params: { at: record.sendAfter }, dates: ["at"] };
  }
  if (!record.reason) return record.status === "unknown_outcome" ? { key: "attention.unknownOutcome" } : null;
  // The app's English record is never shown: an uncoded reason (an older app's) points to the history.
  return reasonText(record.reasonMessage) ?? { key: "attention.reasonNotCoded" };
}

function recordView(record: WarehouseRecord, index: number, total: number): RecordView {
  return {
    id: record.id,
    heading:
      total > 1
        ? { key: "record.headingNumbered", params: { number: String(index + 1), total: String(total) } }
        : { key: "record.heading" },
    badge: { tone: isKnownStatus(record.status) ? TONES[record.status] : "neutral", label: statusLabel(record.status) },
    service: record.serviceCode
      ? SERVICES.has(record.serviceCode)
        ? { key: `service.${record.serviceCode}` }
        : { key: "service.other", params: { code: record.serviceCode } }
      : null,
    svcOrder: record.svcOrderId
      ? record.svcStatus
        ? {
            key: "record.svcOrderWithStatus",
            params: { id: record.svcOrderId },
            nested: { status: svcStatusText(record.svcStatus) },
          }
        : { key: "record.svcOrder", params: { id: record.svcOrderId } }
      : null,
    tracking: record.tracking.filter((t) => t.number.trim() !== ""),
    whatsappUrl: record.whatsappUrl ?? null,
    attention: attentionFor(record),
    warnings: record.warnings.map(warningView),
    // Newest first: the merchant opens the block to see what happened last.
    timeline: [...record.timeline]
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
      .map((entry) => ({
        at: entry.at,
        label: statusLabel(entry.to),
        detailMessage: reasonText(entry.message),
      })),
    actions: actionsFor(record),
    actionNote: noActionNote(record),
  };
}

/** Everything the order-details block shows for one order. */
export function blockView(status: OrderWarehouseStatus): BlockView {
  const records = status.records.map((record, index) => recordView(record, index, status.records.length));
  let empty: Message | null = null;
  if (!status.connected) empty = { key: "empty.notConnected" };
  else if (records.length === 0) empty = status.queued ? { key: "empty.queued" } : { key: "empty.noRecord" };
  return { empty, records, canPush: status.connected && status.push.allowed, ordersPagePath: status.ordersPagePath };
}

/** What the "send to warehouse now" action says before the merchant confirms. */
export function pushView(status: OrderWarehouseStatus): { allowed: boolean; order: string; message: Message } {
  const order = status.order.name ?? `#${status.order.id.split("/").pop()}`;
  if (!status.connected) return { allowed: false, order, message: { key: "push.notConnected" } };
  if (!status.push.allowed)
    // The only refusal left once connected: every part is already with the warehouse or on its way.
    return { allowed: false, order, message: { key: "push.refused" } };
  return { allowed: true, order, message: { key: "push.confirm", params: { order } } };
}

const KNOWN_OUTCOMES = new Set(OUTCOME_CODES);

/**
 * What came of an action, in the merchant's words: done, or a refusal worded from its outcome's
 * code; a refusal without a code, or with one this copy does not know (a newer app), reads as the
 * general sentence that points to the app's Orders page.
 */
export function outcomeMessage(answer: { ok: boolean; code?: string; params: Record<string, string> }): Message {
  if (answer.ok) return { key: "actions.done" };
  return answer.code && KNOWN_OUTCOMES.has(answer.code)
    ? { key: `outcomes.${answer.code}`, params: answer.params }
    : { key: "actions.failed" };
}
