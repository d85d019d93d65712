// The order's job reads an order and all its fulfilment orders page by page (ADR 033: small first
// pages, so each read asks Shopify for few points): an order larger than one page is still read to
// its end, every fulfilment order and every line of it, against the simulated store's Admin API.
import { describe, expect, it } from "vitest";
import {
  EXPECTED_PAGE,
  FO_PAGE,
  LINE_PAGE,
  readOrderState,
  unitsShopifyExpects,
} from "../../../app/fulfillment/shopify/shopify-fulfillment-orders.server";
import type { AdminGraphql } from "../../../app/shopify/admin.server";
import { createSimulatedStore } from "../../../sandbox/store";
import { attachDemoIds } from "../../../sandbox/store/catalogue/demo-catalogue-facts";

const SHOP = "paginas.myshopify.com";

function storeWithCatalogue() {
  const store = createSimulatedStore({ throttle: { maximumAvailable: 20_000, restoreRate: 1_000 } });
  store.addShop({ domain: SHOP, name: "Páginas" });
  store.seedDemoCatalogue(SHOP);
  const variants = attachDemoIds(store.products.list(SHOP)).filter((v) => v.outcome === "synced" && v.sku);
  const admin = ((query: string, variables?: Record<string, unknown>) =>
    store.graphql(SHOP, query, variables)) as AdminGraphql;
  return { store, variants, admin };
}

