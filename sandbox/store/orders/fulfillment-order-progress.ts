/**
 * `fulfillmentOrderReportProgress` and `fulfillmentOrderOpen`, as the published 2026-10 schema
 * describes them: an app reports the progress of an OPEN or IN_PROGRESS fulfilment order (it
 * becomes IN_PROGRESS, and the merchant sees that someone is working on it); while progress is
 * reported Shopify refuses to move it ("the fulfillment order must first be marked as open resolving
 * the ongoing progress state") and, no longer OPEN, to merge it. `fulfillmentOrderOpen` marks a
 * SCHEDULED fulfilment order as open and, from 2026-01, one at a merchant-managed location that had
 * progress reported. Refusals throw a {@link FulfillmentOrderRefusal} with the schema's codes.
 */
import { numericId } from "../ids";
import type { FulfillmentOrderRecord } from "../state/records";
import type { ShopState } from "../state/shop-state";
import { FulfillmentOrderRefusal } from "./fulfillment-order-moves";

/** Progress is about shipping work: the store refuses pickup, local delivery and retail (its choice). */
const REPORTABLE_METHODS = new Set(["SHIPPING", "NONE"]);

function atServiceLocation(shop: ShopState, fo: FulfillmentOrderRecord): boolean {
  return [...shop.fulfillmentServices.values()].some((s) => s.locationId === fo.locationId);
}

/** fulfillmentOrderReportProgress(id, progressReport: { reasonNotes }). */
export function reportProgress(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  reasonNotes: string | null,
  now: number,
): FulfillmentOrderRecord {
  if (fo.status !== "OPEN" && fo.status !== "IN_PROGRESS")
    throw new FulfillmentOrderRefusal(
      `Fulfillment order ${numericId(fo.id)} is ${fo.status.toLowerCase()}: progress can be reported only while it is open or in progress.`,
      "FULFILLMENT_ORDER_STATUS_INVALID",
    );
  if (!REPORTABLE_METHODS.has(fo.deliveryMethod))
    throw new FulfillmentOrderRefusal(
      "Progress cannot be reported for a fulfillment order with this delivery method.",
      "FULFILLMENT_ORDER_INVALID_DELIVERY_METHOD",
    );
  // At a fulfilment service's location the service reports once it accepted the request.
  if (atServiceLocation(shop, fo) && fo.requestStatus !== "ACCEPTED" && fo.requestStatus !== "CANCELLATION_REJECTED")
    throw new FulfillmentOrderRefusal(
      "The fulfillment order is not assigned to the requesting fulfillment service.",
      "FULFILLMENT_ORDER_INVALID_FULFILLMENT_SERVICE_OWNERSHIP",
    );
  fo.status = "IN_PROGRESS";
  fo.progressReported = true;
  fo.progressReports = [...(fo.progressReports ?? []), { at: now, reasonNotes }];
  fo.updatedAt = now;
  return fo;
}

/** fulfillmentOrderOpen(id): a scheduled one opens; a merchant-managed one leaves its reported progress. */
export function markAsOpen(shop: ShopState, fo: FulfillmentOrderRecord, now: number): FulfillmentOrderRecord {
  if (fo.status === "SCHEDULED") {
    fo.status = "OPEN";
    fo.fulfillAt = null;
  } else if (fo.status === "IN_PROGRESS" && fo.progressReported && !atServiceLocation(shop, fo)) {
    // Units already fulfilled keep it in progress; only the reported progress is resolved.
    const partlyFulfilled = fo.lineItems.some((l) => l.remainingQuantity < l.totalQuantity);
    fo.status = partlyFulfilled ? "IN_PROGRESS" : "OPEN";
    fo.progressReported = false;
  } else {
    throw new FulfillmentOrderRefusal(
      `Fulfillment order ${numericId(fo.id)} is ${fo.status.toLowerCase()} and cannot be marked as open.`,
      "FULFILLMENT_ORDER_STATUS_INVALID",
    );
  }
  fo.updatedAt = now;
  return fo;
}
