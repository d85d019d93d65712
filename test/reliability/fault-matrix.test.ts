// The service misbehaving, seen through the built server (`npm start`'s build): each of the
// sandbox's faults on the checkout rate callback and on order submission, and a failing service
// under the catalogue sync (its other faults are proven against the sandbox in
// test/integration/catalog/sync-resilience.test.ts). A proxy in front of the sandbox adds the sandbox's scenario header
// (x-sandbox-scenario) to the calls the test names, so the app is unchanged and unaware. For each
// cell the test asserts the defined outcome and that every record ends in a documented state
// (README, Reliability: the fault matrix).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FULL_SYNC_QUEUE, startFullSync } from "~/catalog/full-sync.server";
import { createSvcClient, SvcTokenCache } from "~/svc";
import { startServiceSandbox, type ServiceSandbox } from "../../sandbox/service/server";
import { createSimulatedStore, type SimulatedStore } from "../../sandbox/store";
import { attachDemoIds } from "../../sandbox/store/catalogue/demo-catalogue-facts";
import type { AppProcess } from "../helpers/app-process";
import { TEST_API_KEY, TEST_API_SECRET } from "../helpers/shopify-requests";
import { createTestDatabase } from "../helpers/test-database";
import { startBuiltApp, installConnectedShop, registerAtService } from "./support/running-app";
import { startScenarioProxy } from "./support/scenario-proxy";

const SHOP = "tienda-demo.myshopify.com";
const SVC_KEY = "sk_test_faults";
/** The shop's rate deadline (the default). */
const DEADLINE_MS = 2_500;

/** A fault for the next `times` calls whose path starts with `path` (all of them without `times`). */
interface Rule {
  method: string;
  path: string;
  scenario: string;
  times?: number;
}

let rule: Rule | undefined;
const faulted: string[] = [];

