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

/**
 * The owner's slot for (namespace, key). The length prefix keeps it unambiguous whatever the
 * characters: ("a.b", "c") and ("a", "b.c") get different slots.
 */
function slot(namespace: string, key: string): string {
  return `${namespace.length}:${namespace}.${key}`;
}

export function findMetafield(
  shop: ShopState,
  ownerId: string,
  namespace: string,
  key: string,
): MetafieldRecord | undefined {
  return shop.metafieldsByOwner.get(ownerId)?.get(slot(namespace, key));
}

/** The owner's metafields, oldest first (the order they were created in). */
export function metafieldsOf(shop: ShopState, ownerId: string): MetafieldRecord[] {
  const owned = shop.metafieldsByOwner.get(ownerId);
  return owned ? [...owned.values()] : [];
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
  let owned = shop.metafieldsByOwner.get(ownerId);
  if (!owned) {
    owned = new Map();
    shop.metafieldsByOwner.set(ownerId, owned);
  }
  owned.set(slot(record.namespace, record.key), record);
  return record;
}

export function deleteMetafieldsOf(shop: ShopState, ownerId: string): void {
  for (const metafield of metafieldsOf(shop, ownerId)) shop.metafields.delete(metafield.id);
  shop.metafieldsByOwner.delete(ownerId);
}
