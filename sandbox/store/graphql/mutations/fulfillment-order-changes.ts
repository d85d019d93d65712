/**
 * What an app may do to fulfilment orders and orders through Admin GraphQL: hold and release,
 * split, merge, move, cancel the order, and update its fulfilment service. Refusals come back as
 * Shopify's `userErrors` with its codes; the state changes exactly as the control API's would.
 */
import { numericId } from "../../ids";
import {
  type FulfillmentOrderRefusal,
  cancelPaidOrder,
  mergeFulfillmentOrders,
  moveFulfillmentOrder,
} from "../../orders/fulfillment-order-moves";
import { HoldRefusal, holdFulfillmentOrder, releaseHold, splitFulfillmentOrder } from "../../orders/order-changes";
import type { FulfillmentOrderRecord } from "../../state/records";
import type { StoreContext } from "../context";
import { fulfillmentHoldView, fulfillmentOrderView } from "../views/fulfillment-views";
import { requireGid } from "../views/node";
import { fulfillmentServiceView } from "./fulfillment-services";

type LineInput = { id: string; quantity: number };

const error = (message: string, field: string[] | null, code: string | null = null) => ({ field, message, code });

/** Line item inputs → units per fulfilment order line item id (a line named twice adds up). */
const unitsOf = (lines: LineInput[]): Map<string, number> => {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.id, (units.get(line.id) ?? 0) + line.quantity);
  return units;
};

