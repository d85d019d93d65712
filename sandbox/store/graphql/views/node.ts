import { GraphQLError } from "graphql";
import { gid, inventoryLevelGid, parseGid } from "../../ids";
import type { InventoryLevelRecord } from "../../state/records";
import { levelKey, type ShopState } from "../../state/shop-state";
import type { StoreContext } from "../context";
import { bulkOperationView } from "../../bulk/bulk-view";
import { carrierServiceView } from "./carrier-service-views";
import { fulfillmentOrderView, fulfillmentView } from "./fulfillment-views";
import { linkViews } from "./links";
import { adjustmentGroupView, inventoryItemView, inventoryLevelView, locationView } from "./inventory-views";
import { metafieldView } from "./metafield-views";
import { orderView } from "./order-views";
import { productView, variantView } from "./product-views";
import { shopView } from "./shop-view";

/** Shopify answers a malformed id with a top-level error, and an unknown one with null. */
export function requireGid(id: string): void {
  if (!parseGid(id)) {
    throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: "argumentLiteralsIncompatible" } });
  }
}

export function nodeById(ctx: StoreContext, id: string): unknown {
  requireGid(id);
  const { shop } = ctx;
  const type = parseGid(id)!.type;
  const lookups: Record<string, () => unknown> = {
    Shop: () => (id === shop.id ? shopView(ctx) : undefined),
    Product: () => maybe(shop.products.get(id), (r) => productView(ctx, r)),
    ProductVariant: () => maybe(shop.variants.get(id), (r) => variantView(ctx, r)),
    InventoryItem: () => maybe(shop.inventoryItems.get(id), (r) => inventoryItemView(ctx, r)),
    InventoryLevel: () => maybe(inventoryLevelByGid(shop, id), (r) => inventoryLevelView(ctx, r)),
    InventoryAdjustmentGroup: () => maybe(shop.adjustmentGroups.get(id), (r) => adjustmentGroupView(ctx, r)),
    Location: () => maybe(shop.locations.get(id), (r) => locationView(ctx, r)),
    Metafield: () => maybe(shop.metafields.get(id), (r) => metafieldView(ctx, r)),
    Order: () => maybe(shop.orders.get(id), (r) => orderView(ctx, r)),
    FulfillmentOrder: () => maybe(shop.fulfillmentOrders.get(id), (r) => fulfillmentOrderView(ctx, r)),
    Fulfillment: () => maybe(shop.fulfillments.get(id), (r) => fulfillmentView(ctx, r)),
    DeliveryCarrierService: () => maybe(shop.carrierServices.get(id), carrierServiceView),
    BulkOperation: () => maybe(ctx.bulk?.find(shop, id), bulkOperationView),
  };
  return lookups[type]?.() ?? null;
}

/** Inventory level gids are composite (location, then `?inventory_item_id=`); only the exact form matches. */
function inventoryLevelByGid(shop: ShopState, id: string): InventoryLevelRecord | undefined {
  const match = /^gid:\/\/shopify\/InventoryLevel\/(\d+)\?inventory_item_id=(\d+)$/.exec(id);
  if (!match) return undefined;
  const level = shop.inventoryLevels.get(levelKey(gid("InventoryItem", match[2]!), gid("Location", match[1]!)));
  return level && inventoryLevelGid(level.itemId, level.locationId) === id ? level : undefined;
}

function maybe<R, V>(record: R | undefined, view: (record: R) => V): V | undefined {
  return record === undefined ? undefined : view(record);
}

linkViews({ nodeById });
