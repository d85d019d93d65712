import { afterEach, describe, expect, it } from "vitest";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { DOMAIN, demoStore } from "./store-fixture";

const TOKEN = `shpat_sim_${DOMAIN}`;
const QUERY = JSON.stringify({ query: "query ShopName { shop { name myshopifyDomain currencyCode } }" });

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function adminRequest(url: string, token: string | null = TOKEN, body = QUERY, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { "X-Shopify-Access-Token": token } : {}), ...headers },
    body,
  });
}

describe("the Admin API over fetch", () => {
  it("answers a shop addressed by its host, as the app's client sends", async () => {
    const { store } = demoStore();
    const response = await store.fetch(adminRequest(`https://${DOMAIN}/admin/api/2026-10/graphql.json`));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-shopify-api-version")).toBe("2026-10");
    expect((await response.json()).data).toEqual({
      shop: { name: "Tienda Demo", myshopifyDomain: DOMAIN, currencyCode: "MXN" },
    });
  });

  it("answers 401 with Shopify's body for a wrong or missing token, and logs the attempt", async () => {
    const { store } = demoStore();
    const url = `https://${DOMAIN}/admin/api/2026-10/graphql.json`;
    for (const token of ["shpat_wrong", null]) {
      const response = await store.fetch(adminRequest(url, token));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      });
    }
    expect(store.inspect(DOMAIN).operations.map((op) => op.outcome)).toEqual(["unauthorized", "unauthorized"]);
  });

  it("uses the access token given when the shop was added", async () => {
    const store = createSimulatedStore();
    store.addShop({ domain: "otra.myshopify.com", accessToken: "shpat_custom" });
    const url = "https://otra.myshopify.com/admin/api/2026-10/graphql.json";
    expect((await store.fetch(adminRequest(url, "shpat_custom"))).status).toBe(200);
    expect((await store.fetch(adminRequest(url, "shpat_sim_otra.myshopify.com"))).status).toBe(401);
  });

  it("answers 404 for an unknown shop or another API version", async () => {
    const { store } = demoStore();
    expect((await store.fetch(adminRequest("https://nadie.myshopify.com/admin/api/2026-10/graphql.json"))).status).toBe(
      404,
    );
    expect((await store.fetch(adminRequest(`https://${DOMAIN}/admin/api/2024-01/graphql.json`))).status).toBe(404);
  });

  it("answers 400 for a body without a query", async () => {
    const { store } = demoStore();
    const response = await store.fetch(adminRequest(`https://${DOMAIN}/admin/api/2026-10/graphql.json`, TOKEN, "{}"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { query: "Required parameter missing or invalid" } });
  });

  it("fails with a 500 when a test injects a server error", async () => {
    const { store } = demoStore();
    const url = `https://${DOMAIN}/admin/api/2026-10/graphql.json`;
    store.failNext(DOMAIN, "server-error");
    expect((await store.fetch(adminRequest(url))).status).toBe(500);
    expect((await store.fetch(adminRequest(url))).status).toBe(200);
    const scenario = await store.fetch(adminRequest(url, TOKEN, QUERY, { "x-sandbox-scenario": "throttled" }));
    expect((await scenario.json()).errors[0].extensions.code).toBe("THROTTLED");
  });

  it("keeps a fault aimed at one operation for that operation, whatever runs before it", async () => {
    // GIVEN a server error aimed at ShopName, and other operations (an app's background reads) first
    const { store } = demoStore();
    const url = `https://${DOMAIN}/admin/api/2026-10/graphql.json`;
    const other = JSON.stringify({ query: "#graphql\n  query Locations { locations(first: 1) { nodes { id } } }" });
    const named = JSON.stringify({
      query: "query Other { shop { name } } query ShopName { shop { name } }",
      operationName: "ShopName",
    });
    store.failNext(DOMAIN, "server-error", 1, { operation: "ShopName" });
    // WHEN they run, THEN only the aimed operation fails, once; the operationName decides between two documents
    expect((await store.fetch(adminRequest(url, TOKEN, other))).status).toBe(200);
    expect(
      (await store.fetch(adminRequest(url, TOKEN, JSON.stringify({ ...JSON.parse(named), operationName: "Other" }))))
        .status,
    ).toBe(200);
    expect((await store.fetch(adminRequest(url, TOKEN, named))).status).toBe(500);
    expect((await store.fetch(adminRequest(url))).status).toBe(200);
    expect(store.inspect(DOMAIN).operations.map((o) => o.outcome)).toEqual(["ok", "ok", "injected-fault", "ok"]);
  });

  it("routes only Admin API calls for its shops through interceptFetch", async () => {
    const { store } = demoStore();
    const elsewhere: string[] = [];
    const fetch = store.interceptFetch(async (input) => {
      elsewhere.push(new Request(input).url);
      return new Response("ok");
    });
    const shop = await fetch(`https://${DOMAIN}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: QUERY,
    });
    await fetch("https://svc.example.test/api/orders");
    expect((await shop.json()).data.shop.name).toBe("Tienda Demo");
    expect(elsewhere).toEqual(["https://svc.example.test/api/orders"]);
  });
});

describe("the Admin API over HTTP", () => {
  async function listening(store: SimulatedStore) {
    const server = await store.listen(0);
    closers.push(server.close);
    return server;
  }

  it("serves the shop path form on 127.0.0.1 with a free port", async () => {
    // GIVEN the store listening on port 0
    const { store } = demoStore();
    const server = await listening(store);
    // WHEN a real HTTP client posts a query
    const response = await fetch(server.graphqlUrl(DOMAIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: QUERY,
    });
    // THEN it answers like Shopify, cost included
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.shop.myshopifyDomain).toBe(DOMAIN);
    expect(body.extensions.cost.throttleStatus.maximumAvailable).toBe(2000);
  });

  it("loses the answer of an operation that took effect when a test asks for answer-lost", async () => {
    // GIVEN a write whose answer will be lost
    const { store } = demoStore();
    const server = await listening(store);
    const product = `gid://shopify/Product/${store.products.list(DOMAIN)[0]!.id}`;
    const rename = JSON.stringify({
      query: `mutation Tag { tagsAdd(id: "${product}", tags: ["perdida"]) { userErrors { message } } }`,
    });
    store.failNext(DOMAIN, "answer-lost");
    // WHEN it is posted over HTTP, THEN the connection drops without an answer
    await expect(
      fetch(server.graphqlUrl(DOMAIN), {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
        body: rename,
      }),
    ).rejects.toThrow(/fetch failed/);
    // AND the store ran it (the effect stays), and the next call is answered
    expect(store.inspect(DOMAIN).tags[product]).toContain("perdida");
    const next = await fetch(server.graphqlUrl(DOMAIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: QUERY,
    });
    expect(next.status).toBe(200);
  });

  it("finds the shop from the Host header on the plain admin path", async () => {
    const { store } = demoStore();
    const server = await listening(store);
    const { port } = new URL(server.url);
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/admin/api/2026-10/graphql.json",
          method: "POST",
          headers: { Host: DOMAIN, "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(QUERY);
    });
    expect(status).toBe(200);
  });

  it("records each operation's name and variables for assertions", async () => {
    const { store } = demoStore();
    const server = await listening(store);
    await fetch(server.graphqlUrl(DOMAIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: JSON.stringify({
        query: "query One($first: Int!) { products(first: $first) { nodes { id } } }",
        variables: { first: 2 },
      }),
    });
    expect(store.inspect(DOMAIN).operations).toMatchObject([
      {
        operationName: "One",
        kind: "query",
        rootFields: ["products"],
        variables: { first: 2 },
        outcome: "ok",
        requestedQueryCost: 4,
        actualQueryCost: 4,
      },
    ]);
  });
});
