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
 * null when the stored request is missing, not an object, or has none (erased).
 */
export function submittedDestinationOf(request: unknown): unknown {
  if (!request || typeof request !== "object" || Array.isArray(request)) return null;
  return (request as Record<string, unknown>).consumidor_destino ?? null;
}
