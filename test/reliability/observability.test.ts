// An operator's view of the built server (`npm start`): /metrics after real traffic — checkout
// rate callbacks, an order through the job thread, a job that gives up, a throttled Admin call —
// and the logs: hostname and pid on every line, one access line per request without personal
// data, and the request id carried to the service.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_QUEUE } from "~/catalog/product-sync.server";
import { createSvcClient, SvcTokenCache } from "~/svc";
import type { ServiceSandbox } from "../../sandbox/service/server";
import type { SimulatedStore } from "../../sandbox/store";
import type { AppProcess } from "../helpers/app-process";
import { TEST_API_KEY, TEST_API_SECRET } from "../helpers/shopify-requests";
import { startBuiltApp, startConnectedDemoShop } from "./support/running-app";
import { startScenarioProxy } from "./support/scenario-proxy";

const SHOP = "tienda-demo.myshopify.com";
const SVC_KEY = "sk_test_observability";
const TOKEN = "metrics-token-0123456789";
const QUOTE_PATH = "/api/rest/services";

let world: Awaited<ReturnType<typeof startConnectedDemoShop>>;
let db: PrismaClient;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let storeServer: { url: string; close(): Promise<void> };
let proxy: { url: string; close(): Promise<void> };
let variants: Awaited<ReturnType<typeof startConnectedDemoShop>>["variants"];
/** Quotations the proxy makes fail (the service's 500), while set. */
let failQuotes = false;
/** The x-request-id of each call that reached the service, by path. */
const sentRequestIds: Array<{ url: string; requestId: string | undefined }> = [];
const apps: AppProcess[] = [];

beforeAll(async () => {
  world = await startConnectedDemoShop({ name: "observability", shop: SHOP, svcKey: SVC_KEY });
  ({ db, sandbox, store, storeServer, variants } = world);
  proxy = await startScenarioProxy(sandbox.url, (method, url, headers) => {
    sentRequestIds.push({ url, requestId: headers["x-request-id"] });
    return failQuotes && method === "POST" && url === QUOTE_PATH ? "server-error" : undefined;
  });
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {});
  await proxy?.close();
  await world?.close();
});

async function start(env: Record<string, string> = {}): Promise<AppProcess> {
  const app = await startBuiltApp(world.database.url, {
    LOG_LEVEL: "info",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SVC_BASE_URL: proxy.url,
    SVC_QA_BASE_URL: proxy.url,
    SIMULATED_STORE_URL: storeServer.url,
    ...env,
  });
  apps.push(app);
  return app;
}

function checkout(app: AppProcess, cart: number, opts: { secret?: string; requestId?: string } = {}) {
  const rate = store.buildRateRequest(SHOP, {
    items: [{ variantId: variants[cart % variants.length]!.variantId, quantity: cart }],
  });
  return store.sendRateRequest({
    url: `${app.url}/carrier-service/rates`,
    secret: opts.secret ?? TEST_API_SECRET,
    domain: SHOP,
    rate,
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      if (opts.requestId) headers.set("x-request-id", opts.requestId);
      return fetch(url, { ...init, headers });
    },
  });
}

