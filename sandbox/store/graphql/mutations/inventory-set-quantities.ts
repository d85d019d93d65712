import type { InventoryChangeRecord, InventoryLevelRecord } from "../../state/records";
import { levelKey } from "../../state/shop-state";
import type { StoreContext } from "../context";
import { setInventoryLevel } from "../../state/inventory-store";
import { adjustmentGroupView, inventoryLevelView, quantityOf } from "../views/inventory-views";

interface QuantityInput {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  compareQuantity?: number | null;
}

interface SetQuantitiesInput {
  reason: string;
  name: string;
  referenceDocumentUri?: string | null;
  quantities: QuantityInput[];
  ignoreCompareQuantity?: boolean | null;
}

const REASONS = new Set([
  "correction",
  "cycle_count_available",
  "damaged",
  "movement_created",
  "movement_updated",
  "movement_received",
  "movement_canceled",
  "other",
  "promotion",
  "quality_control",
  "received",
  "reservation_created",
  "reservation_deleted",
  "reservation_updated",
  "restock",
  "safety_stock",
  "shrinkage",
]);

const MAX_QUANTITY = 1_000_000_000;

export function inventorySetQuantitiesMutation(ctx: StoreContext) {
  const { shop } = ctx;
  return {
    /** Stocks an item at a location (e.g. a fulfilment service's); an item already stocked there is left as it is. */
    inventoryActivate: (args: { inventoryItemId: string; locationId: string; available?: number | null }) => {
      const refused = (field: string, message: string) => ({
        inventoryLevel: null,
        userErrors: [{ field: [field], message }],
      });
      if (!shop.inventoryItems.has(args.inventoryItemId))
        return refused("inventoryItemId", "Inventory item does not exist");
      if (!shop.locations.has(args.locationId)) return refused("locationId", "Location does not exist");
      const key = levelKey(args.inventoryItemId, args.locationId);
      let level = shop.inventoryLevels.get(key);
      if (!level) {
        level = {
          itemId: args.inventoryItemId,
          locationId: args.locationId,
          available: Math.max(0, args.available ?? 0),
          committed: 0,
          updatedAt: ctx.now(),
        };
        setInventoryLevel(shop, level);
      }
      return { inventoryLevel: inventoryLevelView(ctx, level), userErrors: [] };
    },
    inventorySetQuantities: ({ input }: { input: SetQuantitiesInput }) => {
      const errors: Array<{ field: string[]; message: string; code: string }> = [];
      const fail = (field: string[], message: string, code: string) => errors.push({ field, message, code });
      if (input.name !== "available" && input.name !== "on_hand") {
        fail(["input", "name"], "The quantity name must be either 'available' or 'on_hand'.", "INVALID_NAME");
      }
      if (!REASONS.has(input.reason)) fail(["input", "reason"], "The specified reason is invalid.", "INVALID_REASON");
      const seen = new Set<string>();
      const targets: Array<{ level: InventoryLevelRecord; quantity: number }> = [];
      input.quantities.forEach((q, index) => {
        const at = (name: string) => ["input", "quantities", String(index), name];
        const key = levelKey(q.inventoryItemId, q.locationId);
        const level = shop.inventoryLevels.get(key);
        if (!shop.inventoryItems.has(q.inventoryItemId)) {
          fail(at("inventoryItemId"), "The specified inventory item could not be found.", "INVALID_INVENTORY_ITEM");
        } else if (!shop.locations.has(q.locationId)) {
          fail(at("locationId"), "The specified location could not be found.", "INVALID_LOCATION");
        } else if (!level) {
          fail(
            at("locationId"),
            "The specified inventory item is not stocked at the location.",
            "ITEM_NOT_STOCKED_AT_LOCATION",
          );
        } else if (seen.has(key)) {
          fail(
            at("inventoryItemId"),
            "The combination of inventoryItemId and locationId must be unique.",
            "NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR",
          );
        } else if (q.quantity > MAX_QUANTITY) {
          fail(at("quantity"), "The total quantity can't be higher than 1,000,000,000.", "INVALID_QUANTITY_TOO_HIGH");
        } else if (input.name === "on_hand" && q.quantity < 0) {
          fail(at("quantity"), "The quantity can't be negative.", "INVALID_QUANTITY_NEGATIVE");
        } else if (!input.ignoreCompareQuantity && q.compareQuantity == null) {
          fail(
            at("compareQuantity"),
            "The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.",
            "COMPARE_QUANTITY_REQUIRED",
          );
        } else if (!input.ignoreCompareQuantity && q.compareQuantity !== quantityOf(level, input.name)) {
          fail(
            at("compareQuantity"),
            "The compareQuantity value does not match persisted value.",
            "COMPARE_QUANTITY_STALE",
          );
        } else {
          targets.push({ level, quantity: q.quantity });
        }
        seen.add(key);
      });
      // All or nothing, like Shopify: a single bad quantity leaves every level untouched.
      if (errors.length > 0) return { inventoryAdjustmentGroup: null, userErrors: errors };
      const now = ctx.now();
      const changes: InventoryChangeRecord[] = targets.flatMap(({ level, quantity }) => {
        const delta = quantity - quantityOf(level, input.name);
        // Setting either name moves both: on hand = available + committed.
        level.available += delta;
        level.updatedAt = now;
        return ["available", "on_hand"].map((name) => ({
          name,
          delta,
          quantityAfterChange: quantityOf(level, name),
          itemId: level.itemId,
          locationId: level.locationId,
        }));
      });
      const group = {
        id: shop.ids.next("InventoryAdjustmentGroup"),
        reason: input.reason,
        referenceDocumentUri: input.referenceDocumentUri ?? null,
        changes,
        createdAt: now,
      };
      shop.adjustmentGroups.set(group.id, group);
      return { inventoryAdjustmentGroup: adjustmentGroupView(ctx, group), userErrors: [] };
    },
  };
}
