import type { FulfillmentOrderRecord, OperationRecord, TrackingInfoRecord } from "./state/records";
import type { ShopState } from "./state/shop-state";
import type { ThrottleStatus } from "./throttle";

/** A copy of what the app did to one shop, for assertions; changing it changes nothing. */
export interface StoreInspection {
  operations: OperationRecord[];
  carrierServices: Array<{
    id: string;
    name: string;
    callbackUrl: string;
    active: boolean;
    supportsServiceDiscovery: boolean;
  }>;
  locations: Array<{ id: string; name: string; isActive: boolean }>;
  fulfillmentServices: Array<{ id: string; serviceName: string; callbackUrl: string; locationId: string }>;
  fulfillmentOrders: Array<{
    id: string;
    orderId: string;
    status: string;
    requestStatus: string;
    locationId: string;
    deliveryMethod: string;
    holds: Array<{ id: string; reason: string }>;
    lineItems: Array<{
      id: string;
      lineItemId: string;
      sku: string | null;
      totalQuantity: number;
      remainingQuantity: number;
    }>;
    /** True from a fulfillmentOrderReportProgress until it is marked as open again. */
    progressReported: boolean;
    /** Every progress report (epoch ms, notes), oldest first. */
    progressReports: Array<{ at: number; reasonNotes: string | null }>;
  }>;
  fulfillments: Array<{
    id: string;
    orderId: string;
    name: string;
    status: string;
    trackingInfo: TrackingInfoRecord[];
    notifyCustomer: boolean;
    message: string | null;
    lineItems: Array<{
      fulfillmentOrderId: string;
      fulfillmentOrderLineItemId: string;
      lineItemId: string;
      quantity: number;
    }>;
    trackingUpdates: Array<{ at: number; trackingInfo: TrackingInfoRecord[]; notifyCustomer: boolean }>;
  }>;
  /** Tags by owner gid (orders and products). */
  tags: Record<string, string[]>;
  metafields: Array<{ id: string; ownerId: string; namespace: string; key: string; type: string; value: string }>;
  inventoryLevels: Array<{
    inventoryItemId: string;
    locationId: string;
    sku: string | null;
    available: number;
    committed: number;
    onHand: number;
  }>;
  inventoryAdjustments: Array<{
    id: string;
    reason: string;
    referenceDocumentUri: string | null;
    changes: Array<{ name: string; delta: number; quantityAfterChange: number; itemId: string; locationId: string }>;
  }>;
  throttle: ThrottleStatus;
}

export function inspectShop(shop: ShopState): StoreInspection {
  const skuOfItem = (itemId: string) => {
    const item = shop.inventoryItems.get(itemId);
    return (item && shop.variants.get(item.variantId)?.sku) ?? null;
  };
  const tags: Record<string, string[]> = {};
  for (const owner of [...shop.orders.values(), ...shop.products.values()]) {
    if (owner.tags.length) tags[owner.id] = [...owner.tags];
  }
  return structuredClone({
    operations: shop.operations,
    carrierServices: [...shop.carrierServices.values()].map(
      ({ id, name, callbackUrl, active, supportsServiceDiscovery }) => ({
        id,
        name,
        callbackUrl,
        active,
        supportsServiceDiscovery,
      }),
    ),
    locations: [...shop.locations.values()].map((l) => ({ id: l.id, name: l.name, isActive: l.isActive })),
    fulfillmentServices: [...shop.fulfillmentServices.values()].map(({ id, serviceName, callbackUrl, locationId }) => ({
      id,
      serviceName,
      callbackUrl,
      locationId,
    })),
    fulfillmentOrders: [...shop.fulfillmentOrders.values()].map((fo) => fulfillmentOrderCopy(shop, fo)),
    fulfillments: [...shop.fulfillments.values()].map((f) => ({
      id: f.id,
      orderId: f.orderId,
      name: f.name,
      status: f.status,
      trackingInfo: f.trackingInfo,
      notifyCustomer: f.notifyCustomer,
      message: f.message,
      lineItems: f.lines.map(({ fulfillmentOrderId, fulfillmentOrderLineItemId, lineItemId, quantity }) => ({
        fulfillmentOrderId,
        fulfillmentOrderLineItemId,
        lineItemId,
        quantity,
      })),
      trackingUpdates: f.trackingUpdates,
    })),
    tags,
    metafields: [...shop.metafields.values()].map(({ id, ownerId, namespace, key, type, value }) => ({
      id,
      ownerId,
      namespace,
      key,
      type,
      value,
    })),
    inventoryLevels: [...shop.inventoryLevels.values()].map((level) => ({
      inventoryItemId: level.itemId,
      locationId: level.locationId,
      sku: skuOfItem(level.itemId),
      available: level.available,
      committed: level.committed,
      onHand: level.available + level.committed,
    })),
    inventoryAdjustments: [...shop.adjustmentGroups.values()].map((group) => ({
      id: group.id,
      reason: group.reason,
      referenceDocumentUri: group.referenceDocumentUri,
      changes: group.changes,
    })),
    throttle: shop.throttle.status(),
  });
}

/** A copy of one fulfilment order with each line's SKU. */
export function fulfillmentOrderCopy(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
): StoreInspection["fulfillmentOrders"][number] {
  const order = shop.orders.get(fo.orderId)!;
  return {
    id: fo.id,
    orderId: fo.orderId,
    status: fo.status,
    requestStatus: fo.requestStatus,
    locationId: fo.locationId,
    deliveryMethod: fo.deliveryMethod,
    holds: fo.holds.map((h) => ({ id: h.id, reason: h.reason })),
    lineItems: fo.lineItems.map((line) => ({
      ...line,
      sku: order.lineItems.find((item) => item.id === line.lineItemId)?.sku ?? null,
    })),
    progressReported: fo.progressReported ?? false,
    progressReports: (fo.progressReports ?? []).map((r) => ({ ...r })),
  };
}
