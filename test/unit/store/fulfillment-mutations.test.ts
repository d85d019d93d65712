import { describe, expect, it } from "vitest";
import type { SimulatedStore } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const FULFILLMENT_ORDERS = /* GraphQL */ `
  query FulfillmentOrders($id: ID!) {
    order(id: $id) {
      name
      displayFulfillmentStatus
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          requestStatus
          assignedLocation {
            location {
              id
            }
          }
          lineItems(first: 10) {
            nodes {
              id
              remainingQuantity
              totalQuantity
              lineItem {
                id
                sku
              }
            }
          }
        }
      }
      fulfillments {
        id
        status
        trackingInfo {
          company
          number
          url
        }
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation Fulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        status
        trackingInfo {
          company
          number
          url
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const UPDATE_TRACKING = /* GraphQL */ `
  mutation Track($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: true
    ) {
      fulfillment {
        id
        trackingInfo {
          number
          url
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const tracking = { company: "Estafeta", number: "EST123456789MX", url: "https://rastreo.example.test/EST123456789MX" };

async function paidOrder(store: SimulatedStore) {
  const payload = store.orders.createPaid(DOMAIN, {
    lineItems: [
      { sku: "TAZA-AZ", quantity: 2 },
      { sku: "CAFE-CH-500", quantity: 1 },
      { sku: "GIFT-500", quantity: 1 },
    ],
  });
  const order = (await queryData(store, FULFILLMENT_ORDERS, { id: payload.admin_graphql_api_id })).order;
  return { payload, order, fulfillmentOrder: order.fulfillmentOrders.nodes[0] };
}

describe("fulfilment orders of a paid order", () => {
  it("opens one fulfilment order with the shippable lines at the shop's location", async () => {
    const { store } = demoStore();
    const { order, fulfillmentOrder } = await paidOrder(store);
    expect(order.fulfillmentOrders.nodes).toHaveLength(1);
    expect(fulfillmentOrder).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
    expect(fulfillmentOrder.assignedLocation.location.id).toMatch(/^gid:\/\/shopify\/Location\//);
    type Line = { lineItem: { sku: string }; totalQuantity: number; remainingQuantity: number };
    expect(
      fulfillmentOrder.lineItems.nodes.map((l: Line) => [l.lineItem.sku, l.totalQuantity, l.remainingQuantity]),
    ).toEqual([
      ["TAZA-AZ", 2, 2],
      ["CAFE-CH-500", 1, 1],
    ]);
    expect(order.displayFulfillmentStatus).toBe("UNFULFILLED");
  });
});

describe("fulfillmentCreate", () => {
  it("fulfils every line with tracking and closes the fulfilment order", async () => {
    // GIVEN a paid order
    const { store } = demoStore();
    const { payload, fulfillmentOrder } = await paidOrder(store);
    // WHEN the app writes the shipment back
    const data = await queryData(store, CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }],
        trackingInfo: tracking,
        notifyCustomer: true,
      },
    });
    // THEN the fulfilment exists with its tracking and the order reads fulfilled
    expect(data.fulfillmentCreate).toEqual({
      fulfillment: {
        id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
        status: "SUCCESS",
        trackingInfo: [tracking],
      },
      userErrors: [],
    });
    const after = (await queryData(store, FULFILLMENT_ORDERS, { id: payload.admin_graphql_api_id })).order;
    expect(after.fulfillmentOrders.nodes[0].status).toBe("CLOSED");
    expect(after.displayFulfillmentStatus).toBe("FULFILLED");
    expect(after.fulfillments).toEqual([
      { id: data.fulfillmentCreate.fulfillment.id, status: "SUCCESS", trackingInfo: [tracking] },
    ]);
    expect(store.orders.get(DOMAIN, payload.id)?.fulfillment_status).toBe("fulfilled");
    expect(store.inspect(DOMAIN).fulfillments[0]).toMatchObject({ notifyCustomer: true, name: "#1001.1" });
  });

  it("refuses to fulfil the same fulfilment order twice", async () => {
    // GIVEN an order already fulfilled once
    const { store } = demoStore();
    const { fulfillmentOrder } = await paidOrder(store);
    const fulfillment = {
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }],
      trackingInfo: tracking,
    };
    await queryData(store, CREATE, { fulfillment });
    // WHEN the app (say, a retried job) sends the same write-back again
    const data = await queryData(store, CREATE, { fulfillment });
    // THEN it gets a user error and no second fulfilment appears
    const number = fulfillmentOrder.id.split("/").pop();
    expect(data.fulfillmentCreate).toEqual({
      fulfillment: null,
      userErrors: [
        { field: ["fulfillment"], message: `Fulfillment order ${number} has an unfulfillable status= closed.` },
      ],
    });
    expect(store.inspect(DOMAIN).fulfillments).toHaveLength(1);
  });

  it("fulfils part of a line and leaves the rest open", async () => {
    const { store } = demoStore();
    const { payload, fulfillmentOrder } = await paidOrder(store);
    const taza = fulfillmentOrder.lineItems.nodes[0];
    await queryData(store, CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: fulfillmentOrder.id, fulfillmentOrderLineItems: [{ id: taza.id, quantity: 1 }] },
        ],
      },
    });
    const after = (await queryData(store, FULFILLMENT_ORDERS, { id: payload.admin_graphql_api_id })).order;
    expect(after.fulfillmentOrders.nodes[0].status).toBe("IN_PROGRESS");
    expect(after.fulfillmentOrders.nodes[0].lineItems.nodes[0].remainingQuantity).toBe(1);
    expect(after.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
  });

  it("refuses more units than remain on a line", async () => {
    const { store } = demoStore();
    const { fulfillmentOrder } = await paidOrder(store);
    const taza = fulfillmentOrder.lineItems.nodes[0];
    const data = await queryData(store, CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: fulfillmentOrder.id, fulfillmentOrderLineItems: [{ id: taza.id, quantity: 3 }] },
        ],
      },
    });
    expect(data.fulfillmentCreate.userErrors).toEqual([
      { field: ["fulfillment"], message: "Invalid fulfillment order line item quantity requested." },
    ]);
  });

  it("answers an unknown fulfilment order with a user error", async () => {
    const { store } = demoStore();
    const data = await queryData(store, CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1" }] },
    });
    expect(data.fulfillmentCreate.userErrors).toEqual([
      { field: ["fulfillment"], message: "Fulfillment order does not exist." },
    ]);
  });

  it("releases committed stock when units ship", async () => {
    const { store } = demoStore();
    const { fulfillmentOrder } = await paidOrder(store);
    const level = () => store.inspect(DOMAIN).inventoryLevels.find((l) => l.sku === "TAZA-AZ")!;
    expect(level()).toMatchObject({ available: 38, committed: 2, onHand: 40 });
    await queryData(store, CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }] },
    });
    expect(level()).toMatchObject({ available: 38, committed: 0, onHand: 38 });
  });
});

