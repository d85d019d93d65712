import { numericId } from "../../ids";
import { supportedActions } from "../../orders/fulfillment-order-moves";
import type {
  FulfillmentHoldRecord,
  FulfillmentOrderLineItemRecord,
  FulfillmentOrderRecord,
  FulfillmentRecord,
} from "../../state/records";
import { visibleAddress, visibleContact } from "../../state/protected-customer-data";
import { isoUtc } from "../../timestamps";
import { paginate, type ConnectionArgs } from "../connection";
import type { StoreContext } from "../context";
import { locationView } from "./inventory-views";
import { views } from "./links";
import { variantView } from "./product-views";

const byId = (record: { id: string }): [number, number] => [numericId(record.id), numericId(record.id)];

export function fulfillmentOrderView(ctx: StoreContext, fo: FulfillmentOrderRecord) {
  const order = ctx.shop.orders.get(fo.orderId)!;
  const location = ctx.shop.locations.get(fo.locationId)!;
  const destination = order.shippingAddress;
  return {
    __typename: "FulfillmentOrder",
    id: fo.id,
    orderId: order.id,
    orderName: order.name,
    order: () => views.orderView(ctx, order),
    status: fo.status,
    requestStatus: fo.requestStatus,
    deliveryMethod: {
      __typename: "DeliveryMethod",
      id: `gid://shopify/DeliveryMethod/${numericId(fo.id)}`,
      methodType: fo.deliveryMethod,
    },
    fulfillmentHolds: fo.holds.map(fulfillmentHoldView),
    fulfillAt: fo.fulfillAt === null ? null : isoUtc(fo.fulfillAt),
    supportedActions: () => supportedActions(ctx.shop, fo).map((action) => ({ action, externalUrl: null })),
    assignedLocation: {
      location: () => locationView(ctx, location),
      name: location.name,
      address1: location.address.address1,
      address2: location.address.address2,
      city: location.address.city,
      province: location.address.province,
      zip: location.address.zip,
      countryCode: location.address.countryCode,
      phone: location.address.phone,
    },
    destination: destination
      ? {
          id: `gid://shopify/FulfillmentOrderDestination/${numericId(fo.id)}`,
          ...visibleAddress(ctx.shop.customerData, destination),
          email: visibleContact(ctx.shop.customerData, order).email,
        }
      : null,
    lineItems: (args: ConnectionArgs) =>
      paginate(fo.lineItems, args, "lineItems", byId, (line) => fulfillmentOrderLineItemView(ctx, fo, line)),
    fulfillments: (args: ConnectionArgs) =>
      paginate(
        order.fulfillmentIds
          .map((id) => ctx.shop.fulfillments.get(id)!)
          .filter((f) => f.lines.some((line) => line.fulfillmentOrderId === fo.id)),
        args,
        "fulfillments",
        byId,
        (f) => fulfillmentView(ctx, f),
      ),
    createdAt: isoUtc(fo.createdAt),
    updatedAt: isoUtc(fo.updatedAt),
  };
}

function fulfillmentOrderLineItemView(
  ctx: StoreContext,
  fo: FulfillmentOrderRecord,
  line: FulfillmentOrderLineItemRecord,
) {
  const order = ctx.shop.orders.get(fo.orderId)!;
  const item = order.lineItems.find((candidate) => candidate.id === line.lineItemId)!;
  const variant = item.variantId ? ctx.shop.variants.get(item.variantId) : undefined;
  const inventoryItem = variant ? ctx.shop.inventoryItems.get(variant.inventoryItemId) : undefined;
  return {
    __typename: "FulfillmentOrderLineItem",
    id: line.id,
    totalQuantity: line.totalQuantity,
    remainingQuantity: line.remainingQuantity,
    lineItem: () => views.lineItemView(ctx, item, order.currency),
    sku: item.sku,
    productTitle: item.title,
    variantTitle: item.variantTitle,
    requiresShipping: item.requiresShipping,
    inventoryItemId: variant?.inventoryItemId ?? null,
    variant: () => (variant ? variantView(ctx, variant) : null),
    weight: inventoryItem ? { ...inventoryItem.weight } : null,
    shippingLine: () => {
      const shipping = order.shippingLines.find((candidate) => candidate.id === item.shippingLineId);
      return shipping ? views.shippingLineView(shipping, order.currency) : null;
    },
  };
}

export function fulfillmentView(ctx: StoreContext, fulfillment: FulfillmentRecord) {
  const order = ctx.shop.orders.get(fulfillment.orderId)!;
  return {
    __typename: "Fulfillment",
    id: fulfillment.id,
    legacyResourceId: String(numericId(fulfillment.id)),
    name: fulfillment.name,
    status: fulfillment.status,
    createdAt: isoUtc(fulfillment.createdAt),
    updatedAt: isoUtc(fulfillment.updatedAt),
    order: () => views.orderView(ctx, order),
    location: () => locationView(ctx, ctx.shop.locations.get(fulfillment.locationId)!),
    trackingInfo: (args: { first?: number | null }) =>
      fulfillment.trackingInfo.slice(0, args.first ?? undefined).map((info) => ({ ...info })),
    fulfillmentLineItems: (args: ConnectionArgs) =>
      paginate(fulfillment.lines, args, "fulfillmentLineItems", byId, (line) => ({
        __typename: "FulfillmentLineItem",
        id: line.id,
        quantity: line.quantity,
        lineItem: () =>
          views.lineItemView(
            ctx,
            order.lineItems.find((item) => item.id === line.lineItemId)!,
            order.currency,
          ),
      })),
  };
}

/** The one app the simulated store serves: every hold placed through Admin GraphQL is its. */
const REQUESTING_APP_ID = "gid://shopify/App/1";

export function fulfillmentHoldView(hold: FulfillmentHoldRecord) {
  return {
    __typename: "FulfillmentHold",
    id: hold.id,
    handle: hold.handle,
    reason: hold.reason,
    reasonNotes: hold.reasonNotes,
    heldByApp: hold.heldByApp ? { __typename: "App", id: REQUESTING_APP_ID } : null,
    heldByRequestingApp: hold.heldByApp,
  };
}