export function fulfillmentOrderChangeMutations(ctx: StoreContext) {
  const { shop } = ctx;
  const find = (id: string): FulfillmentOrderRecord | undefined => {
    requireGid(id);
    return shop.fulfillmentOrders.get(id);
  };
  const view = (fo: FulfillmentOrderRecord | null | undefined) => (fo ? fulfillmentOrderView(ctx, fo) : null);
  /** A change to a fulfilment order moves its order's updated_at, which orders(query:) filters on. */
  const touchOrder = (fo: FulfillmentOrderRecord) => {
    const order = shop.orders.get(fo.orderId);
    if (order) order.updatedAt = ctx.now();
  };
  /** FO line item ids and units → SKU and units, as the store's split takes them. */
  const bySku = (fo: FulfillmentOrderRecord, lines: LineInput[]): Record<string, number> | string => {
    const order = shop.orders.get(fo.orderId)!;
    const result: Record<string, number> = {};
    for (const wanted of lines) {
      const line = fo.lineItems.find((l) => l.id === wanted.id);
      if (!line) return "Fulfillment order line item does not exist.";
      if (wanted.quantity < 1 || wanted.quantity > line.remainingQuantity)
        return `Quantity must be between 1 and ${line.remainingQuantity}.`;
      const sku = order.lineItems.find((i) => i.id === line.lineItemId)?.sku;
      if (!sku) return "Fulfillment order line item does not exist.";
      result[sku] = (result[sku] ?? 0) + wanted.quantity;
    }
    return result;
  };

  return {
    fulfillmentOrderHold: (args: {
      id: string;
      fulfillmentHold: {
        reason: string;
        reasonNotes?: string | null;
        handle?: string | null;
        fulfillmentOrderLineItems?: LineInput[] | null;
      };
    }) => {
      const refused = (message: string, field: string[], code: string | null) => ({
        fulfillmentHold: null,
        fulfillmentOrder: null,
        remainingFulfillmentOrder: null,
        userErrors: [error(message, field, code)],
      });
      const fo = find(args.id);
      if (!fo) return refused("The fulfillment order could not be found.", ["id"], "FULFILLMENT_ORDER_NOT_FOUND");
      const lines = args.fulfillmentHold.fulfillmentOrderLineItems ?? [];
      const everything = fo.lineItems.every((l) =>
        lines.some((w) => w.id === l.id && w.quantity === l.remainingQuantity),
      );
      if (lines.length > 0 && !everything)
        return refused(
          "The simulated store holds whole fulfillment orders only.",
          ["fulfillmentHold", "fulfillmentOrderLineItems"],
          "INVALID_LINE_ITEM_QUANTITY",
        );
      let payload;
      try {
        payload = holdFulfillmentOrder(
          shop,
          fo,
          args.fulfillmentHold.reason,
          args.fulfillmentHold.reasonNotes ?? null,
          ctx.now(),
          { handle: args.fulfillmentHold.handle, byApp: true },
        );
      } catch (caught) {
        if (caught instanceof HoldRefusal) return refused(caught.message, ["fulfillmentHold", "handle"], caught.code);
        // A closed or cancelled fulfilment order: Shopify's code enum has no value for it.
        return refused((caught as Error).message, ["id"], null);
      }
      touchOrder(fo);
      ctx.emit?.([["fulfillment_orders/placed_on_hold", payload]]);
      const hold = fo.holds.at(-1)!;
      return {
        fulfillmentHold: fulfillmentHoldView(hold),
        fulfillmentOrder: view(fo),
        remainingFulfillmentOrder: null,
        userErrors: [],
      };
    },
    fulfillmentOrderReleaseHold: (args: { id: string; holdIds?: string[] | null }) => {
      const fo = find(args.id);
      if (!fo)
        return {
          fulfillmentOrder: null,
          userErrors: [error("The fulfillment order could not be found.", ["id"], "FULFILLMENT_ORDER_NOT_FOUND")],
        };
      if (fo.status !== "ON_HOLD")
        return { fulfillmentOrder: null, userErrors: [error("The fulfillment order is not on hold.", ["id"], null)] };
      // Shopify releases only the listed holds that belong to this fulfilment order (all without a list).
      const ids = args.holdIds?.length ? args.holdIds.filter((id) => fo.holds.some((h) => h.id === id)) : [null];
      let payload = null;
      for (const holdId of ids) if (fo.status === "ON_HOLD") payload = releaseHold(shop, fo, holdId, ctx.now());
      if (payload) {
        touchOrder(fo);
        ctx.emit?.([["fulfillment_orders/hold_released", payload]]);
      }
      return { fulfillmentOrder: view(fo), userErrors: [] };
    },
    fulfillmentOrderSplit: (args: {
      fulfillmentOrderSplits: Array<{ fulfillmentOrderId: string; fulfillmentOrderLineItems: LineInput[] }>;
    }) => {
      const results = [];
      for (const [index, input] of args.fulfillmentOrderSplits.entries()) {
        const field = ["fulfillmentOrderSplits", String(index)];
        const fo = find(input.fulfillmentOrderId);
        const refused = (message: string, code: string) => ({
          fulfillmentOrderSplits: null,
          userErrors: [error(message, field, code)],
        });
        if (!fo) return refused("Fulfillment order does not exist.", "FULFILLMENT_ORDER_NOT_FOUND");
        if (input.fulfillmentOrderLineItems.length === 0)
          return refused("No line items provided to split.", "NO_LINE_ITEMS_PROVIDED_TO_SPLIT");
        const lines = bySku(fo, input.fulfillmentOrderLineItems);
        if (typeof lines === "string") return refused(lines, "INVALID_LINE_ITEM_QUANTITY");
        const units = fo.lineItems.reduce((sum, l) => sum + l.remainingQuantity, 0);
        if (Object.values(lines).reduce((a, b) => a + b, 0) >= units)
          return refused("Cannot split all line items of a fulfillment order.", "GREATER_THAN");
        try {
          const payload = splitFulfillmentOrder(shop, fo, lines, ctx.now());
          results.push({
            fulfillmentOrder: view(fo),
            remainingFulfillmentOrder: view(shop.fulfillmentOrders.get(payload.remaining_fulfillment_order.id)),
            replacementFulfillmentOrder: null,
          });
        } catch (caught) {
          return refused((caught as Error).message, "INVALID_LINE_ITEM_QUANTITY");
        }
      }
      return { fulfillmentOrderSplits: results, userErrors: [] };
    },
    fulfillmentOrderMerge: (args: {
      fulfillmentOrderMergeInputs: Array<{
        mergeIntents: Array<{ fulfillmentOrderId: string; fulfillmentOrderLineItems?: LineInput[] | null }>;
      }>;
    }) => {
      const merges = [];
      for (const [index, input] of args.fulfillmentOrderMergeInputs.entries()) {
        const field = ["fulfillmentOrderMergeInputs", String(index)];
        const fos: FulfillmentOrderRecord[] = [];
        const quantities: Array<Map<string, number> | null> = [];
        for (const intent of input.mergeIntents) {
          const fo = find(intent.fulfillmentOrderId);
          if (!fo)
            return {
              fulfillmentOrderMerges: null,
              userErrors: [error("Fulfillment order does not exist.", field, "FULFILLMENT_ORDER_NOT_FOUND")],
            };
          fos.push(fo);
          quantities.push(intent.fulfillmentOrderLineItems?.length ? unitsOf(intent.fulfillmentOrderLineItems) : null);
        }
        try {
          merges.push({ fulfillmentOrder: view(mergeFulfillmentOrders(shop, fos, ctx.now(), quantities).merged) });
        } catch (caught) {
          const refusal = caught as FulfillmentOrderRefusal;
          return { fulfillmentOrderMerges: null, userErrors: [error(refusal.message, field, refusal.code ?? null)] };
        }
      }
      return { fulfillmentOrderMerges: merges, userErrors: [] };
    },
    fulfillmentOrderMove: (args: {
      id: string;
      newLocationId: string;
      fulfillmentOrderLineItems?: LineInput[] | null;
    }) => {
      const refused = (message: string, field: string[]) => ({
        movedFulfillmentOrder: null,
        originalFulfillmentOrder: null,
        remainingFulfillmentOrder: null,
        userErrors: [{ field, message }],
      });
      const fo = find(args.id);
      if (!fo) return refused("Fulfillment order does not exist.", ["id"]);
      requireGid(args.newLocationId);
      if (!shop.locations.has(args.newLocationId)) return refused("Location does not exist.", ["newLocationId"]);
      const lines = args.fulfillmentOrderLineItems?.length ? unitsOf(args.fulfillmentOrderLineItems) : null;
      try {
        const { moved, original } = moveFulfillmentOrder(shop, fo, args.newLocationId, ctx.now(), lines);
        return {
          movedFulfillmentOrder: view(moved),
          originalFulfillmentOrder: view(original),
          remainingFulfillmentOrder: null,
          userErrors: [],
        };
      } catch (caught) {
        return refused((caught as Error).message, ["id"]);
      }
    },
    orderCancel: (args: { orderId: string; reason: string }) => {
      requireGid(args.orderId);
      const order = shop.orders.get(args.orderId);
      const refused = (message: string, code: string) => {
        const e = error(message, ["orderId"], code);
        return { job: null, orderCancelUserErrors: [e], userErrors: [{ field: e.field, message }] };
      };
      if (!order) return refused("Order does not exist.", "NOT_FOUND");
      try {
        cancelPaidOrder(shop, order, args.reason, ctx.now());
      } catch (caught) {
        return refused((caught as Error).message, "INVALID");
      }
      // Shopify cancels in a job; here it is already done when the job is returned.
      return {
        job: { id: `gid://shopify/Job/${numericId(order.id)}-cancel`, done: true },
        orderCancelUserErrors: [],
        userErrors: [],
      };
    },
    fulfillmentServiceUpdate: (args: {
      id: string;
      name?: string | null;
      callbackUrl?: string | null;
      trackingSupport?: boolean | null;
      inventoryManagement?: boolean | null;
    }) => {
      requireGid(args.id);
      const service = shop.fulfillmentServices.get(args.id);
      if (!service)
        return {
          fulfillmentService: null,
          userErrors: [{ field: ["id"], message: "Fulfillment service could not be found." }],
        };
      if (args.name !== undefined && args.name !== null) {
        const name = args.name.trim();
        if (!name)
          return { fulfillmentService: null, userErrors: [{ field: ["name"], message: "Name can't be blank" }] };
        service.serviceName = name;
      }
      if (args.callbackUrl != null) service.callbackUrl = args.callbackUrl;
      if (args.trackingSupport != null) service.trackingSupport = args.trackingSupport;
      if (args.inventoryManagement != null) service.inventoryManagement = args.inventoryManagement;
      return { fulfillmentService: fulfillmentServiceView(ctx, service), userErrors: [] };
    },
  };
}
