/**
 * Pure: the service's stock → the Shopify inventory levels to set. A SKU maps to every catalogue
 * variant that carries it; only levels that differ are written (and recorded).
 */

export interface ServiceStock {
  sku: string;
  /** Units that can still be ordered at the service. */
  available: number;
}

export interface MappedVariant {
  sku: string;
  inventoryItemId: string;
}

export interface StockTarget {
  sku: string;
  inventoryItemId: string;
  next: number;
}

export interface StockChangePlan {
  sku: string;
  inventoryItemId: string;
  previous: number;
  next: number;
}

/**
 * The level each mapped inventory item should have: the service's units less the units paid for in
 * Shopify that the warehouse has no order for yet (`awaiting`, per trimmed SKU; the service's
 * figure does not know of them and Shopify already took them off), never below zero. Service SKUs
 * with no variant are ignored.
 */
export function stockTargets(
  stock: ServiceStock[],
  variants: MappedVariant[],
  awaiting: ReadonlyMap<string, number> = new Map(),
): StockTarget[] {
  const bySku = new Map(
    stock.map((entry) => {
      const sku = entry.sku.trim();
      return [sku, Math.max(0, Math.trunc(entry.available) - (awaiting.get(sku) ?? 0))];
    }),
  );
  const seen = new Set<string>();
  const targets: StockTarget[] = [];
  for (const variant of variants) {
    const next = bySku.get(variant.sku.trim());
    if (next === undefined || seen.has(variant.inventoryItemId)) continue;
    seen.add(variant.inventoryItemId);
    targets.push({ sku: variant.sku, inventoryItemId: variant.inventoryItemId, next });
  }
  return targets;
}

/**
 * Compares targets with the levels Shopify has now (`null`: the item is not stocked at the
 * location, which this app does not change).
 */
export function stockChanges(
  targets: StockTarget[],
  current: ReadonlyMap<string, number | null>,
): { changes: StockChangePlan[]; notStocked: string[] } {
  const changes: StockChangePlan[] = [];
  const notStocked: string[] = [];
  for (const target of targets) {
    const previous = current.get(target.inventoryItemId);
    if (previous === undefined || previous === null) {
      notStocked.push(target.sku);
      continue;
    }
    if (previous !== target.next) changes.push({ ...target, previous });
  }
  return { changes, notStocked };
}
