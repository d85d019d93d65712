/**
 * `fulfillmentOrderReportProgress` and `fulfillmentOrderOpen` through Admin GraphQL
 * (orders/fulfillment-order-progress.ts holds the rules). Like the other mutations an app calls,
 * they change state and send no webhook (Shopify publishes no topic for them).
 */
import { FulfillmentOrderRefusal } from "../../orders/fulfillment-order-moves";
import { markAsOpen, reportProgress } from "../../orders/fulfillment-order-progress";
import type { StoreContext } from "../context";
import { fulfillmentOrderView } from "../views/fulfillment-views";
import { requireGid } from "../views/node";

export function fulfillmentOrderProgressMutations(ctx: StoreContext) {
  const { shop } = ctx;
  const touchOrder = (orderId: string) => {
    const order = shop.orders.get(orderId);
    if (order) order.updatedAt = ctx.now();
  };
  return {
    fulfillmentOrderReportProgress: (args: { id: string; progressReport?: { reasonNotes?: string | null } | null }) => {
      requireGid(args.id);
      const fo = shop.fulfillmentOrders.get(args.id);
      const refused = (message: string, code: string) => ({
        fulfillmentOrder: null,
        userErrors: [{ field: ["id"], message, code }],
      });
      if (!fo) return refused("The fulfillment order could not be found.", "FULFILLMENT_ORDER_NOT_FOUND");
      try {
        reportProgress(shop, fo, args.progressReport?.reasonNotes ?? null, ctx.now());
      } catch (caught) {
        if (caught instanceof FulfillmentOrderRefusal) return refused(caught.message, caught.code);
        throw caught;
      }
      touchOrder(fo.orderId);
      return { fulfillmentOrder: fulfillmentOrderView(ctx, fo), userErrors: [] };
    },
    fulfillmentOrderOpen: (args: { id: string }) => {
      requireGid(args.id);
      const fo = shop.fulfillmentOrders.get(args.id);
      if (!fo)
        return {
          fulfillmentOrder: null,
          userErrors: [{ field: ["id"], message: "Fulfillment order does not exist." }],
        };
      try {
        markAsOpen(shop, fo, ctx.now());
      } catch (caught) {
        if (caught instanceof FulfillmentOrderRefusal)
          return { fulfillmentOrder: null, userErrors: [{ field: ["id"], message: caught.message }] };
        throw caught;
      }
      touchOrder(fo.orderId);
      return { fulfillmentOrder: fulfillmentOrderView(ctx, fo), userErrors: [] };
    },
  };
}
