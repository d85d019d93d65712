/**
 * Reads of the service's records in our own words, so features never spell a wire field (issue 20:
 * wire names stay in app/svc). Each is a plain read: no default, no conversion.
 */
import type { SvcOrder } from "./results";
import type { SvcProductRecord } from "./wire/product";

/** The store's own reference the order was created with (`tienda_orden_ref`), as the lookup shows it. */
export function storeOrderRefOf(order: SvcOrder): SvcOrder["tienda_orden_ref"] {
  return order.tienda_orden_ref;
}

/** The order's lines with what the warehouse picked (`detalle_orden`). */
export function orderLinesOf(order: SvcOrder): SvcOrder["detalle_orden"] {
  return order.detalle_orden;
}

/** The catalogue entry's product name (`nombre`). */
export function productNameOf(record: SvcProductRecord): SvcProductRecord["nombre"] {
  return record.nombre;
}

/**
 * The destination (`consumidor_destino`) of an order request as it was submitted and stored, or
 * null when the stored request is missing, not an object, or has none (erased). A record keeps
 * the sent parameters under `body` (beside the paid order, app/fulfillment/records.server.ts); a
 * request stored as the parameters alone is read too.
 */
export function submittedDestinationOf(request: unknown): unknown {
  const stored = objectOf(request);
  if (!stored) return null;
  return (objectOf(stored.body) ?? stored).consumidor_destino ?? null;
}

function objectOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
