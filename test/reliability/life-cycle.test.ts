// The built server's life cycle as a platform drives it: /healthz and /readyz, SIGTERM while
// checkout rate callbacks are in flight, a job still running at the shutdown deadline, and the
// web-only and worker-only process roles (PROCESS_ROLE).
import { randomUUID } from "node:crypto";
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_QUEUE } from "~/catalog/product-sync.server";
import type { ServiceSandbox } from "../../sandbox/service/server";
import type { SimulatedStore } from "../../sandbox/store";
import type { AppProcess } from "../helpers/app-process";
import { TEST_API_KEY, TEST_API_SECRET } from "../helpers/shopify-requests";
import { startBuiltApp, startConnectedDemoShop } from "./support/running-app";
import { startScenarioProxy } from "./support/scenario-proxy";

const SHOP = "tienda-demo.myshopify.com";
const SVC_KEY = "sk_test_life_cycle";
const QUOTE_PATH = "/api/rest/services";

let world: Awaited<ReturnType<typeof startConnectedDemoShop>>;
let db: PrismaClient;
let store: SimulatedStore;
let storeServer: { url: string; close(): Promise<void> };
let sandbox: ServiceSandbox;
let variants: Awaited<ReturnType<typeof startConnectedDemoShop>>["variants"];
const apps: AppProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];

/** Forwards to the sandbox; quotations answer after `quoteDelayMs` (the sandbox's slow scenario), and are counted. */
async function startSlowQuoteProxy(target: string, quoteDelayMs: number) {
  let quotes = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const proxy = await startScenarioProxy(target, (method, url) => {
    if (method !== "POST" || url !== QUOTE_PATH) return undefined;
    quotes++;
    for (const w of waiters.filter((w) => quotes >= w.n)) w.resolve();
    return `slow:${quoteDelayMs}`;
  });
  closers.push(proxy.close);
  return {
    url: proxy.url,
    quotesReached: (n: number) =>
      quotes >= n ? Promise.resolve() : new Promise<void>((r) => waiters.push({ n, resolve: r })),
  };
}

/** A Shopify Admin endpoint that accepts connections and never answers. */
function startHangingStore() {
  const sockets = new Set<net.Socket>();
  let connected: () => void;
  const firstConnection = new Promise<void>((r) => (connected = r));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    connected();
  });
  return new Promise<{ url: string; firstConnection: Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      closers.push(() => new Promise((r) => (sockets.forEach((s) => s.destroy()), server.close(r))));
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, firstConnection });
    }),
  );
}

beforeAll(async () => {
  world = await startConnectedDemoShop({ name: "lifecycle", shop: SHOP, svcKey: SVC_KEY });
  ({ db, sandbox, store, storeServer, variants } = world);
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {});
  for (const close of closers) await close().catch(() => {});
  await world?.close();
});

async function start(serviceUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const app = await startBuiltApp(world.database.url, {
    LOG_LEVEL: "info",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SVC_BASE_URL: serviceUrl,
    SVC_QA_BASE_URL: serviceUrl,
    SIMULATED_STORE_URL: storeServer.url,
    ...env,
  });
  apps.push(app);
  return app;
}

let cart = 0;
function checkout(app: AppProcess) {
  cart++;
  const rate = store.buildRateRequest(SHOP, {
    items: [{ variantId: variants[cart % variants.length]!.variantId, quantity: cart }],
  });
  return store
    .sendRateRequest({ url: `${app.url}/carrier-service/rates`, secret: TEST_API_SECRET, domain: SHOP, rate })
    .then(async (r) => ({ status: r.status, rates: ((await r.json()) as { rates?: unknown[] }).rates?.length ?? 0 }));
}

