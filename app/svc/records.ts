/**
 * Reads of the service's records in our own words, so features never spell a wire field (issue 20:
 * wire names stay in app/svc). Each is a plain read: no default, no conversion. The catalogue, stock
 * and order lookup have their own domain types (catalogue.ts, order-lookup.ts).
 */

/**
 * The destination (`consumidor_destino`) of an order request as it was submitted and stored, or
 * null when the stored request is missing, not an object, or has none (erased). A record keeps
 * the sent parameters under `body` (beside the paid order, app/fulfillment/records/records.server.ts); a
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