describe("fulfillmentTrackingInfoUpdate", () => {
  it("replaces the tracking of a fulfilment and records the update", async () => {
    const { store } = demoStore();
    const { fulfillmentOrder } = await paidOrder(store);
    const created = await queryData(store, CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }],
        trackingInfo: tracking,
      },
    });
    const id = created.fulfillmentCreate.fulfillment.id;
    const data = await queryData(store, UPDATE_TRACKING, {
      fulfillmentId: id,
      trackingInfoInput: { number: "EST999", url: "https://rastreo.example.test/EST999" },
    });
    expect(data.fulfillmentTrackingInfoUpdate).toEqual({
      fulfillment: { id, trackingInfo: [{ number: "EST999", url: "https://rastreo.example.test/EST999" }] },
      userErrors: [],
    });
    expect(store.inspect(DOMAIN).fulfillments[0]?.trackingUpdates).toHaveLength(1);
  });

  it("answers an unknown fulfilment with a user error", async () => {
    const { store } = demoStore();
    const data = await queryData(store, UPDATE_TRACKING, {
      fulfillmentId: "gid://shopify/Fulfillment/1",
      trackingInfoInput: { number: "X" },
    });
    expect(data.fulfillmentTrackingInfoUpdate).toEqual({
      fulfillment: null,
      userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
    });
  });
});
