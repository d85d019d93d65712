import { describe, expect, it } from "vitest";
import { createSimulatedStore } from "../../../sandbox/store";
import { DOMAIN, demoStore, manualClock } from "./store-fixture";

// 2 for the connection + 50 × (1 variant + 1 inventory item + 1 measurement + 1 weight).
const FIFTY_WEIGHTS = `{ productVariants(first: 50) { nodes { id sku inventoryItem { measurement { weight { unit value } } } } } }`;

describe("cost-based throttling", () => {
  it("reports Shopify's cost extension on every answer", async () => {
    // GIVEN a fresh shop with the standard bucket
    const { store } = demoStore();
    // WHEN the app reads 50 variants and their weights (only 37 exist)
    const result = await store.graphql(DOMAIN, FIFTY_WEIGHTS);
    // THEN it is charged what came back, not what it asked for
    expect(result.extensions?.cost).toEqual({
      requestedQueryCost: 202,
      actualQueryCost: 2 + 37 * 4,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - (2 + 37 * 4), restoreRate: 100 },
    });
  });

  it("answers THROTTLED without running or charging a query that does not fit", async () => {
    // GIVEN a shop whose bucket holds fewer points than the query asks for
    const { store } = demoStore();
    store.setThrottle(DOMAIN, { currentlyAvailable: 150 });
    // WHEN the query is sent
    const result = await store.graphql(DOMAIN, FIFTY_WEIGHTS);
    // THEN it is throttled and nothing is taken
    expect(result).toEqual({
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 202,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 150, restoreRate: 100 },
        },
      },
    });
    expect(store.inspect(DOMAIN).operations.map((op) => op.outcome)).toEqual(["throttled"]);
  });

  it("restores points at restoreRate per second of the store's clock", async () => {
    // GIVEN a drained bucket
    const { store, clock } = demoStore();
    store.drainThrottle(DOMAIN);
    expect((await store.graphql(DOMAIN, FIFTY_WEIGHTS)).errors?.[0]?.extensions?.code).toBe("THROTTLED");
    // WHEN two and a half seconds pass (250 points at 100/s)
    clock.advance(2500);
    // THEN the query runs
    const result = await store.graphql(DOMAIN, FIFTY_WEIGHTS);
    expect(result.errors).toBeUndefined();
    expect(result.extensions?.cost.throttleStatus.currentlyAvailable).toBe(250 - 150);
  });

  it("never refills beyond the maximum", async () => {
    const { store, clock } = demoStore();
    clock.advance(60_000);
    expect(store.throttleStatus(DOMAIN)).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 2000,
      restoreRate: 100,
    });
  });

  it("lets a test shrink the bucket so that pagination has to wait", async () => {
    // GIVEN a store whose shops have a small, slow bucket
    const clock = manualClock();
    const store = createSimulatedStore({ now: clock.now, throttle: { maximumAvailable: 300, restoreRate: 10 } });
    store.addShop({ domain: DOMAIN });
    store.seedDemoCatalogue(DOMAIN);
    // WHEN two expensive pages are asked for back to back
    const first = await store.graphql(DOMAIN, FIFTY_WEIGHTS);
    const second = await store.graphql(DOMAIN, FIFTY_WEIGHTS);
    // THEN the second is throttled until enough seconds pass: 150 left, 202 asked, 10 back per second
    expect(first.errors).toBeUndefined();
    expect(second.errors?.[0]?.message).toBe("Throttled");
    clock.advance(5_000);
    expect((await store.graphql(DOMAIN, FIFTY_WEIGHTS)).errors?.[0]?.message).toBe("Throttled");
    clock.advance(1_000);
    expect((await store.graphql(DOMAIN, FIFTY_WEIGHTS)).errors).toBeUndefined();
  });

  it("refuses a single query costing more than 1000 points", async () => {
    const { store } = demoStore();
    const query = `{ productVariants(first: 250) { nodes { inventoryItem { measurement { weight { value } } } product { title } } } }`;
    const result = await store.graphql(DOMAIN, query);
    expect(result.errors?.[0]?.message).toMatch(
      /^Query cost is 1252, which exceeds the single query max cost limit \(1000\)/,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "MAX_COST_EXCEEDED", cost: 1252, maxCost: 1000 });
    expect(store.throttleStatus(DOMAIN).currentlyAvailable).toBe(2000);
  });

  it("prices nodes(ids:) per id, and charges only for the objects found", async () => {
    // GIVEN five variant ids, one of them unknown to the shop
    const { store } = demoStore();
    const known = store.products
      .list(DOMAIN)
      .flatMap((p) => p.variants.map((v) => v.admin_graphql_api_id))
      .slice(0, 4);
    const ids = [...known.slice(0, 2), "gid://shopify/ProductVariant/1", ...known.slice(2)];
    // Per node: 1 variant + 1 inventory item + 1 measurement + 1 weight.
    const selection = `... on ProductVariant { sku inventoryItem { measurement { weight { unit value } } } }`;
    // WHEN the app reads them with nodes(ids:), and one of them with node(id:)
    const many = await store.graphql(DOMAIN, `query($ids: [ID!]!) { nodes(ids: $ids) { id ${selection} } }`, { ids });
    const one = await store.graphql(DOMAIN, `query($id: ID!) { node(id: $id) { id ${selection} } }`, { id: ids[0] });
    const literal = await store.graphql(DOMAIN, `{ nodes(ids: ["${known[0]}", "${known[1]}"]) { id ${selection} } }`);
    // THEN nodes asks for 4 points per id and is charged for the four variants that came back
    expect(many.errors).toBeUndefined();
    expect((many.data as { nodes: unknown[] }).nodes[2]).toBeNull();
    expect(many.extensions?.cost).toMatchObject({ requestedQueryCost: 5 * 4, actualQueryCost: 4 * 4 });
    expect(literal.extensions?.cost).toMatchObject({ requestedQueryCost: 2 * 4, actualQueryCost: 2 * 4 });
    // AND a single node is still priced as one object
    expect(one.extensions?.cost).toMatchObject({ requestedQueryCost: 4, actualQueryCost: 4 });
  });

  it("refuses nodes(ids:) whose ids together cost more than 1000 points", async () => {
    const { store } = demoStore();
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { inventoryItem { measurement { weight { value } } } } } }`;
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `gid://shopify/ProductVariant/${i + 1}`);
    // 250 ids × 4 points fit the single-query limit; 251 do not.
    expect((await store.graphql(DOMAIN, query, { ids: ids(250) })).extensions?.cost.requestedQueryCost).toBe(1000);
    const result = await store.graphql(DOMAIN, query, { ids: ids(251) });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "MAX_COST_EXCEEDED", cost: 1004, maxCost: 1000 });
  });

  it("charges 10 points for a mutation", async () => {
    const { store } = demoStore();
    const result = await store.graphql(
      DOMAIN,
      `mutation { carrierServiceCreate(input: { name: "Envíos", callbackUrl: "https://app.example/rates", active: true, supportsServiceDiscovery: true }) { carrierService { id } userErrors { message } } }`,
    );
    expect(result.extensions?.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
  });

  it("throttles the next call when a test injects it", async () => {
    const { store } = demoStore();
    store.failNext(DOMAIN, "throttled");
    expect((await store.graphql(DOMAIN, `{ shop { name } }`)).errors?.[0]?.message).toBe("Throttled");
    expect((await store.graphql(DOMAIN, `{ shop { name } }`)).data).toEqual({ shop: { name: "Tienda Demo" } });
  });
});
