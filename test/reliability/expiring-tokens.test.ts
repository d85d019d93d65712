// Expiring offline tokens across two app processes (issue 19). Two servers (`npm start`'s build) on
// one PostgreSQL do background work for one shop whose offline token came from token exchange with
// `expiring=1`. The simulated store's clock jumps past the token's expiry: the next Admin calls of
// both processes get Shopify's 401 at once, exactly one refresh reaches the store per expiry, and
// every paid order still reaches the service. Then Shopify revokes the tokens: one refused refresh,
// the problem recorded for Inicio, and no process asks again.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSvcClient, SvcTokenCache } from "~/svc";
import { startServiceSandbox, type ServiceSandbox } from "../../sandbox/service/server";
import { createSimulatedStore, type SimulatedStore } from "../../sandbox/store";
import { attachDemoIds } from "../../sandbox/store/catalogue/demo-catalogue-facts";
import type { AppProcess } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";
import { SECRET, installConnectedShop, registerAtService, startBuiltApp } from "./support/running-app";

const SHOP = "tienda-demo.myshopify.com";
const API_KEY = "e2e-api-key";
const SVC_KEY = "sk_test_tokens";
const HOUR = 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: PrismaClient;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let storeServer: { url: string; close(): Promise<void> };
// The store's clock runs ahead of the app's by this much: moving it expires the token at Shopify only.
let storeAhead = 0;
const apps: AppProcess[] = [];

const svc = () => createSvcClient({ baseUrl: sandbox.url, apiKey: SVC_KEY, tokenCache: new SvcTokenCache() });

beforeAll(async () => {
  database = await createTestDatabase("tokens");
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  sandbox = await startServiceSandbox({ port: 0, apiKeys: [SVC_KEY] });
  store = createSimulatedStore({ now: () => Date.now() + storeAhead });
  store.addShop({ domain: SHOP, name: "Tienda Demo", scopes: process.env.SCOPES });
  store.seedDemoCatalogue(SHOP);
  store.registerApp({ apiKey: API_KEY, apiSecret: SECRET, appUrl: "https://svc-app.example.test" });
  storeServer = await store.listen(0);

  // Installing with an expiring offline token, and the service account connected.
  await installConnectedShop({
    db,
    store,
    shop: SHOP,
    serviceUrl: sandbox.url,
    apiKey: SVC_KEY,
    expiringToken: { storeUrl: storeServer.url, clientId: API_KEY },
  });
  const variants = attachDemoIds(store.products.list(SHOP)).filter((v) => v.outcome === "synced" && v.sku);
  await registerAtService(
    svc(),
    variants.map((v) => v.sku!),
  );
  for (let i = 0; i < 2; i++) {
    apps.push(
      await startBuiltApp(database.url, {
        LOG_LEVEL: "error",
        SHOPIFY_API_KEY: API_KEY,
        SHOPIFY_API_SECRET: SECRET,
        SVC_BASE_URL: sandbox.url,
        SVC_QA_BASE_URL: sandbox.url,
        SIMULATED_STORE_URL: storeServer.url,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {});
  await db?.$disconnect();
  await sandbox?.close();
  await storeServer?.close();
  await database?.drop();
});

async function sandboxOrders(): Promise<{ request: { tienda_orden_ref?: string } }[]> {
  const { accessToken } = await svc().auth();
  const response = await fetch(`${sandbox.url}/__sandbox/orders`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return ((await response.json()) as { orders: { request: { tienda_orden_ref?: string } }[] }).orders;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      const jobs = await db.job.findMany({
        where: { lastError: { not: null } },
        select: { queue: true, lastError: true },
      });
      throw new Error(
        `timed out waiting for ${what}; jobs ${JSON.stringify(jobs.slice(0, 4))}; ${apps.map((a) => a.output().slice(-800)).join("\n---\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Pays `count` orders and delivers each to one of the two servers in turn; answers their names. */
async function payOrders(count: number): Promise<string[]> {
  const variants = attachDemoIds(store.products.list(SHOP)).filter((v) => v.outcome === "synced" && v.sku);
  const names: string[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const order = store.orders.createPaid(SHOP, {
        lineItems: [{ variantId: variants[i % variants.length]!.variantId, quantity: 1 }],
        shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
      });
      names.push(order.name);
      const response = await store.sendWebhook({
        url: `${apps[i % 2]!.url}/webhooks/orders/paid`,
        secret: SECRET,
        topic: "orders/paid",
        domain: SHOP,
        payload: order,
        eventId: randomUUID(),
      });
      expect(response.status).toBe(200);
    }),
  );
  return names;
}

const granted = () => store.tokens.refreshes(SHOP).filter((r) => !r.refused);
const refused = () => store.tokens.refreshes(SHOP).filter((r) => r.refused);

describe("expiring offline tokens in two app processes", () => {
  it(
    "keeps background work going across each expiry with exactly one refresh per expiry",
    { timeout: 240_000 },
    async () => {
      // Work before any expiry uses the exchanged token.
      const before = await payOrders(4);
      await waitFor(
        "the first orders at the service",
        async () => (await sandboxOrders()).length >= before.length,
        60_000,
      );
      expect(granted()).toHaveLength(0);

      for (const expiry of [1, 2]) {
        // GIVEN the token expired at Shopify (its clock passed the hour)
        storeAhead += HOUR + 60_000;
        // WHEN both processes do background work for the shop at once
        const names = await payOrders(10);
        // THEN every order reaches the service once, after exactly one refresh for this expiry
        await waitFor(
          `the orders after expiry ${expiry} at the service`,
          async () => {
            const refs = new Set((await sandboxOrders()).map((o) => o.request.tienda_orden_ref));
            return names.every((name) => refs.has(name));
          },
          90_000,
        );
        expect(granted()).toHaveLength(expiry);
        expect(refused()).toHaveLength(0);
        const session = await db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
        expect(session.expires!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
      }
      const refs = (await sandboxOrders()).map((o) => o.request.tienda_orden_ref);
      expect(new Set(refs).size).toBe(refs.length);
    },
  );

  it(
    "a revoked token ends in the shop's problem after one refused refresh, with no retry loop",
    { timeout: 120_000 },
    async () => {
      store.tokens.revoke(SHOP);
      storeAhead += HOUR + 60_000;
      await payOrders(4);
      await waitFor(
        "the token problem recorded",
        async () => (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).offlineTokenProblem,
        60_000,
      );
      expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).offlineTokenProblem).toBe(
        "offlineTokenRevoked",
      );
      // Jobs keep being retried by the workers, but Shopify is not asked again.
      await new Promise((r) => setTimeout(r, 8_000));
      expect(refused()).toHaveLength(1);
      const failing = await db.job.findMany({ where: { lastError: { contains: "open the app" } } });
      expect(failing.length).toBeGreaterThan(0);
    },
  );
});
