import { GraphQLError } from "graphql";
import { inventoryLevelGid, numericId } from "../../ids";
import type {
  InventoryAdjustmentGroupRecord,
  InventoryItemRecord,
  InventoryLevelRecord,
  LocationRecord,
} from "../../state/records";
import { availableEverywhere, levelsOfItem } from "../../state/inventory-store";
import { levelKey } from "../../state/shop-state";
import { isoUtc } from "../../timestamps";
import { paginate, type ConnectionArgs } from "../connection";
import type { StoreContext } from "../context";
import { views } from "./links";

const QUANTITY_NAMES = [
  "available",
  "committed",
  "damaged",
  "incoming",
  "on_hand",
  "quality_control",
  "reserved",
  "safety_stock",
];

export function availableTotal(ctx: StoreContext, itemId: string): number {
  return availableEverywhere(ctx.shop, itemId);
}

export function quantityOf(level: InventoryLevelRecord, name: string): number {
  if (name === "available") return level.available;
  if (name === "committed") return level.committed;
  if (name === "on_hand") return level.available + level.committed;
  return 0;
}

export function locationView(ctx: StoreContext, location: LocationRecord) {
  const { address } = location;
  return {
    __typename: "Location",
    id: location.id,
    legacyResourceId: String(numericId(location.id)),
    name: location.name,
    isActive: location.isActive,
    fulfillsOnlineOrders: location.fulfillsOnlineOrders,
    shipsInventory: true,
    address: {
      ...address,
      formatted: [
        address.address1,
        address.address2,
        `${address.zip} ${address.city} ${address.provinceCode}`,
        address.country,
      ].filter((line): line is string => Boolean(line)),
    },
    inventoryLevel: (args: { inventoryItemId: string }) => {
      const level = ctx.shop.inventoryLevels.get(levelKey(args.inventoryItemId, location.id));
      return level ? inventoryLevelView(ctx, level) : null;
    },
  };
}

export function inventoryItemView(ctx: StoreContext, item: InventoryItemRecord) {
  const levels = () => levelsOfItem(ctx.shop, item.id);
  return {
    __typename: "InventoryItem",
    id: item.id,
    legacyResourceId: String(numericId(item.id)),
    sku: () => ctx.shop.variants.get(item.variantId)?.sku ?? null,
    requiresShipping: item.requiresShipping,
    tracked: item.tracked,
    harmonizedSystemCode: item.harmonizedSystemCode,
    countryCodeOfOrigin: "MX",
    measurement: {
      id: `gid://shopify/InventoryItemMeasurement/${numericId(item.id)}`,
      weight: { ...item.weight },
    },
    variant: () => views.variantView(ctx, ctx.shop.variants.get(item.variantId)!),
    variants: (args: ConnectionArgs) =>
      paginate(
        [ctx.shop.variants.get(item.variantId)!],
        args,
        "variants",
        (variant) => [numericId(variant.id), numericId(variant.id)],
        (variant) => views.variantView(ctx, variant),
      ),
    inventoryLevel: (args: { locationId: string }) => {
      const level = ctx.shop.inventoryLevels.get(levelKey(item.id, args.locationId));
      return level ? inventoryLevelView(ctx, level) : null;
    },
    inventoryLevels: (args: ConnectionArgs) =>
      paginate(
        levels(),
        args,
        "inventoryLevels",
        (l) => [numericId(l.locationId), numericId(l.locationId)],
        (l) => inventoryLevelView(ctx, l),
      ),
    createdAt: isoUtc(item.createdAt),
    updatedAt: isoUtc(item.updatedAt),
  };
}

export function inventoryLevelView(ctx: StoreContext, level: InventoryLevelRecord) {
  const id = inventoryLevelGid(level.itemId, level.locationId);
  return {
    __typename: "InventoryLevel",
    id,
    location: () => locationView(ctx, ctx.shop.locations.get(level.locationId)!),
    item: () => inventoryItemView(ctx, ctx.shop.inventoryItems.get(level.itemId)!),
    quantities: (args: { names: string[] }) =>
      args.names.map((name) => {
        if (!QUANTITY_NAMES.includes(name)) {
          throw new GraphQLError(`The quantity name '${name}' is not valid.`, { extensions: { code: "BAD_REQUEST" } });
        }
        return {
          id: `gid://shopify/InventoryQuantity/${numericId(level.locationId)}?inventory_item_id=${numericId(level.itemId)}&name=${name}`,
          name,
          quantity: quantityOf(level, name),
          updatedAt: isoUtc(level.updatedAt),
        };
      }),
    createdAt: isoUtc(level.updatedAt),
    updatedAt: isoUtc(level.updatedAt),
  };
}

export function adjustmentGroupView(ctx: StoreContext, group: InventoryAdjustmentGroupRecord) {
  return {
    __typename: "InventoryAdjustmentGroup",
    id: group.id,
    createdAt: isoUtc(group.createdAt),
    reason: group.reason,
    referenceDocumentUri: group.referenceDocumentUri,
    changes: (args: {
      inventoryItemIds?: string[] | null;
      locationIds?: string[] | null;
      quantityNames?: string[] | null;
    }) =>
      group.changes
        .filter(
          (change) =>
            (!args.inventoryItemIds || args.inventoryItemIds.includes(change.itemId)) &&
            (!args.locationIds || args.locationIds.includes(change.locationId)) &&
            (!args.quantityNames || args.quantityNames.includes(change.name)),
        )
        .map((change) => ({
          name: change.name,
          delta: change.delta,
          quantityAfterChange: change.quantityAfterChange,
          item: () => inventoryItemView(ctx, ctx.shop.inventoryItems.get(change.itemId)!),
          location: () => locationView(ctx, ctx.shop.locations.get(change.locationId)!),
          ledgerDocumentUri: null,
        })),
  };
}
