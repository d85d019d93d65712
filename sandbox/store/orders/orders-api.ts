import { toGid } from "../ids";
import type { ShopState } from "../state/shop-state";
import type { PaidOrderInput } from "./order-input";
import { orderPayload, type OrderPaidPayload } from "./order-payload";
import { cancelOrder, createPaidOrder } from "./order-writer";

/** Buyer-side events. Each answers the REST payload Shopify would send with the order topics. */
export interface OrdersApi {
  /** A checkout that was paid: the orders/paid payload; one fulfilment order is opened. */
  createPaid(domain: string, input: PaidOrderInput): OrderPaidPayload;
  /** The order as it is now (fulfilment status, fulfilments, tags): an orders/updated payload. */
  get(domain: string, orderId: string | number): OrderPaidPayload | undefined;
  list(domain: string): OrderPaidPayload[];
  /** Cancels and refunds: the orders/cancelled payload. */
  cancel(domain: string, orderId: string | number): OrderPaidPayload;
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
  };
}