async function scrape(app: AppProcess): Promise<string> {
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return sum;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function sandboxOrders(): Promise<unknown[]> {
  const { accessToken } = await createSvcClient({
    baseUrl: sandbox.url,
    apiKey: SVC_KEY,
    tokenCache: new SvcTokenCache(),
  }).auth();
  const response = await fetch(`${sandbox.url}/__sandbox/orders`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return ((await response.json()) as { orders: unknown[] }).orders;
}

describe("/metrics", () => {
  it("is absent without METRICS_TOKEN and refuses a missing or wrong token", async () => {
    const plain = await start({ PROCESS_ROLE: "worker" });
    expect((await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    await plain.stop();
    const app = await start({ METRICS_TOKEN: TOKEN, PROCESS_ROLE: "worker" });
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await app.stop();
  });

  it(
    "counts rate answers by outcome, the cache, the service per endpoint, queues, jobs given up and Admin throttle waits",
    { timeout: 180_000 },
    async () => {
      const app = await start({ METRICS_TOKEN: TOKEN });
      const before = await scrape(app);
      expect(sample(before, "app_rate_callback_duration_seconds_count")).toBe(0);

      // Checkout: a cart quoted (a miss), the same cart again (a hit), a bad signature, a cart the service fails.
      expect((await checkout(app, 1)).status).toBe(200);
      expect((await checkout(app, 1)).status).toBe(200);
      expect((await checkout(app, 2, { secret: "not-the-secret" })).status).toBe(401);
      failQuotes = true;
      expect((await checkout(app, 3)).status).toBe(503);
      failQuotes = false;

      // A job nobody serves, waiting for a minute.
      await db.job.create({
        data: { queue: "metrics.unserved", key: randomUUID(), shop: SHOP, runAt: new Date(Date.now() - 60_000) },
      });
      // A product job allowed one attempt, whose Admin read the store fails: it gives up. The fault is
      // aimed at the job's operation: the app's own background reads (reconciliation, readiness) run now too.
      store.failNext(SHOP, "server-error", 1, { operation: "CatalogProductVariants" });
      const doomed = await db.job.create({
        data: {
          queue: PRODUCT_QUEUE,
          key: `product:${randomUUID()}`,
          shop: SHOP,
          payload: { kind: "product", productId: variants[0]!.productId },
          maxAttempts: 1,
        },
      });
      await waitFor(
        "the product job to give up",
        async () => (await db.job.findUniqueOrThrow({ where: { id: doomed.id } })).state === "failed",
      );

      // An order, paid while the shop's Admin API points are spent: the job thread waits for them.
      store.drainThrottle(SHOP);
      const order = store.orders.createPaid(SHOP, {
        lineItems: [{ variantId: variants[0]!.variantId, quantity: 1 }],
        shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
      });
      const webhook = await store.sendWebhook({
        url: `${app.url}/webhooks/orders/paid`,
        secret: TEST_API_SECRET,
        topic: "orders/paid",
        domain: SHOP,
        payload: order,
        eventId: randomUUID(),
      });
      expect(webhook.status).toBe(200);
      await waitFor("the order at the service", async () => (await sandboxOrders()).length >= 1);

      const after = await scrape(app);
      const answers = (outcome: string) => sample(after, "app_rate_callback_duration_seconds_count", { outcome });
      expect({
        rates: answers("rates"),
        invalid: answers("invalid"),
        backup: answers("backup"),
      }).toEqual({ rates: 2, invalid: 1, backup: 1 });
      expect(sample(after, "app_rate_callback_duration_seconds_bucket", { outcome: "rates", le: "+Inf" })).toBe(2);
      expect(sample(after, "app_rate_callback_duration_seconds_sum")).toBeGreaterThan(0);
      // The first and the failed cart asked the service; the repeated one did not.
      expect(sample(after, "app_rate_cache_hits_total")).toBe(1);
      expect(sample(after, "app_rate_cache_misses_total")).toBe(2);
      // The service: quotations from the serving thread, the order from the job thread, summed in one scrape.
      expect(
        sample(after, "app_upstream_request_duration_seconds_count", { endpoint: "quote" }),
      ).toBeGreaterThanOrEqual(2);
      expect(sample(after, "app_upstream_request_duration_seconds_count", { endpoint: "createOrder" })).toBe(1);
      expect(
        sample(after, "app_upstream_errors_total", { endpoint: "quote", error: "SvcUnexpectedError" }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(after, "app_upstream_errors_total", { endpoint: "createOrder" })).toBe(0);
      // The queues, read from PostgreSQL at the scrape.
      expect(sample(after, "app_job_queue_depth", { queue: "metrics.unserved" })).toBe(1);
      expect(sample(after, "app_job_queue_oldest_age_seconds", { queue: "metrics.unserved" })).toBeGreaterThanOrEqual(
        60,
      );
      expect(sample(after, "app_jobs_given_up_total", { queue: PRODUCT_QUEUE })).toBe(1);
      expect(sample(after, "app_admin_throttle_waits_total")).toBeGreaterThanOrEqual(1);
      expect(sample(after, "app_admin_throttle_wait_seconds_total")).toBeGreaterThan(0);
      // The serving thread's event loop.
      expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds [0-9.e-]+$/m);
      expect(sample(after, "nodejs_eventloop_lag_max_seconds")).toBeGreaterThan(0);
    },
  );
});

describe("the logs", () => {
  it("carry host name and pid on every line, one access line per request without personal data, and the request id to the service", async () => {
    const app = await start();
    const requestId = `obs-${randomUUID()}`;
    const rate = store.buildRateRequest(SHOP, {
      items: [{ variantId: variants[1]!.variantId, quantity: 41 }],
    });
    const buyer = rate.destination;

    // A checkout with the caller's request id, on a cart the service has not quoted (one upstream call).
    const answered = await store.sendRateRequest({
      url: `${app.url}/carrier-service/rates`,
      secret: TEST_API_SECRET,
      domain: SHOP,
      rate,
      fetch: (url, init) =>
        fetch(url, { ...init, headers: { ...(init?.headers as object), "x-request-id": requestId } }),
    });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("x-request-id")).toBe(requestId);
    // A page with personal data in its query string; a checkout the service fails, with a request id of ours.
    await fetch(`${app.url}/auth/login?email=${encodeURIComponent("ana.lopez@example.com")}&shop=${SHOP}`, {
      redirect: "manual",
    });
    failQuotes = true;
    const failed = await checkout(app, 43);
    failQuotes = false;
    expect(failed.status).toBe(503);
    const failedId = failed.headers.get("x-request-id")!;
    expect(failedId).toMatch(/^[0-9a-f-]{36}$/);

    // The service got the request id of the checkout it quoted for.
    expect(sentRequestIds.filter((c) => c.url === QUOTE_PATH && c.requestId === requestId)).toHaveLength(1);
    expect(sentRequestIds.filter((c) => c.url === QUOTE_PATH && c.requestId === failedId).length).toBeGreaterThan(0);

    let lines: Array<Record<string, unknown>> = [];
    await waitFor("the access lines", async () => {
      lines = app
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      return lines.filter((l) => l.msg === "request").length >= 3;
    });
    await app.stop();
    for (const line of lines) expect(line).toMatchObject({ hostname: expect.any(String), pid: expect.any(Number) });
    const access = lines.filter((l) => l.msg === "request");
    expect(access.find((l) => l.requestId === requestId)).toEqual({
      level: 30,
      time: expect.any(Number),
      hostname: expect.any(String),
      pid: expect.any(Number),
      msg: "request",
      requestId,
      method: "POST",
      path: "/carrier-service/rates",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(access.find((l) => l.path === "/auth/login")).toMatchObject({
      method: "GET",
      requestId: expect.any(String),
    });
    expect(access.find((l) => l.requestId === failedId)).toMatchObject({ status: 503 });
    // The failed service call, at info, with the app's request id and the service's own.
    expect(lines.find((l) => l.msg === "svc call failed" && l.requestId === failedId)).toMatchObject({
      level: 30,
      endpoint: "quote",
      status: 500,
      svcRequestId: expect.any(String),
    });
    // No personal data: neither the query string nor the buyer's address.
    const all = app.output();
    expect(all).not.toContain("ana.lopez");
    expect(all).not.toContain(buyer.address1);
  });
});
