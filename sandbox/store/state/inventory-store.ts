import type { InventoryLevelRecord } from "./records";
import { levelKey, type ShopState } from "./shop-state";

/**
 * Inventory levels, indexed by item so that an item's levels and totals cost what that item
 * holds (one level per location), not a scan of every level in the shop. Quantities change in
 * place on the records (inventorySetQuantities, orders), which both maps share, so only adding
 * and removing levels has to go through here.
 */
export function setInventoryLevel(shop: ShopState, level: InventoryLevelRecord): void {
  shop.inventoryLevels.set(levelKey(level.itemId, level.locationId), level);
  let byLocation = shop.inventoryLevelsByItem.get(level.itemId);
  if (!byLocation) {
    byLocation = new Map();
    shop.inventoryLevelsByItem.set(level.itemId, byLocation);
  }
  byLocation.set(level.locationId, level);
}

/** The item's levels, in the order they were stocked. */
export function levelsOfItem(shop: ShopState, itemId: string): InventoryLevelRecord[] {
  const byLocation = shop.inventoryLevelsByItem.get(itemId);
  return byLocation ? [...byLocation.values()] : [];
}

/** Units available for sale across every location that stocks the item. */
export function availableEverywhere(shop: ShopState, itemId: string): number {
  let total = 0;
  const byLocation = shop.inventoryLevelsByItem.get(itemId);
  if (byLocation) for (const level of byLocation.values()) total += level.available;
  return total;
}

export function deleteInventoryLevelsOf(shop: ShopState, itemId: string): void {
  const byLocation = shop.inventoryLevelsByItem.get(itemId);
  if (!byLocation) return;
  for (const locationId of byLocation.keys()) shop.inventoryLevels.delete(levelKey(itemId, locationId));
  shop.inventoryLevelsByItem.delete(itemId);
}
