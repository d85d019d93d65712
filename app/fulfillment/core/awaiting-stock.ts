/**
 * Pure: orders the service refused for lack of stock (status awaiting_stock). What each one lacks
 * at the warehouse, and which of them a stock read now covers — oldest first, each taking its
 * units from what the read shows, so two waiting orders never count the same units.
 */
import type { SkuUnits } from "./service-status";

/** Units per SKU summed (trimmed SKUs), in first-seen order. */
function perSku(lines: readonly SkuUnits[]): SkuUnits[] {
  const sums = new Map<string, number>();
  for (const line of lines) {
    const sku = line.sku.trim();
    sums.set(sku, (sums.get(sku) ?? 0) + line.quantity);
  }
  return [...sums].map(([sku, quantity]) => ({ sku, quantity }));
}

/**
 * The units the warehouse lacks for `lines`, given its available units per SKU (a SKU it does
 * not list has none). When the read already shows enough (it is older than the refusal), the
 * product the service named — else every line — is what it lacks: the service's answer wins.
 */
export function missingUnits(
  lines: readonly SkuUnits[],
  available: ReadonlyMap<string, number>,
  named?: string,
): SkuUnits[] {
  const wanted = perSku(lines);
  const short = wanted
    .map(({ sku, quantity }) => ({ sku, quantity: quantity - Math.max(0, available.get(sku) ?? 0) }))
    .filter((line) => line.quantity > 0);
  if (short.length > 0) return short;
  const product = named?.trim();
  const namedLines = product ? wanted.filter((line) => line.sku === product) : [];
  return namedLines.length > 0 ? namedLines : wanted;
}

export interface WaitingOrder {
  id: string;
  units: readonly SkuUnits[];
}

/**
 * The waiting orders (given oldest first) that `available` covers in full, each taking its units
 * before the next is considered; an order it does not cover leaves the units to later ones.
 */
export function coveredByStock(
  waiting: readonly WaitingOrder[],
  available: ReadonlyMap<string, number>,
): WaitingOrder[] {
  const left = new Map(available);
  const covered: WaitingOrder[] = [];
  for (const order of waiting) {
    const wanted = perSku(order.units);
    if (wanted.length === 0) continue;
    if (!wanted.every(({ sku, quantity }) => (left.get(sku) ?? 0) >= quantity)) continue;
    for (const { sku, quantity } of wanted) left.set(sku, (left.get(sku) ?? 0) - quantity);
    covered.push(order);
  }
  return covered;
}
