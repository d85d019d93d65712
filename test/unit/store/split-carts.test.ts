import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

// Split carts / ship and pickup in one order (Shopify feature preview 2026-05): an order carries
// several shipping lines and each fulfilment-order line says which one it goes by
// (`FulfillmentOrderLineItem.shippingLine`, in the 2026-10 schema).
const FULFILMENT_ORDERS = /* GraphQL */ `
  query SplitCart($id: ID!) {
    order(id: $id) {
      shippingLines(first: 5) {
        nodes {
          title
          code
        }
      }
      fulfillmentOrders(first: 5) {
        nodes {
          deliveryMethod {
            methodType
          }
          lineItems(first: 5) {
            nodes {
              sku
              shippingLine {
                title
                code
                source
              }
            }
          }
        }
      }
    }
  }
`;

interface SplitCartData {
  order: {
    shippingLines: { nodes: { title: string; code: string | null }[] };
    fulfillmentOrders: {
      nodes: {
        deliveryMethod: { methodType: string } | null;
        lineItems: { nodes: { sku: string; shippingLine: { title: string; code: string | null; source: string } | null }[] };
      }[];
    };
  };
}

describe("split carts", () => {
  it("makes one fulfilment order per shipping line, each line naming its own", async () => {
    // GIVEN the demo shop
    const { store } = demoStore();
    // WHEN a buyer pays an express part, a standard part and a part picked up in the shop
    const paid = store.orders.createPaid(DOMAIN, {
      shippingLines: [
        { title: "Express", code: "EXPRESS", price: "180.00", source: "svc" },
        { title: "Nacional", code: "NACIONAL", price: "99.00", source: "svc" },
        { title: "Recoger en tienda", code: "pickup", price: "0.00", source: "shopify" },
      ],
      lineItems: [
        { sku: "TAZA-AZ", quantity: 1, shippingLine: 0 },
        { sku: "REB-IND", quantity: 2, shippingLine: 1 },
        { sku: "TAZA-RO", quantity: 1, shippingLine: 2, deliveryMethod: "PICK_UP" },
      ],
    });
    const data = await queryData<SplitCartData>(store, FULFILMENT_ORDERS, { id: paid.admin_graphql_api_id });
    // THEN the order has three shipping lines and three fulfilment orders, one per shipping line
    expect(data.order.shippingLines.nodes.map((line) => line.code)).toEqual(["EXPRESS", "NACIONAL", "pickup"]);
    const parts = data.order.fulfillmentOrders.nodes.map((fo) => ({
      method: fo.deliveryMethod?.methodType,
      lines: fo.lineItems.nodes.map((line) => [line.sku, line.shippingLine?.code ?? null]),
    }));
    expect(parts).toEqual([
      { method: "SHIPPING", lines: [["TAZA-AZ", "EXPRESS"]] },
      { method: "SHIPPING", lines: [["REB-IND", "NACIONAL"]] },
      { method: "PICK_UP", lines: [["TAZA-RO", "pickup"]] },
    ]);
  });

  it("gives every line the order's only shipping line", async () => {
    const { store } = demoStore();
    const paid = store.orders.createPaid(DOMAIN, {
      shippingLine: { title: "Express", code: "EXPRESS", price: "180.00", source: "svc" },
      lineItems: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "REB-IND", quantity: 1 },
      ],
    });
    const data = await queryData<SplitCartData>(store, FULFILMENT_ORDERS, { id: paid.admin_graphql_api_id });
    expect(data.order.fulfillmentOrders.nodes).toHaveLength(1);
    expect(data.order.fulfillmentOrders.nodes[0]!.lineItems.nodes.map((line) => line.shippingLine?.title)).toEqual([
      "Express",
      "Express",
    ]);
  });

  it("answers null for a line of an order without shipping lines", async () => {
    const { store } = demoStore();
    const paid = store.orders.createPaid(DOMAIN, { shippingLine: null, lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const data = await queryData<SplitCartData>(store, FULFILMENT_ORDERS, { id: paid.admin_graphql_api_id });
    expect(data.order.fulfillmentOrders.nodes[0]!.lineItems.nodes[0]!.shippingLine).toBeNull();
  });

  it("refuses a split cart whose line names no shipping line, saying which", () => {
    const { store } = demoStore();
    expect(() =>
      store.orders.createPaid(DOMAIN, {
        shippingLines: [
          { title: "Express", code: "EXPRESS", price: "180.00" },
          { title: "Nacional", code: "NACIONAL", price: "99.00" },
        ],
        lineItems: [
          { sku: "TAZA-AZ", quantity: 1, shippingLine: 0 },
          { sku: "REB-IND", quantity: 1 },
        ],
      }),
    ).toThrow(/lineItems\[1\]\.shippingLine/);
  });
});
