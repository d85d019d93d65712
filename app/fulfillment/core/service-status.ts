/**
 * Pure: what the service's order lookup means for our record. The service's status is open-ended
 * text (the documentation lists only the first four values), so an unknown one changes nothing but
 * is kept for a person to read; a tracking number means the parcel left, whatever the status says.
 */
import type { FulfillmentStatus } from "./status";

export interface Tracking {
  number: string;
  company: string | null;
  url: string | null;
}

export interface ServiceOrderReport {
  /** The service's own status text, as received (null when it reported none). */
  svcStatus: string | null;
  /** Our main-line state it implies, or null when the status is unknown and there is no tracking. */
  status: Extract<FulfillmentStatus, "in_progress" | "shipped" | "delivered"> | null;
  tracking: Tracking | null;
}

const IN_WAREHOUSE = new Set(["WAITING", "PICK", "PACK", "READY_TO_GO"]);
const WITH_CARRIER = new Set(["IN_TRANSIT"]);
const DELIVERED = new Set(["DELIVERED"]);

/** The fields of the service's order lookup (app/svc's ServiceOrder) this reads. */
export interface ServiceOrderLike {
  status: string | null;
  tracking?: { number?: string | null; carrier?: string | null; url?: string | null } | null;
}

/** Interprets one lookup of a service order. */
export function readServiceOrder(order: ServiceOrderLike): ServiceOrderReport {
  const svcStatus = order.status?.trim() || null;
  const normalised = svcStatus?.toUpperCase() ?? "";
  const number = order.tracking?.number?.trim();
  const tracking: Tracking | null = number
    ? { number, company: order.tracking?.carrier?.trim() || null, url: order.tracking?.url?.trim() || null }
    : null;
  let status: ServiceOrderReport["status"] = null;
  if (DELIVERED.has(normalised)) status = "delivered";
  else if (WITH_CARRIER.has(normalised) || tracking) status = "shipped";
  else if (IN_WAREHOUSE.has(normalised)) status = "in_progress";
  return { svcStatus, status, tracking };
}

/** A line of the service's order lookup (app/svc's ServiceOrderLine), as far as this reads it. */
export interface ServiceOrderLine {
  quantity?: number | null;
  sku?: string | null;
  picked?: boolean | number | string | null;
}

/**
 * What the service says left the warehouse: its order lines summed per SKU, less
 * any it marks as not picked. A lookup with no lines says nothing left: it is empty, never "all"
 * (issue 23: an in-transit report with nothing packed became a fulfilment of every line).
 */
export function shippedProducts(lines: readonly ServiceOrderLine[] | null | undefined): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const line of lines ?? []) {
    const sku = line.sku?.trim();
    const quantity = line.quantity ?? 0;
    if (!sku || !Number.isInteger(quantity) || quantity <= 0) continue;
    if (line.picked === false || line.picked === 0 || line.picked === "false") continue;
    shipped.set(sku, (shipped.get(sku) ?? 0) + quantity);
  }
  return shipped;
}

/** Units of one SKU: what a shipment left behind. */
export interface SkuUnits {
  sku: string;
  quantity: number;
}

/** `CAFE-500 × 1, TAZA-AZ × 2`: how the engine names lines in its sentences. */
export function describeUnits(lines: readonly SkuUnits[]): string {
  return lines.map((l) => `${l.sku} × ${l.quantity}`).join(", ");
}

/** The tracking numbers in the service's text: several packages come as several numbers. */
export function trackingNumbers(tracking: Tracking): string[] {
  return tracking.number
    .split(/[,;\s]+/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** Whether two tracking records say the same thing to the buyer. */
export function sameTracking(a: Tracking | null, b: Tracking | null): boolean {
  return (
    (a?.number ?? null) === (b?.number ?? null) &&
    (a?.company ?? null) === (b?.company ?? null) &&
    (a?.url ?? null) === (b?.url ?? null)
  );
}