async function readyz(app: AppProcess) {
  const r = await fetch(`${app.url}/readyz`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe("the server's life cycle", () => {
  it("on SIGTERM fails /readyz at once and lets the rate callbacks in flight answer with rates, then exits 0", async () => {
    const proxy = await startSlowQuoteProxy(sandbox.url, 1_200);
    const app = await start(proxy.url, { SHUTDOWN_DELAY_MS: "1000" });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(await readyz(app)).toMatchObject({
      status: 200,
      body: { status: "ok", database: "ok", migrations: "ok", worker: "ok" },
    });

    // GIVEN eight checkouts waiting on the service
    const inFlight = Array.from({ length: 8 }, () => checkout(app));
    await proxy.quotesReached(8);
    // WHEN the platform sends SIGTERM
    app.child.kill("SIGTERM");
    // THEN /readyz fails first, while the process still serves
    let ready = await readyz(app);
    while (ready.status === 200) ready = await readyz(app);
    expect(ready).toMatchObject({ status: 503, body: { status: "stopping" } });
    // AND every checkout in flight gets the service's rates, none is cut
    expect(await Promise.all(inFlight)).toEqual(Array.from({ length: 8 }, () => ({ status: 200, rates: 3 })));
    // AND the process ends cleanly, no longer accepting connections
    expect(await app.exited).toBe(0);
    expect(app.output()).toMatch(/"inFlight":8[,}].*"msg":"shutting down"/);
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });

  it("queues a job that is still running at the shutdown deadline again at once, uncounted", async () => {
    // GIVEN a worker-only process whose Shopify never answers, holding a product job
    const hanging = await startHangingStore();
    const app = await start(sandbox.url, {
      PROCESS_ROLE: "worker",
      SIMULATED_STORE_URL: hanging.url,
      SHUTDOWN_TIMEOUT_MS: "1000",
    });
    // A worker left running by a failed step would take the next test's jobs to the hanging store.
    try {
      const productId = variants[0]!.productId;
      await db.job.create({
        data: {
          queue: PRODUCT_QUEUE,
          key: `product:${productId}:${randomUUID()}`,
          shop: SHOP,
          payload: { kind: "product", productId },
        },
      });
      // The first connection to the hanging store need not be the product job's: any other due job
      // of the shop that reads Shopify may come first (CI once found no product job running then).
      await hanging.firstConnection;
      const runningProductJob = () => db.job.findFirst({ where: { queue: PRODUCT_QUEUE, state: "running" } });
      await expect.poll(runningProductJob, { timeout: 60_000, interval: 100 }).not.toBeNull();
      const held = (await runningProductJob())!;
      expect(held.leaseOwner).toEqual(expect.any(String));
      // WHEN it is stopped
      const started = Date.now();
      app.child.kill("SIGTERM");
      // THEN it ends at the deadline, not when the lease would expire, and the job is queued for anyone
      expect(await app.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(30_000);
      const after = await db.job.findUniqueOrThrow({ where: { id: held.id } });
      expect(after).toMatchObject({
        state: "queued",
        leaseOwner: null,
        leaseExpiresAt: null,
        attempts: held.attempts - 1,
      });
      expect(after.runAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(app.output()).toContain("released the leases of jobs interrupted by the shutdown");
      await db.job.delete({ where: { id: held.id } });
    } finally {
      if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGKILL");
    }
  });

  it("splits into a web-only process that serves and enqueues and a worker-only process that runs the jobs", async () => {
    const web = await start(sandbox.url, { PROCESS_ROLE: "web" });
    expect(await readyz(web)).toMatchObject({ status: 200, body: { role: "web", worker: "off" } });
    expect(web.output()).not.toContain("background worker started");
    expect((await checkout(web)).status).toBe(200);

    // A product webhook on the web process becomes a job…
    const product = store.products.list(SHOP)[0]!;
    const response = await store.sendWebhook({
      url: `${web.url}/webhooks/products/update`,
      secret: TEST_API_SECRET,
      domain: SHOP,
      topic: "products/update",
      payload: product,
    });
    expect(response.status).toBe(200);
    const job = await db.job.findFirstOrThrow({
      where: { queue: PRODUCT_QUEUE, key: { contains: product.admin_graphql_api_id } },
    });

    // …that the worker-only process runs; it answers only its health endpoints
    const worker = await start(sandbox.url, { PROCESS_ROLE: "worker" });
    expect(await readyz(worker)).toMatchObject({ status: 200, body: { role: "worker", worker: "ok" } });
    expect((await fetch(`${worker.url}/auth/login`)).status).toBe(404);
    let state = job.state;
    while (state !== "done") {
      await new Promise((r) => setTimeout(r, 100));
      state = (await db.job.findUniqueOrThrow({ where: { id: job.id } })).state;
    }
    expect(worker.output()).toContain("background worker started");
    expect(web.output()).not.toContain("background worker started");
  });
});
