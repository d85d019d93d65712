/**
 * Pure: the note left on the Shopify order — one `svc:<status>` tag (the previous one removed) and
 * a JSON metafield with what happened — so the merchant sees the state in Shopify's own admin.
 */
import { NOTED_STATUSES, type FulfillmentStatus } from "./status";

export const NOTE_METAFIELD = { namespace: "svc", key: "fulfillment", type: "json" } as const;

/** The order tag for a status, e.g. `svc:needs-attention`. */
export function statusTag(status: FulfillmentStatus): string {
  return `svc:${status.replaceAll("_", "-")}`;
}

/** Every tag this app may have put on an order, except the one for `status`. */
export function otherStatusTags(status: FulfillmentStatus): string[] {
  return NOTED_STATUSES.filter((other) => other !== status).map(statusTag);
}

export interface NoteSource {
  status: FulfillmentStatus;
  reason: string | null;
  serviceCode: string | null;
  svcOrderId: string | null;
  svcStatus: string | null;
  trackingNumber: string | null;
  trackingCompany: string | null;
  trackingUrl: string | null;
  updatedAt: Date;
}

/** The metafield's JSON value: no customer data, only the fulfilment's state. */
export function noteValue(record: NoteSource): string {
  return JSON.stringify({
    status: record.status,
    reason: record.reason,
    service: record.serviceCode,
    serviceOrderId: record.svcOrderId,
    serviceStatus: record.svcStatus,
    tracking: record.trackingNumber
      ? { number: record.trackingNumber, company: record.trackingCompany, url: record.trackingUrl }
      : null,
    updatedAt: record.updatedAt.toISOString(),
  });
}
