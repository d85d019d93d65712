/**
 * Pure: the service's stock → the Shopify inventory levels to set. A SKU maps to every catalogue
 * variant that carries it; only levels that differ are written (and recorded).
 */

export interface ServiceStock {
  sku: string;
  /** Units that can still be ordered at the service. */
  available: number;
  /** Units in the warehouse, including those already promised to the orders it received. */
  inStock: number;
}

export interface MappedVariant {
  sku: string;
  inventoryItemId: string;
}

export interface StockTarget {
  sku: string;
  inventoryItemId: string;
  next: number;
  /** The warehouse's units on its shelves (the service's `inStock`), for the bound by Shopify's own count. */
  inStock: number;
}

/** A part the warehouse has (or may have) an order for and has not shipped: what was sent of it. */
export interface PartAtWarehouse {
  fulfillmentOrderGid: string;
  sent: readonly { identifier: string; quantity: number }[];
}

/** A level as Shopify has it now: `committed` are the units of unfulfilled orders at the location. */
export interface CurrentLevel {
  available: number;
  committed: number;
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
      const next = Math.max(0, Math.trunc(entry.available) - (awaiting.get(sku) ?? 0));
      return [sku, { next, inStock: Math.max(0, Math.trunc(entry.inStock)) }];
    }),
  );
  const seen = new Set<string>();
  const targets: StockTarget[] = [];
  for (const variant of variants) {
    const target = bySku.get(variant.sku.trim());
    if (target === undefined || seen.has(variant.inventoryItemId)) continue;
    seen.add(variant.inventoryItemId);
    targets.push({ sku: variant.sku, inventoryItemId: variant.inventoryItemId, ...target });
  }
  return targets;
}

/**
 * Units per SKU (trimmed) that the warehouse keeps on its shelves for parts Shopify no longer
 * expects from the location: the part's order was cancelled, its fulfilment order moved, merged,
 * closed or edited down (`expected`: per fulfilment order gid, the units Shopify still commits
 * to it at the location, read after the levels; a part missing from it counts as expecting
 * nothing). The warehouse has no way to drop them, Shopify no longer counts them as committed.
 */
export function unitsHeldForNobody(
  parts: readonly PartAtWarehouse[],
  expected: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Map<string, number> {
  const held = new Map<string, number>();
  for (const part of parts) {
    const still = expected.get(part.fulfillmentOrderGid);
    const sent = new Map<string, number>();
    for (const line of part.sent) {
      const sku = line.identifier.trim();
      if (sku) sent.set(sku, (sent.get(sku) ?? 0) + line.quantity);
    }
    for (const [sku, quantity] of sent) {
      const extra = quantity - Math.min(quantity, still?.get(sku) ?? 0);
      if (extra > 0) held.set(sku, (held.get(sku) ?? 0) + extra);
    }
  }
  return held;
}

/**
 * The level to write: the target, bounded by what Shopify's own count allows — the warehouse's
 * units on its shelves, less those it keeps for parts Shopify no longer expects (`heldForNobody`,
 * a cancelled order's unit stays on the shelf, promised, until a person stops it with the
 * service), less the units Shopify has committed to unfulfilled orders at the location. Shopify
 * commits a unit the moment it sells, whether or not the app has heard of the order (its
 * orders/paid late or lost), and the warehouse's shelves hold the units of the orders it received
 * until they ship; so this bound never offers a unit sold in Shopify and not yet at the warehouse.
 * It errs low only while a shipped parcel is not yet fulfilled in Shopify, until the next sync.
 * @internal
 */
export function levelToWrite(target: StockTarget, current: CurrentLevel, heldForNobody = 0): number {
  return Math.min(target.next, Math.max(0, target.inStock - heldForNobody - current.committed));
}

/**
 * Compares targets with the levels Shopify has now (`null`: the item is not stocked at the
 * location, which this app does not change) and the units per SKU the warehouse keeps for parts
 * Shopify no longer expects.
 */
export function stockChanges(
  targets: StockTarget[],
  current: ReadonlyMap<string, CurrentLevel | null>,
  heldForNobody: ReadonlyMap<string, number> = new Map(),
): { changes: StockChangePlan[]; notStocked: string[] } {
  const changes: StockChangePlan[] = [];
  const notStocked: string[] = [];
  for (const target of targets) {
    const level = current.get(target.inventoryItemId);
    if (level === undefined || level === null) {
      notStocked.push(target.sku);
      continue;
    }
    const next = levelToWrite(target, level, heldForNobody.get(target.sku.trim()) ?? 0);
    if (level.available !== next) {
      changes.push({ sku: target.sku, inventoryItemId: target.inventoryItemId, previous: level.available, next });
    }
  }
  return { changes, notStocked };
}

/**
 * The fulfilment order's units still to fulfil, per SKU, as stored in a record's `units`: the
 * lines that need shipping, their remaining quantities summed per SKU (lines without a SKU cannot
 * be matched to the service's stock and are left out).
 */
export function unitsToFulfil(
  lines: readonly { sku: string | null; remainingQuantity: number; requiresShipping: boolean }[],
): { sku: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const sku = line.sku?.trim();
    if (!sku || !line.requiresShipping || line.remainingQuantity <= 0) continue;
    totals.set(sku, (totals.get(sku) ?? 0) + line.remainingQuantity);
  }
  return [...totals].map(([sku, quantity]) => ({ sku, quantity }));
}
