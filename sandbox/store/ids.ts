/**
 * Shopify global ids. Numbers start at realistic magnitudes so that logs and fixtures look like
 * production data, and each shop gets its own block so ids stay unique across shops (Shopify ids
 * are global) while a freshly seeded shop always gets the same ids.
 */
export type GidType =
  | "Shop"
  | "Location"
  | "Product"
  | "ProductVariant"
  | "ProductImage"
  | "MediaImage"
  | "InventoryItem"
  | "Metafield"
  | "Order"
  | "LineItem"
  | "ShippingLine"
  | "FulfillmentOrder"
  | "FulfillmentOrderLineItem"
  | "Fulfillment"
  | "FulfillmentLineItem"
  | "DeliveryCarrierService"
  | "InventoryAdjustmentGroup"
  | "FulfillmentHold"
  | "OrderEdit"
  | "FulfillmentService"
  | "Refund"
  | "DeliveryProfile"
  | "DeliveryLocationGroup"
  | "DeliveryZone"
  | "DeliveryCountry"
  | "DeliveryMethodDefinition"
  | "DeliveryRateDefinition"
  | "DeliveryParticipant"
  | "Market"
  | "MarketRegionCountry"
  | "DeliveryCarrierCalculatedOptionDefinition"
  | "DeliveryCarrierCalculatedRateGroup";

// The first demo product and variant land on the ids used in /test/fixtures/orders-paid.mx.json.
const BASES: Record<GidType, number> = {
  Shop: 61_234_567_890,
  Location: 71_234_567_890,
  Product: 8_123_456_789_012,
  ProductVariant: 45_123_456_789_012,
  ProductImage: 40_123_456_789_012,
  MediaImage: 30_123_456_789_012,
  InventoryItem: 47_123_456_789_012,
  Metafield: 29_123_456_789_012,
  Order: 5_512_345_678_901,
  LineItem: 13_612_345_678_901,
  ShippingLine: 4_412_345_678_901,
  FulfillmentOrder: 6_612_345_678_901,
  FulfillmentOrderLineItem: 14_612_345_678_901,
  Fulfillment: 5_012_345_678_901,
  FulfillmentLineItem: 11_012_345_678_901,
  DeliveryCarrierService: 61_234_567_890,
  InventoryAdjustmentGroup: 31_234_567_890_123,
  FulfillmentHold: 3_312_345_678_901,
  OrderEdit: 2_212_345_678_901,
  FulfillmentService: 1_712_345_678,
  Refund: 9_912_345_678_901,
  DeliveryProfile: 98_765_432_100,
  DeliveryLocationGroup: 99_765_432_100,
  DeliveryZone: 387_654_321_000,
  DeliveryCountry: 423_456_789_000,
  DeliveryMethodDefinition: 712_345_678_900,
  DeliveryRateDefinition: 812_345_678_900,
  DeliveryParticipant: 912_345_678_900,
  Market: 21_234_567_890,
  MarketRegionCountry: 22_234_567_890,
  DeliveryCarrierCalculatedOptionDefinition: 523_456_789_000,
  DeliveryCarrierCalculatedRateGroup: 623_456_789_000,
};

const SHOP_BLOCK = 1_000_000;

export interface IdAllocator {
  next(type: GidType): string;
}

export function createIdAllocator(shopIndex: number): IdAllocator {
  const counters = new Map<GidType, number>();
  return {
    next(type) {
      const used = counters.get(type) ?? 0;
      counters.set(type, used + 1);
      return gid(type, BASES[type] + shopIndex * SHOP_BLOCK + used);
    },
  };
}

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

export interface ParsedGid {
  type: string;
  id: number;
}

export function parseGid(value: string): ParsedGid | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (!match) return null;
  return { type: match[1]!, id: Number(match[2]) };
}

/** The numeric part of a gid, as REST payloads and `legacyResourceId` carry it. */
export function numericId(value: string): number {
  const parsed = parseGid(value);
  if (!parsed) throw new Error(`not a Shopify gid: ${value}`);
  return parsed.id;
}

/** Accepts a gid or a bare numeric id (as REST payloads carry) and answers the gid. */
export function toGid(type: GidType, value: string | number): string {
  if (typeof value === "number" || /^\d+$/.test(value)) return gid(type, value);
  return value;
}

/** Inventory levels have composite ids in Shopify: the location plus the item as a query. */
export function inventoryLevelGid(itemId: string, locationId: string): string {
  return `gid://shopify/InventoryLevel/${numericId(locationId)}?inventory_item_id=${numericId(itemId)}`;
}
