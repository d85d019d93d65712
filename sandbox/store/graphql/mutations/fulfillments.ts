import { numericId } from "../../ids";
import { moveStock } from "../../orders/order-writer";
import type {
  FulfillmentLineRecord,
  FulfillmentOrderRecord,
  FulfillmentRecord,
  TrackingInfoRecord,
} from "../../state/records";
import type { StoreContext } from "../context";
import { requireGid } from "../views/node";
import { fulfillmentView } from "../views/fulfillment-views";

interface TrackingInput {
  company?: string | null;
  number?: string | null;
  numbers?: string[] | null;
  url?: string | null;
  urls?: string[] | null;
}

interface FulfillmentInput {
  notifyCustomer?: boolean | null;
  trackingInfo?: TrackingInput | null;
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null;
  }>;
}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

const userError = (message: string, field: string[] | null = ["fulfillment"]) => ({
  fulfillment: null,
  userErrors: [{ field, message }],
});

export function fulfillmentMutations(ctx: StoreContext) {
  const { shop } = ctx;
  return {
    fulfillmentCreate: ({
      fulfillment: input,
      message,
    }: {
      fulfillment: FulfillmentInput;
      message?: string | null;
    }) => {
      if (input.lineItemsByFulfillmentOrder.length === 0) {
        return userError("Line items by fulfillment order can't be blank.");
      }
      const planned: Array<{ fo: FulfillmentOrderRecord; lineId: string; quantity: number }> = [];
      for (const group of input.lineItemsByFulfillmentOrder) {
        requireGid(group.fulfillmentOrderId);
        const fo = shop.fulfillmentOrders.get(group.fulfillmentOrderId);
        if (!fo) return userError("Fulfillment order does not exist.");
        if (
          fo.orderId !== shop.fulfillmentOrders.get(input.lineItemsByFulfillmentOrder[0]!.fulfillmentOrderId)?.orderId
        ) {
          return userError("All fulfillment orders must belong to the same order.");
        }
        // One fulfilment ships from one place: Shopify refuses line items of several locations.
        if (
          fo.locationId !==
          shop.fulfillmentOrders.get(input.lineItemsByFulfillmentOrder[0]!.fulfillmentOrderId)?.locationId
        ) {
          return userError("All fulfillment orders must be assigned to the same location.");
        }
        if (!FULFILLABLE.has(fo.status)) {
          // The wording Shopify uses when a fulfilment order was already fulfilled or cancelled.
          return userError(
            `Fulfillment order ${numericId(fo.id)} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
          );
        }
        const requested =
          group.fulfillmentOrderLineItems ?? fo.lineItems.map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
        for (const wanted of requested) {
          const line = fo.lineItems.find((candidate) => candidate.id === wanted.id);
          if (!line) return userError("Invalid fulfillment order line item id.");
          // A line named twice must not ship more than remains across both mentions.
          const alreadyPlanned = planned.filter((p) => p.lineId === line.id).reduce((sum, p) => sum + p.quantity, 0);
          if (wanted.quantity < 0 || wanted.quantity + alreadyPlanned > line.remainingQuantity) {
            return userError("Invalid fulfillment order line item quantity requested.");
          }
          if (wanted.quantity > 0) planned.push({ fo, lineId: line.id, quantity: wanted.quantity });
        }
      }
      if (planned.length === 0) return userError("Fulfillment must contain at least one line item.");

      const now = ctx.now();
      const order = shop.orders.get(planned[0]!.fo.orderId)!;
      const lines: FulfillmentLineRecord[] = planned.map(({ fo, lineId, quantity }) => {
        const line = fo.lineItems.find((candidate) => candidate.id === lineId)!;
        const orderLine = order.lineItems.find((item) => item.id === line.lineItemId)!;
        line.remainingQuantity -= quantity;
        orderLine.fulfillableQuantity -= quantity;
        // Shipped units leave the warehouse: they stop being committed (and so on hand).
        moveStock(shop, orderLine.variantId, fo.locationId, 0, -quantity, now);
        return {
          id: shop.ids.next("FulfillmentLineItem"),
          fulfillmentOrderId: fo.id,
          fulfillmentOrderLineItemId: line.id,
          lineItemId: line.lineItemId,
          quantity,
        };
      });
      for (const fo of new Set(planned.map((p) => p.fo))) {
        fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
        fo.updatedAt = now;
      }
      const record: FulfillmentRecord = {
        id: shop.ids.next("Fulfillment"),
        orderId: order.id,
        name: `${order.name}.${order.fulfillmentIds.length + 1}`,
        status: "SUCCESS",
        locationId: planned[0]!.fo.locationId,
        trackingInfo: trackingInfo(input.trackingInfo),
        notifyCustomer: input.notifyCustomer ?? false,
        message: message ?? null,
        lines,
        trackingUpdates: [],
        createdAt: now,
        updatedAt: now,
      };
      shop.fulfillments.set(record.id, record);
      order.fulfillmentIds.push(record.id);
      order.updatedAt = now;
      return { fulfillment: fulfillmentView(ctx, record), userErrors: [] };
    },
    fulfillmentTrackingInfoUpdate: (args: {
      fulfillmentId: string;
      trackingInfoInput: TrackingInput;
      notifyCustomer?: boolean | null;
    }) => {
      requireGid(args.fulfillmentId);
      const record = shop.fulfillments.get(args.fulfillmentId);
      if (!record) return userError("Fulfillment does not exist.", ["fulfillmentId"]);
      if (record.status === "CANCELLED") return userError("Fulfillment is cancelled.", ["fulfillmentId"]);
      const now = ctx.now();
      record.trackingInfo = trackingInfo(args.trackingInfoInput);
      record.trackingUpdates.push({
        at: now,
        trackingInfo: record.trackingInfo,
        notifyCustomer: args.notifyCustomer ?? false,
      });
      record.updatedAt = now;
      return { fulfillment: fulfillmentView(ctx, record), userErrors: [] };
    },
  };
}

/** Shopify accepts one number/url or lists of them; it stores one entry per tracking number. */
function trackingInfo(input: TrackingInput | null | undefined): TrackingInfoRecord[] {
  if (!input) return [];
  const numbers = input.numbers?.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls?.length ? input.urls : input.url ? [input.url] : [];
  const count = Math.max(numbers.length, urls.length, input.company ? 1 : 0);
  return Array.from({ length: count }, (_, index) => ({
    company: input.company ?? null,
    number: numbers[index] ?? null,
    url: urls[index] ?? null,
  }));
}
