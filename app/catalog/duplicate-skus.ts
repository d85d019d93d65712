/** SKUs carried by more than one live variant of a store (pure). The service wants them unique. */

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

/** The reason shown on a variant that is not sent because its SKU is shared. */
export function duplicateSkuReason(sku: string, others: readonly SkuHolder[]): string {
  const names = others.map((o) => `«${o.name}»${o.registered ? " (ya registrada en el servicio)" : ""}`).join(", ");
  return `SKU duplicado: ${sku} también lo usa ${names}. Cada variante necesita un SKU único para registrarse en el servicio.`;
}
