import { afterEach, describe, expect, it } from "vitest";
import { createSimulatedStore } from "../../../sandbox/store";
import { DOMAIN, START, demoStore } from "./store-fixture";

// Shopify since 2026-11 (changelog "IP allowlists are now required for public apps"): with the
// app's allowlist enforced, every Admin API request from outside it, or from an address Shopify
// cannot confirm, answers HTTP 403. Off by default.
const QUERY = JSON.stringify({ query: "query ShopName { shop { name } }" });
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function adminRequest(url: string, token: string) {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
    body: QUERY,
  });
}

describe("the app's IP allowlist", () => {
  it("is off by default: any address reaches the Admin API", async () => {
    const { store } = demoStore();
    expect(store.ipAllowlist()).toEqual({ enforced: false, ranges: [] });
    const server = await store.listen(0);
    closers.push(() => server.close());
    const response = await fetch(server.graphqlUrl(DOMAIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": store.accessToken(DOMAIN) },
      body: QUERY,
    });
    expect(response.status).toBe(200);
  });

  it("answers 403 over HTTP to an address outside the list, and 200 once the address is added", async () => {
    const { store } = demoStore();
    const server = await store.listen(0, "127.0.0.1");
    closers.push(() => server.close());
    const call = () =>
      fetch(server.graphqlUrl(DOMAIN), {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": store.accessToken(DOMAIN) },
        body: QUERY,
      });
    // WHEN enforcement is on and the list holds only the operator's documentation range
    store.setIpAllowlist({ enforced: true, ranges: ["203.0.113.0/24"] });
    const refused = await call();
    // THEN the request from 127.0.0.1 is refused with 403, never executed, and logged as such
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toMatch(/IP allowlist/);
    expect(store.inspect(DOMAIN).operations.at(-1)?.outcome).toBe("ip-not-allowed");
    // WHEN the operator adds the egress range
    store.setIpAllowlist({ ranges: ["203.0.113.0/24", "127.0.0.0/8"] });
    // THEN the same request answers
    const allowed = await call();
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).data).toEqual({ shop: { name: "Tienda Demo" } });
  });

  it("refuses in-process calls by the address they are given, and an unknown token still gets 401 first", async () => {
    const store = createSimulatedStore({ now: () => START, inProcessAddress: "198.51.100.7" });
    store.addShop({ domain: DOMAIN });
    const url = `https://${DOMAIN}/admin/api/2026-10/graphql.json`;
    store.setIpAllowlist({ enforced: true, ranges: ["198.51.100.0/25"] });
    expect((await store.fetch(adminRequest(url, store.accessToken(DOMAIN)))).status).toBe(200);
    store.setIpAllowlist({ ranges: ["198.51.100.128/25"] });
    expect((await store.fetch(adminRequest(url, store.accessToken(DOMAIN)))).status).toBe(403);
    expect((await store.fetch(adminRequest(url, "shpat_wrong"))).status).toBe(401);
  });

  it("refuses a range that is not an address or CIDR, naming it, and keeps the list it had", () => {
    const { store } = demoStore();
    store.setIpAllowlist({ enforced: true, ranges: ["10.0.0.0/8"] });
    expect(() => store.setIpAllowlist({ ranges: ["10.0.0.0/33"] })).toThrow(/"10\.0\.0\.0\/33"/);
    expect(() => store.setIpAllowlist({ ranges: ["egress.example.com"] })).toThrow(/egress\.example\.com/);
    expect(store.ipAllowlist()).toEqual({ enforced: true, ranges: ["10.0.0.0/8"] });
  });
});
