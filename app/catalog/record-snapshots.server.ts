// Variants just read from Shopify → mapped → stored with their next status.
import { mapVariant, type MappingSettings } from "./map-variant";
import { productHash } from "./mapping-hash.server";
import { statusAfterRead } from "./status";
import { displayName, type VariantSnapshot } from "./variant-snapshot";
import { loadVariants, writeReadVariants, type Db, type ReadVariantRow } from "./variant-records.server";

export interface RecordedSnapshots {
  rows: ReadVariantRow[];
  /** SKUs the variants carried before this read (a change may end a duplicate). */
  previousSkus: string[];
}

export async function recordSnapshots(
  db: Db,
  shop: string,
  snapshots: VariantSnapshot[],
  settings: MappingSettings,
): Promise<RecordedSnapshots> {
  const existing = await loadVariants(
    db,
    shop,
    snapshots.map((s) => s.variantId),
  );
  const rows = snapshots.map<ReadVariantRow>((snapshot) => {
    const mapping = mapVariant(snapshot, settings);
    const stored = existing.get(snapshot.variantId) ?? null;
    const storedCurrent = stored?.current;
    const next = statusAfterRead({
      existing: stored && {
        status: stored.status,
        sku: stored.sku,
        svcProductId: stored.svcProductId,
        currentHash: storedCurrent?.kind === "ready" ? productHash(storedCurrent.product) : null,
      },
      sku: snapshot.sku,
      mapping,
      mappingHash: mapping.kind === "ready" ? productHash(mapping.product) : null,
    });
    return {
      productId: snapshot.productId,
      variantId: snapshot.variantId,
      inventoryItemId: snapshot.inventoryItemId,
      sku: snapshot.sku,
      title: displayName(snapshot),
      status: next.status,
      reason: next.reason,
      current: mapping,
      dropRegistration: next.dropRegistration,
    };
  });
  await writeReadVariants(db, shop, rows);
  const previousSkus = [...existing.values()].flatMap((s) => (s.sku ? [s.sku] : []));
  return { rows, previousSkus };
}