/** Forwards to the sandbox, adding the scenario header to the calls the current rule names. */
function startFaultProxy(target: string) {
  return startScenarioProxy(target, (method, url) => {
    if (!(rule && method === rule.method && url.startsWith(rule.path) && (rule.times ?? 1) > 0)) return undefined;
    faulted.push(`${method} ${url} ${rule.scenario}`);
    if (rule.times !== undefined) rule.times--;
    return rule.scenario;
  });
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: PrismaClient;
let sandbox: ServiceSandbox;
let proxy: { url: string; close(): Promise<void> };
let store: SimulatedStore;
let storeServer: { url: string; close(): Promise<void> };
let app: AppProcess;
let variants: ReturnType<typeof attachDemoIds>;

const svc = () => createSvcClient({ baseUrl: sandbox.url, apiKey: SVC_KEY, tokenCache: new SvcTokenCache() });

beforeAll(async () => {
  database = await createTestDatabase("faults");
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  sandbox = await startServiceSandbox({ port: 0, apiKeys: [SVC_KEY] });
  proxy = await startFaultProxy(sandbox.url);
  store = createSimulatedStore();
  store.addShop({ domain: SHOP, name: "Tienda Demo" });
  store.seedDemoCatalogue(SHOP);
  storeServer = await store.listen(0);
  variants = attachDemoIds(store.products.list(SHOP)).filter((v) => v.outcome === "synced" && v.sku);

  await installConnectedShop({ db, store, shop: SHOP, serviceUrl: proxy.url, apiKey: SVC_KEY });
  await registerAtService(
    svc(),
    variants.map((v) => v.sku!),
  );
  app = await startBuiltApp(database.url, {
    LOG_LEVEL: "error",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SVC_BASE_URL: proxy.url,
    SVC_QA_BASE_URL: proxy.url,
    SIMULATED_STORE_URL: storeServer.url,
  });
  // Shopify tells the app when a bulk read is done (the app also polls).
  store.subscribeBulkOperationsFinish(SHOP, {
    url: `${app.url}/webhooks/bulk_operations/finish`,
    secret: TEST_API_SECRET,
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
  await proxy?.close();
  await sandbox?.close();
  await storeServer?.close();
  await database?.drop();
});

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let cart = 0;
/** A checkout of a cart never quoted before (so nothing comes from the cache). */
async function checkout(zip = "06700"): Promise<{ status: number; ms: number; rates: { service_code: string }[] }> {
  cart++;
  const rate = store.buildRateRequest(SHOP, {
    items: [{ variantId: variants[cart % variants.length]!.variantId, quantity: cart }],
    ...(zip === "06700"
      ? {}
      : {
          destination: {
            zip,
            province: "Nayarit",
            provinceCode: "NAY",
            city: "Islas Marías",
            address1: "Calle Principal 1",
            address2: null,
          },
        }),
  });
  const started = performance.now();
  const response = await store.sendRateRequest({
    url: `${app.url}/carrier-service/rates`,
    secret: TEST_API_SECRET,
    domain: SHOP,
    rate,
  });
  const body = (await response.json()) as { rates?: { service_code: string }[] };
  return { status: response.status, ms: performance.now() - started, rates: body.rates ?? [] };
}

describe("the fault matrix through the built server", () => {
  describe("the checkout rate callback (POST /api/rest/services)", () => {
    it.each([
      // fault, times, what Shopify gets
      ["timeout", undefined, { status: 503, rates: 0 }],
      ["slow:300", undefined, { status: 200, rates: 3 }],
      ["server-error", undefined, { status: 503, rates: 0 }],
      ["unavailable", undefined, { status: 503, rates: 0 }],
      ["unavailable", 1, { status: 200, rates: 3 }],
      ["malformed-json", undefined, { status: 503, rates: 0 }],
      ["unauthorized", 1, { status: 200, rates: 3 }],
      ["rate-limited", undefined, { status: 503, rates: 0 }],
      ["empty-409", undefined, { status: 503, rates: 0 }],
    ] as const)("%s (%s times) → %j within the deadline", async (scenario, times, expected) => {
      rule = { method: "POST", path: "/api/rest/services", scenario, times };
      try {
        const answer = await checkout();
        expect({ status: answer.status, rates: answer.rates.length }).toEqual(expected);
        expect(answer.ms).toBeLessThan(DEADLINE_MS + 500);
      } finally {
        rule = undefined;
      }
    });

    it("a destination no carrier serves (the service's 409 SHP-003) → no rates from the service, never a 500", async () => {
      const answer = await checkout("63950");
      expect({ status: answer.status, rates: answer.rates.length }).toEqual({ status: 200, rates: 0 });
    });
  });

  describe("order submission (POST /api/rest/orders), from orders/paid to the record's state", () => {
    /** A paid order delivered as Shopify does; resolves with its record once submission settled. */
    async function payAndSettle(scenario: string, times: number | undefined) {
      const variant = variants[cart++ % variants.length]!;
      const order = store.orders.createPaid(SHOP, {
        lineItems: [{ variantId: variant.variantId, quantity: 1 }],
        shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
      });
      rule = { method: "POST", path: "/api/rest/orders", scenario, times };
      try {
        const delivered = await store.sendWebhook({
          url: `${app.url}/webhooks/orders/paid`,
          secret: TEST_API_SECRET,
          topic: "orders/paid",
          domain: SHOP,
          payload: order,
        });
        expect(delivered.status).toBe(200);
        return await waitFor("the submission to settle", () =>
          db.fulfillment.findFirst({
            where: {
              shop: SHOP,
              shopifyOrderId: String(order.id),
              status: { in: ["submitted", "needs_attention", "unknown_outcome"] },
            },
          }),
        );
      } finally {
        rule = undefined;
      }
    }

    const atService = async (orderName: string) => {
      const { accessToken } = await svc().auth();
      const response = await fetch(`${sandbox.url}/__sandbox/orders`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const { orders } = (await response.json()) as { orders: { request: { tienda_orden_ref?: string } }[] };
      return orders.filter((o) => o.request.tienda_orden_ref === orderName).length;
    };

    it.each([
      // fault, times, the record's state, orders the service holds for it
      ["commit-then-timeout", undefined, "unknown_outcome", 1],
      ["server-error", undefined, "unknown_outcome", 0],
      ["malformed-json", undefined, "unknown_outcome", 0],
      ["empty-409", undefined, "needs_attention", 0],
      ["unavailable", 1, "submitted", 1],
      ["unauthorized", 1, "submitted", 1],
      ["rate-limited", 1, "submitted", 1],
      ["slow:300", undefined, "submitted", 1],
    ] as const)("%s (%s times) → %s, %s order(s) at the service", async (scenario, times, status, orders) => {
      const record = await payAndSettle(scenario, times);
      expect({ status: record.status, atService: await atService(record.orderName) }).toEqual({
        status,
        atService: orders,
      });
      // Not sent again behind the merchant's back: a record needing a person stays as it is.
      if (status !== "submitted") {
        await new Promise((r) => setTimeout(r, 1_500));
        expect((await db.fulfillment.findUniqueOrThrow({ where: { id: record.id } })).status).toBe(status);
        expect(await atService(record.orderName)).toBe(orders);
      }
    });
  });

  describe("the catalogue sync (the service's product lookups, GET /api/rest/product)", () => {
    it("every lookup failing (5xx) → the sync keeps its place and retries; once the service answers it completes", async () => {
      rule = { method: "GET", path: "/api/rest/product", scenario: "server-error" };
      let syncId: string;
      try {
        const started = await startFullSync({ db, shop: SHOP });
        if (!started.started) throw new Error(`the sync did not start: ${JSON.stringify(started)}`);
        syncId = started.syncId;
        // The catalogue is read from Shopify; registering it fails: the job records why and waits.
        const failing = await waitFor("the sync's job to record the failure", async () => {
          const job = await db.job.findFirst({
            where: { shop: SHOP, queue: FULL_SYNC_QUEUE, lastError: { not: null } },
          });
          return job?.state === "queued" ? job : null;
        });
        expect(failing.lastError).toMatch(/500|internal error/);
        const sync = await db.catalogSync.findUniqueOrThrow({ where: { id: syncId } });
        expect({ state: sync.state, phase: sync.phase, done: sync.done }).toEqual({
          state: "running",
          phase: "sending",
          done: 0,
        });
        expect(await db.catalogVariant.count({ where: { shop: SHOP, status: "synced" } })).toBe(0);
      } finally {
        rule = undefined;
      }
      // The service answers again: the next attempt (after its back-off) registers everything.
      const done = await waitFor(
        "the sync to end",
        async () => {
          const row = await db.catalogSync.findUniqueOrThrow({ where: { id: syncId } });
          return row.state === "running" ? null : row;
        },
        90_000,
      );
      expect(done.state).toBe("completed");
      // Every variant the demo catalogue can register is found at the service, none left pending
      // (the service already held these SKUs, registered by this test with measures of its own,
      // so they read as registered with different measures: "drifted").
      const statuses = await db.catalogVariant.groupBy({ by: ["status"], where: { shop: SHOP }, _count: true });
      const count = Object.fromEntries(statuses.map((g) => [g.status, g._count]));
      expect((count.synced ?? 0) + (count.drifted ?? 0)).toBe(variants.length);
      expect(await db.catalogVariant.count({ where: { shop: SHOP, status: "pending" } })).toBe(0);
      expect(await db.job.count({ where: { queue: FULL_SYNC_QUEUE, state: "running" } })).toBe(0);
    });

    it.each([
      // fault on the lookups, how many times
      ["slow:300", undefined],
      ["timeout", 1],
      ["unavailable", 1],
      ["unauthorized", 1],
      ["rate-limited", 1],
      ["server-error", 1],
      ["malformed-json", 1],
    ] as const)("%s (%s times) → the sync completes with every registrable variant found", async (scenario, times) => {
      // A catalogue the app has not registered yet, so every variant is looked up again.
      await db.catalogVariant.deleteMany({ where: { shop: SHOP } });
      rule = { method: "GET", path: "/api/rest/product", scenario, times };
      try {
        const started = await startFullSync({ db, shop: SHOP });
        if (!started.started) throw new Error(`the sync did not start: ${JSON.stringify(started)}`);
        const done = await waitFor(
          "the sync to end",
          async () => {
            const row = await db.catalogSync.findUniqueOrThrow({ where: { id: started.syncId } });
            return row.state === "running" ? null : row;
          },
          90_000,
        );
        expect(done.state).toBe("completed");
        const statuses = await db.catalogVariant.groupBy({ by: ["status"], where: { shop: SHOP }, _count: true });
        const count = Object.fromEntries(statuses.map((g) => [g.status, g._count]));
        expect({ registered: (count.synced ?? 0) + (count.drifted ?? 0), pending: count.pending ?? 0 }).toEqual({
          registered: variants.length,
          pending: 0,
        });
        expect(faulted.some((f) => f.endsWith(scenario))).toBe(true);
      } finally {
        rule = undefined;
      }
    });
  });
});
