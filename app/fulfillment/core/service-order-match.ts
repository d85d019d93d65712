/**
 * Pure: whether an order found at the service can be the one a fulfilment record sent (issue 29,
 * defect 8). Every part (fulfilment order) of a Shopify order carries the order's name as
 * `tienda_orden_ref`, so the name alone cannot tell two parts apart: the lines can. The service's
 * lookup lists the order's lines (`detalle_orden`: SKU, units, whether picked); before the
 * warehouse picks, they are exactly what was sent; once it picks, they may be fewer (a short
 * shipment), never other SKUs nor more units.
 */
import type { ShipmentLine } from "../../svc";

/** A line of the service's order lookup, as far as this compares it. */
export interface FoundLine {
  sku: string | null;
  quantity: number | null;
  picked: boolean | number | string | null;
}

/** Null when the lines can be those sent; otherwise why not, in the units' words (`SKU × n, …`). */
export function linesOfAnotherPart(
  sent: readonly ShipmentLine[],
  found: readonly FoundLine[],
): { sent: string; found: string } | null {
  const want = totals(sent.map((line) => [line.identifier, line.quantity]));
  const have = totals(found.map((line) => [line.sku ?? "", line.quantity ?? 0]));
  const picked = found.some((line) => line.picked === true || line.picked === 1 || line.picked === "true");
  const fits =
    [...have].every(([sku, units]) => units <= (want.get(sku) ?? 0)) &&
    (picked || (have.size === want.size && [...want].every(([sku, units]) => have.get(sku) === units)));
  return fits ? null : { sent: describe(want), found: describe(have) || "—" };
}

function totals(lines: readonly (readonly [string, number])[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [raw, units] of lines) {
    const sku = raw.trim();
    if (!sku || !Number.isInteger(units) || units <= 0) continue;
    out.set(sku, (out.get(sku) ?? 0) + units);
  }
  return out;
}

function describe(units: ReadonlyMap<string, number>): string {
  return [...units].map(([sku, n]) => `${sku} × ${n}`).join(", ");
}
