/**
 * Pure: a shipment short of its fulfilment order (issue 23). The record keeps the units the
 * warehouse did not ship (`missingLines`); while it needs a person, the merchant chooses to send
 * them as a new service order or to leave them for a refund.
 */
import { reason, type ReasonMessage } from "./reason-codes";
import { describeUnits, type SkuUnits } from "./service-status";

/** The missing units as stored (JSON), or none when the column holds anything else. */
export function readMissingLines(value: unknown): SkuUnits[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { sku, quantity } = item as Record<string, unknown>;
    return typeof sku === "string" && typeof quantity === "number" && Number.isInteger(quantity) && quantity > 0
      ? [{ sku, quantity }]
      : [];
  });
}

/** Whether the record shipped short and waits for the merchant's choice. */
export function isAwaitingShortChoice(record: { status: string; missingLines: unknown }): boolean {
  return record.status === "needs_attention" && readMissingLines(record.missingLines).length > 0;
}

/** Whether the order shipped short (a choice pending, or the missing units left for a refund). */
export function isShort(record: { missingLines?: unknown }): boolean {
  return readMissingLines(record.missingLines).length > 0;
}

/** The warehouse reported the parcel on its way but listed nothing in it. */
export function nothingShipped(svcStatus: string | null): ReasonMessage {
  return reason("nothingShipped", { status: svcStatus ?? "shipped" });
}

/** The warehouse shipped less than the fulfilment order: what is missing, and the two ways out. */
export function shippedShort(missing: readonly SkuUnits[]): ReasonMessage {
  return reason("shippedShort", { missing: describeUnits(missing) });
}
