/**
 * Reads of the service's records in our own words, so features never spell a wire field (issue 20:
 * wire names stay in app/svc). Each is a plain read: no default, no conversion. The catalogue, stock
 * and order lookup have their own domain types (catalogue.ts, order-lookup.ts).
 */

/**
 * The destination (`consumidor_destino`) of an order request as it was submitted and stored, or
 * null when the stored request is missing, not an object, or has none (erased).
 */
export function submittedDestinationOf(request: unknown): unknown {
  if (!request || typeof request !== "object" || Array.isArray(request)) return null;
  return (request as Record<string, unknown>).consumidor_destino ?? null;
}
