import { GraphQLError, type GraphQLResolveInfo } from "graphql";
import { idempotencyKeyOf } from "../idempotency";
import type { InventoryChangeRecord, InventoryLevelRecord } from "../../state/records";
import { levelKey } from "../../state/shop-state";
import type { StoreContext } from "../context";
import { setInventoryLevel } from "../../state/inventory-store";
import { adjustmentGroupView, inventoryLevelView, quantityOf } from "../views/inventory-views";

interface QuantityInput {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  /** The level the caller read; must be given, null opts out of the check (Admin API 2026-04 on). */
  changeFromQuantity?: number | null;
}

interface SetQuantitiesInput {
  reason: string;
  name: string;
  referenceDocumentUri?: string | null;
  quantities: QuantityInput[];
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

type SetQuantitiesResult = { inventoryAdjustmentGroup: unknown; userErrors: unknown[] };

/**
 * inventorySetQuantities as Admin API 2026-04 and later (up to 2026-10, the version served): the
 * `@idempotent(key:)` directive is required at run time, and a key seen before returns the first
 * result without changing anything again; each quantity must carry `changeFromQuantity` (null
 * opts out of the check), and a value other than the stored level is CHANGE_FROM_QUANTITY_STALE.
 */
export function inventorySetQuantitiesMutation(ctx: StoreContext) {
  const { shop } = ctx;
  const seenKeys = idempotencyKeysOf(shop);
  return {
    /**
     * Stocks an item at a location (e.g. a fulfilment service's); an item already stocked there is
     * left as it is. Keyed like inventorySetQuantities (required since 2026-04): a repeated key
     * answers the first result.
     */
    inventoryActivate: (
      args: { inventoryItemId: string; locationId: string; available?: number | null },
      _context: unknown,
      info: GraphQLResolveInfo,
    ) => {
      // The key is checked before execution where the version requires it (../idempotency.ts).
      const key = idempotencyKeyOf(info);
      if (key === null) return activate(args);
      const earlier = seenKeys.get(`inventoryActivate:${key}`);
      if (earlier) return earlier;
      const result = activate(args);
      seenKeys.set(`inventoryActivate:${key}`, result);
      return result;
    },
    inventorySetQuantities: (
      { input }: { input: SetQuantitiesInput },
      _context: unknown,
      info: GraphQLResolveInfo,
    ): SetQuantitiesResult => {
      // The key is checked before execution where the version requires it (../idempotency.ts).
      const key = idempotencyKeyOf(info);
      if (key === null) return setQuantities(input);
      const earlier = seenKeys.get(`inventorySetQuantities:${key}`) as SetQuantitiesResult | undefined;
      if (earlier) return earlier;
      const result = setQuantities(input);
      seenKeys.set(`inventorySetQuantities:${key}`, result);
      return result;
    },
  };

  function activate(args: { inventoryItemId: string; locationId: string; available?: number | null }) {
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
  }

  function setQuantities(input: SetQuantitiesInput): SetQuantitiesResult {
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
      } else if (q.changeFromQuantity === undefined) {
        // Nullable in the schema, so only the run time can say it is missing.
        throw new GraphQLError(
          `changeFromQuantity must be given for quantities[${index}]: pass the quantity read, or null to skip the check.`,
        );
      } else if (q.changeFromQuantity !== null && q.changeFromQuantity !== quantityOf(level, input.name)) {
        fail(
          at("changeFromQuantity"),
          "The changeFromQuantity value does not match the persisted value.",
          "CHANGE_FROM_QUANTITY_STALE",
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
  }
}

const IDEMPOTENT = new WeakMap<object, Map<string, unknown>>();

// The keys each shop has seen, kept as long as the shop's state (a simulated store is short-lived).
function idempotencyKeysOf(shop: object): Map<string, unknown> {
  let keys = IDEMPOTENT.get(shop);
  if (!keys) IDEMPOTENT.set(shop, (keys = new Map()));
  return keys;
}
