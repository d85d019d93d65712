import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const ORDER = /* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      email
      displayFinancialStatus
      cancelledAt
      totalPriceSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      shippingAddress {
        address1
        address2
        city
        provinceCode
        zip
        countryCodeV2
      }
      shippingLine {
        title
        code
        source
        carrierIdentifier
      }
      lineItems(first: 10) {
        nodes {
          sku
          quantity
          requiresShipping
          variant {
            id
          }
        }
      }
      fulfillmentOrders(first: 5) {
        nodes {
          status
        }
      }
    }
  }
`;

describe("orders.createPaid", () => {
  it("creates an order the Admin API can read back", async () => {
    // GIVEN the demo shop
    const { store } = demoStore();
    // WHEN a buyer pays for two cups and a gift card on a backup rate
    const payload = store.orders.createPaid(DOMAIN, {
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "GIFT-500", quantity: 1 },
      ],
    });
    // THEN the order, its lines and its shipping line read as Shopify would show them
    const { order } = await queryData(store, ORDER, { id: payload.admin_graphql_api_id });
    expect(order).toMatchObject({
      legacyResourceId: String(payload.id),
      name: "#1001",
      displayFinancialStatus: "PAID",
      cancelledAt: null,
      totalPriceSet: { shopMoney: { amount: "1097.00", currencyCode: "MXN" } },
      shippingAddress: { address1: "Río Lerma 232", provinceCode: "DF", zip: "06500", countryCodeV2: "MX" },
      shippingLine: { title: "Envío estándar", code: "Shipping", source: "shopify", carrierIdentifier: null },
      fulfillmentOrders: { nodes: [{ status: "OPEN" }] },
    });
    expect(
      order.lineItems.nodes.map((l: { sku: string; requiresShipping: boolean }) => [l.sku, l.requiresShipping]),
    ).toEqual([
      ["TAZA-AZ", true],
      ["GIFT-500", false],
    ]);
  });

  it("numbers orders in sequence", () => {
    const { store } = demoStore();
    const names = [1, 2, 3].map(
      () => store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "VAI-5", quantity: 1 }] }).name,
    );
    expect(names).toEqual(["#1001", "#1002", "#1003"]);
  });

  it("commits stock for shippable lines", () => {
    const { store } = demoStore();
    store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "CHOC-6", quantity: 3 }] });
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.sku === "CHOC-6")).toMatchObject({
      available: 37,
      committed: 3,
      onHand: 40,
    });
  });

  it("throws for a variant the shop does not have, since that is a test mistake", () => {
    const { store } = demoStore();
    expect(() => store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "NOPE", quantity: 1 }] })).toThrow(
      /no variant NOPE/,
    );
  });

  it("can leave out the shipping address for an order Shopify would not ship", () => {
    const { store } = demoStore();
    const payload = store.orders.createPaid(DOMAIN, {
      lineItems: [{ sku: "GIFT-1000", quantity: 1 }],
      shippingAddress: null,
      shippingLine: null,
    });
    expect(payload.shipping_address).toBeNull();
    expect(payload.shipping_lines).toEqual([]);
    expect(store.inspect(DOMAIN).fulfillmentOrders).toEqual([]);
  });
});

describe("orders.cancel", () => {
  it("cancels open fulfilment work and gives committed stock back", async () => {
    // GIVEN a paid, unfulfilled order
    const { store, clock } = demoStore();
    const paid = store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "CHOC-6", quantity: 3 }] });
    clock.advance(60_000);
    // WHEN it is cancelled
    const cancelled = store.orders.cancel(DOMAIN, paid.id);
    // THEN the payload says so and the stock is back
    expect(cancelled).toMatchObject({ cancelled_at: "2026-11-20T10:01:00-06:00", financial_status: "refunded" });
    expect(store.inspect(DOMAIN).fulfillmentOrders[0]?.status).toBe("CANCELLED");
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.sku === "CHOC-6")).toMatchObject({
      available: 40,
      committed: 0,
    });
    const { order } = await queryData(store, ORDER, { id: paid.admin_graphql_api_id });
    expect(order.cancelledAt).toBe("2026-11-20T16:01:00Z");
  });
});
