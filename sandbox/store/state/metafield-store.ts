import type { ShopState } from "./shop-state";
import type { MetafieldRecord } from "./records";

export interface MetafieldInput {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

// Shopify maps an omitted namespace to the calling app's reserved namespace.
export const APP_NAMESPACE = "$app";

export function findMetafield(
  shop: ShopState,
  ownerId: string,
  namespace: string,
  key: string,
): MetafieldRecord | undefined {
  for (const metafield of shop.metafields.values()) {
    if (metafield.ownerId === ownerId && metafield.namespace === namespace && metafield.key === key) {
      return metafield;
    }
  }
  return undefined;
}

export function metafieldsOf(shop: ShopState, ownerId: string): MetafieldRecord[] {
  return [...shop.metafields.values()].filter((metafield) => metafield.ownerId === ownerId);
}

/** Creates or replaces the metafield at (owner, namespace, key); the id survives an update. */
export function upsertMetafield(shop: ShopState, ownerId: string, input: MetafieldInput, now: number): MetafieldRecord {
  const existing = findMetafield(shop, ownerId, input.namespace, input.key);
  if (existing) {
    existing.type = input.type;
    existing.value = input.value;
    existing.updatedAt = now;
    return existing;
  }
  const record: MetafieldRecord = {
    id: shop.ids.next("Metafield"),
    ownerId,
    namespace: input.namespace,
    key: input.key,
    type: input.type,
    value: input.value,
    createdAt: now,
    updatedAt: now,
  };
  shop.metafields.set(record.id, record);
  return record;
}

export function deleteMetafieldsOf(shop: ShopState, ownerId: string): void {
  for (const metafield of metafieldsOf(shop, ownerId)) shop.metafields.delete(metafield.id);
}
