import { toGid } from "../ids";
import type { ShopState } from "../state/shop-state";
import type { PaidOrderInput } from "./order-input";
import { orderPayload, type OrderPaidPayload } from "./order-payload";
import { cancelOrder, createPaidOrder } from "./order-writer";
import {
  editOrder,
  holdFulfillmentOrder,
  releaseHold,
  splitFulfillmentOrder,
  type HoldPayload,
  type SplitPayload,
  type OrderEditInput,
  type OrderEditPayload,
  type ReleasePayload,
} from "./order-changes";

function fulfillmentOrderOf(shop: ShopState, id: string) {
  const fo = shop.fulfillmentOrders.get(toGid("FulfillmentOrder", id));
  if (!fo) throw new Error(`no fulfilment order ${id} in ${shop.domain}`);
  return fo;
}

/** Buyer-side events. Each answers the REST payload Shopify would send with the order topics. */
export interface OrdersApi {
  /** A checkout that was paid: the orders/paid payload; one fulfilment order is opened. */
  createPaid(domain: string, input: PaidOrderInput): OrderPaidPayload;
  /** The order as it is now (fulfilment status, fulfilments, tags): an orders/updated payload. */
  get(domain: string, orderId: string | number): OrderPaidPayload | undefined;
  list(domain: string): OrderPaidPayload[];
  /** Cancels and refunds: the orders/cancelled payload. */
  cancel(domain: string, orderId: string | number): OrderPaidPayload;
  /** Places a hold on a fulfilment order: the fulfillment_orders/placed_on_hold payload. */
  hold(
    domain: string,
    fulfillmentOrderId: string,
    reason?: string,
    notes?: string | null,
    handle?: string | null,
  ): HoldPayload;
  /** Releases a fulfilment order's holds: the fulfillment_orders/hold_released payload. */
  releaseHold(domain: string, fulfillmentOrderId: string, holdId?: string): ReleasePayload;
  /** An order edit (quantities changed, lines removed or added): the orders/edited payload. */
  edit(domain: string, orderId: string | number, input: OrderEditInput): OrderEditPayload;
  /**
   * The merchant (or an automation) requests fulfilment of a fulfilment order assigned to a
   * fulfilment service: the body Shopify POSTs to `<callbackUrl>/fulfillment_order_notification`.
   */
  requestFulfillment(domain: string, fulfillmentOrderId: string): { kind: "FULFILLMENT_REQUEST" };
  /** Splits units (SKU → quantity) of an open fulfilment order into a new one: the fulfillment_orders/split payload. */
  split(domain: string, fulfillmentOrderId: string, lines: Record<string, number>): SplitPayload;
  /** The merchant asks the fulfilment service to cancel an accepted fulfilment order. */
  requestCancellation(domain: string, fulfillmentOrderId: string): { kind: "CANCELLATION_REQUEST" };
}

export function createOrdersApi(shopOf: (domain: string) => ShopState, now: () => number): OrdersApi {
  return {
    createPaid(domain, input) {
      const shop = shopOf(domain);
      return orderPayload(shop, createPaidOrder(shop, input, now()));
    },
    get(domain, orderId) {
      const shop = shopOf(domain);
      const order = shop.orders.get(toGid("Order", orderId));
      return order && orderPayload(shop, order);
    },
    list(domain) {
      const shop = shopOf(domain);
      return [...shop.orders.values()].map((order) => orderPayload(shop, order));
    },
    cancel(domain, orderId) {
      const shop = shopOf(domain);
      const order = shop.orders.get(toGid("Order", orderId));
      if (!order) throw new Error(`no order ${orderId} in ${domain}`);
      return orderPayload(shop, cancelOrder(shop, order, now()));
    },
    hold(domain, fulfillmentOrderId, reason = "OTHER", notes = null, handle = null) {
      const shop = shopOf(domain);
      return holdFulfillmentOrder(shop, fulfillmentOrderOf(shop, fulfillmentOrderId), reason, notes, now(), { handle });
    },
    releaseHold(domain, fulfillmentOrderId, holdId) {
      const shop = shopOf(domain);
      return releaseHold(shop, fulfillmentOrderOf(shop, fulfillmentOrderId), holdId ?? null, now());
    },
    split(domain, fulfillmentOrderId, lines) {
      const shop = shopOf(domain);
      return splitFulfillmentOrder(shop, fulfillmentOrderOf(shop, fulfillmentOrderId), lines, now());
    },
    requestFulfillment(domain, fulfillmentOrderId) {
      const shop = shopOf(domain);
      const fo = fulfillmentOrderOf(shop, fulfillmentOrderId);
      const ours = [...shop.fulfillmentServices.values()].some((s) => s.locationId === fo.locationId);
      if (!ours) throw new Error(`fulfilment order ${fo.id} is not assigned to a fulfilment service`);
      if (fo.status !== "OPEN" || !["UNSUBMITTED", "REJECTED"].includes(fo.requestStatus)) {
        throw new Error(
          `fulfilment order ${fo.id} is ${fo.status}/${fo.requestStatus}: fulfilment cannot be requested`,
        );
      }
      fo.requestStatus = "SUBMITTED";
      fo.updatedAt = now();
      return { kind: "FULFILLMENT_REQUEST" };
    },
    requestCancellation(domain, fulfillmentOrderId) {
      const shop = shopOf(domain);
      const fo = fulfillmentOrderOf(shop, fulfillmentOrderId);
      if (!["SUBMITTED", "ACCEPTED"].includes(fo.requestStatus)) {
        throw new Error(`fulfilment order ${fo.id} was not requested (${fo.requestStatus}): nothing to cancel`);
      }
      fo.requestStatus = "CANCELLATION_REQUESTED";
      fo.updatedAt = now();
      return { kind: "CANCELLATION_REQUEST" };
    },
    edit(domain, orderId, input) {
      const shop = shopOf(domain);
      const order = shop.orders.get(toGid("Order", orderId));
      if (!order) throw new Error(`no order ${orderId} in ${domain}`);
      return editOrder(shop, order, input, now());
    },
  };
}