describe("reading an order's state from Shopify", () => {
  it("reads every fulfilment order and every line of an order larger than a page", async () => {
    const { store, variants, admin } = storeWithCatalogue();
    // GIVEN an order split over more locations than a page of fulfilment orders, one of whose
    // fulfilment orders holds more lines than a page of lines
    const locations = Array.from({ length: FO_PAGE + 2 }, (_, i) => `Bodega ${i + 1}`);
    for (const name of locations) store.control.addLocation(SHOP, { name });
    const bigLines = LINE_PAGE + 3;
    const lineItems = [
      ...Array.from({ length: bigLines }, (_, i) => ({
        variantId: variants[i % variants.length]!.variantId,
        quantity: i + 1,
        location: locations[0]!,
      })),
      ...locations
        .slice(1)
        .map((location, i) => ({ variantId: variants[i % variants.length]!.variantId, quantity: 1, location })),
    ];
    const order = store.orders.createPaid(SHOP, {
      lineItems,
      shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
    });

    // WHEN the order's job reads it
    const state = await readOrderState(admin, { orderGid: order.admin_graphql_api_id, paidAt: new Date() });

    // THEN it has all of them: as many fulfilment orders as locations, each with all its lines
    const fulfillmentOrders = store
      .inspect(SHOP)
      .fulfillmentOrders.filter((fo) => fo.orderId === order.admin_graphql_api_id);
    expect(fulfillmentOrders).toHaveLength(locations.length);
    expect(state!.fulfillmentOrders.map((fo) => fo.id).sort()).toEqual(fulfillmentOrders.map((fo) => fo.id).sort());
    for (const fo of fulfillmentOrders) {
      const read = state!.fulfillmentOrders.find((r) => r.id === fo.id)!;
      expect(read.lines.map((l) => [l.id, l.remainingQuantity])).toEqual(
        fo.lineItems.map((l) => [l.id, l.remainingQuantity]),
      );
    }
    expect(Math.max(...state!.fulfillmentOrders.map((fo) => fo.lines.length))).toBe(bigLines);
    expect(state!.order.shipping_lines).toHaveLength(1);
    // AND it took a second page of fulfilment orders and a second page of the big one's lines
    const operations = store.inspect(SHOP).operations.map((op) => op.operationName);
    expect(operations).toEqual(["FulfilmentOrderState", "FulfilmentOrderState", "MoreFulfilmentOrderLines"]);
  });

  it("asks for under 200 points to read the usual order, one fulfilment order of one line", async () => {
    const { store, variants, admin } = storeWithCatalogue();
    const order = store.orders.createPaid(SHOP, {
      lineItems: [{ variantId: variants[0]!.variantId, quantity: 1 }],
      shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
    });

    const state = await readOrderState(admin, { orderGid: order.admin_graphql_api_id, paidAt: new Date() });

    expect(state!.fulfillmentOrders).toHaveLength(1);
    const [read] = store.inspect(SHOP).operations;
    // One query; Shopify charges its requested cost up front and refunds down to what it read.
    expect(store.inspect(SHOP).operations).toHaveLength(1);
    expect(read!.requestedQueryCost).toBeLessThan(200);
    // (18: each line's own shipping line, FulfillmentOrderLineItem.shippingLine, is one object more)
    expect(read!.actualQueryCost).toBe(18);
  });

  it("reads what Shopify still expects of more fulfilment orders than a page, each under 1,000 points", async () => {
    const { store, variants, admin } = storeWithCatalogue();
    const warehouse = store.inspect(SHOP).locations[0]!.id;
    store.control.addLocation(SHOP, { name: "Tienda" });
    const sku = (i: number) => variants[i % variants.length]!.sku!.trim();
    // GIVEN more one-line orders than a page, one of more lines than a page, one cancelled and
    // one assigned to another location
    const orders = Array.from({ length: EXPECTED_PAGE + 2 }, (_, i) =>
      store.orders.createPaid(SHOP, {
        lineItems: [{ variantId: variants[i % variants.length]!.variantId, quantity: 2 }],
      }),
    );
    const big = store.orders.createPaid(SHOP, {
      lineItems: Array.from({ length: LINE_PAGE + 2 }, (_, i) => ({
        variantId: variants[i % variants.length]!.variantId,
        quantity: 1,
      })),
    });
    const elsewhere = store.orders.createPaid(SHOP, {
      lineItems: [{ variantId: variants[0]!.variantId, quantity: 1, location: "Tienda" }],
    });
    store.control.cancel(SHOP, String(orders[0]!.id));
    const foOf = (order: { admin_graphql_api_id: string }) =>
      store.inspect(SHOP).fulfillmentOrders.find((fo) => fo.orderId === order.admin_graphql_api_id)!.id;

    // WHEN stock sync asks what Shopify still expects of them at the warehouse
    const expected = await unitsShopifyExpects(admin, {
      fulfillmentOrderGids: [...orders, big, elsewhere].map(foOf),
      locationId: warehouse,
    });

    // THEN the cancelled one and the one elsewhere expect nothing; every other has all its units
    expect(expected.has(foOf(orders[0]!))).toBe(false);
    expect(expected.has(foOf(elsewhere))).toBe(false);
    orders.slice(1).forEach((order, i) => {
      expect(Object.fromEntries(expected.get(foOf(order))!)).toEqual({ [sku(i + 1)]: 2 });
    });
    const bigUnits = [...expected.get(foOf(big))!.values()].reduce((a, b) => a + b, 0);
    expect(bigUnits).toBe(LINE_PAGE + 2);
    // AND it took two pages of fulfilment orders and the rest of the big one's lines, each page
    // asking for fewer points than Shopify's single-query limit
    const operations = store.inspect(SHOP).operations;
    expect(operations.map((op) => op.operationName)).toEqual([
      "FulfilmentOrdersExpected",
      "FulfilmentOrdersExpected",
      "MoreFulfilmentOrderLines",
    ]);
    for (const op of operations) expect(op.requestedQueryCost).toBeLessThanOrEqual(1_000);
  });

  it("reads the others when Shopify denies one fulfilment order, and does not ask for an id that is not one", async () => {
    const { store, variants, admin } = storeWithCatalogue();
    const warehouse = store.inspect(SHOP).locations[0]!.id;
    const [denied, readable] = [0, 1].map((i) =>
      store.orders.createPaid(SHOP, { lineItems: [{ variantId: variants[i]!.variantId, quantity: 1 }] }),
    );
    const foOf = (order: { admin_graphql_api_id: string }) =>
      store.inspect(SHOP).fulfillmentOrders.find((fo) => fo.orderId === order.admin_graphql_api_id)!.id;
    // Shopify answers a node the app may not read (another fulfilment service's, say) with null and
    // an error at that node's path, beside the nodes it may read.
    const denying = (async (query: string, variables?: Record<string, unknown>) => {
      const result = await admin(query, variables);
      const ids = (variables?.ids ?? []) as string[];
      const index = ids.indexOf(foOf(denied!));
      if (index < 0) return result;
      const data = result.data as { nodes: unknown[] };
      data.nodes[index] = null;
      return {
        ...result,
        errors: [
          {
            message: "Access denied for fulfillmentOrder field.",
            path: ["nodes", index],
            extensions: { code: "ACCESS_DENIED" },
          },
        ],
      };
    }) as AdminGraphql;

    const expected = await unitsShopifyExpects(denying, {
      fulfillmentOrderGids: [foOf(denied!), "gid://shopify/FulfillmentOrder/no-es-un-id", foOf(readable!)],
      locationId: warehouse,
    });

    expect([...expected.keys()]).toEqual([foOf(readable!)]);
    expect(Object.fromEntries(expected.get(foOf(readable!))!)).toEqual({ [variants[1]!.sku!.trim()]: 1 });
  });
});
