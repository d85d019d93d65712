/**
 * Pure: the note left on the Shopify order — one `svc:<status>` tag (the previous one removed) and
 * a JSON metafield with what happened — so the merchant sees the state in Shopify's own admin.
 */
import { isShort, readMissingLines } from "./short-shipment";
import { NOTED_STATUSES, type FulfillmentStatus } from "./status";

export const NOTE_METAFIELD = { namespace: "svc", key: "fulfillment", type: "json" } as const;

/**
 * The order tag for a status, e.g. `svc:needs-attention`.
 * @internal
 */
export function statusTag(status: FulfillmentStatus): string {
  return `svc:${status.replaceAll("_", "-")}`;
}

/**
 * Every tag this app may have put on an order, except the one for `status`.
 * @internal
 */
export function otherStatusTags(status: FulfillmentStatus): string[] {
  return NOTED_STATUSES.filter((other) => other !== status).map(statusTag);
}

/** Beside the status tag: some part of the order left the warehouse short of what it should have. */
const SHORT_TAG = "svc:shipped-short";

/** The tags to add and to remove for the order's parts as they stand. */
export function noteTags(headline: NoteSource, parts: readonly NoteSource[]): { add: string[]; remove: string[] } {
  const short = parts.some((part) => isShort(part));
  return {
    add: [statusTag(headline.status), ...(short ? [SHORT_TAG] : [])],
    remove: [...otherStatusTags(headline.status), ...(short ? [] : [SHORT_TAG])],
  };
}

export interface NoteSource {
  fulfillmentOrderGid?: string | null;
  status: FulfillmentStatus;
  reason: string | null;
  serviceCode: string | null;
  svcOrderId: string | null;
  svcStatus: string | null;
  trackingNumber: string | null;
  trackingCompany: string | null;
  trackingUrl: string | null;
  /** Shipped short: the units the warehouse did not ship (JSON as stored). */
  missingLines?: unknown;
  updatedAt: Date;
}

/** Which state an order with several parts shows: what needs a person first, then the least advanced. */
const HEADLINE_ORDER: readonly FulfillmentStatus[] = [
  "needs_attention",
  "unknown_outcome",
  "submitted",
  "in_progress",
  "shipped",
  "delivered",
  "skipped",
];

export function headlineOf<T extends NoteSource>(parts: readonly T[]): T {
  const rank = (s: FulfillmentStatus) => {
    const index = HEADLINE_ORDER.indexOf(s);
    return index < 0 ? HEADLINE_ORDER.length : index;
  };
  return [...parts].sort((a, b) => rank(a.status) - rank(b.status))[0]!;
}

/**
 * The metafield's JSON value: no customer data, only the fulfilment's state; with `parts`, every
 * fulfilment order of the order too.
 */
export function noteValue(record: NoteSource, parts?: readonly NoteSource[]): string {
  return JSON.stringify({
    ...(parts
      ? {
          parts: parts.map((part) => ({
            fulfillmentOrder: part.fulfillmentOrderGid ?? null,
            status: part.status,
            reason: part.reason,
            serviceOrderId: part.svcOrderId,
            ...(isShort(part) ? { missing: readMissingLines(part.missingLines) } : {}),
          })),
        }
      : {}),
    status: record.status,
    reason: record.reason,
    service: record.serviceCode,
    serviceOrderId: record.svcOrderId,
    serviceStatus: record.svcStatus,
    ...(isShort(record) ? { shippedShort: true, missing: readMissingLines(record.missingLines) } : {}),
    tracking: record.trackingNumber
      ? { number: record.trackingNumber, company: record.trackingCompany, url: record.trackingUrl }
      : null,
    updatedAt: record.updatedAt.toISOString(),
  });
}
