/** SKUs carried by more than one live variant of a store (pure). The service wants them unique. */
import { catalogReason, type CatalogReason } from "./reason-codes";

export interface SkuHolder {
  variantId: string;
  sku: string;
  /** How the merchant knows the variant, e.g. "Jabón artesanal - Lavanda". */
  name: string;
  /** Already registered at the service under this SKU. */
  registered: boolean;
}

/** For every variant whose SKU is shared: the names of the other variants that carry it. */
export function findDuplicateSkus(holders: readonly SkuHolder[]): Map<string, SkuHolder[]> {
  const bySku = new Map<string, SkuHolder[]>();
  for (const holder of holders) {
    const group = bySku.get(holder.sku);
    if (group) group.push(holder);
    else bySku.set(holder.sku, [holder]);
  }
  const duplicates = new Map<string, SkuHolder[]>();
  for (const group of bySku.values()) {
    if (group.length < 2) continue;
    for (const holder of group)
      duplicates.set(
        holder.variantId,
        group.filter((other) => other !== holder),
      );
  }
  return duplicates;
}

/** The reason of a variant that is not sent because its SKU is shared: the SKU and the others that carry it. */
export function duplicateSkuReason(sku: string, others: readonly SkuHolder[]): CatalogReason {
  return catalogReason("duplicateSku", {
    sku,
    others: JSON.stringify(others.map((o) => ({ name: o.name, registered: o.registered }))),
  });
}
