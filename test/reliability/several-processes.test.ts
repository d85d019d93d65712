// Two app servers (`npm start`'s build) on one PostgreSQL receive a burst of 200 orders/paid
// deliveries, each delivered 1–3 times and spread over both, while one server is killed with
// SIGKILL mid-burst and started again. Shopify redelivers whatever got no 2xx (same event id), to
// whichever server answers. The service (sandbox) and Shopify (the simulated store) are real HTTP
// servers. In the end the service holds exactly one order per paid order, and each order has
// exactly one fulfilment in the store.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmServiceOrderAbsent, confirmServiceOrderExists } from "~/fulfillment/actions/merchant-actions.server";
import { createSvcClient, SvcTokenCache } from "~/svc";
import { startServiceSandbox, type ServiceSandbox } from "../../sandbox/service/server";
import { createSimulatedStore, type SimulatedStore } from "../../sandbox/store";
import { attachDemoIds } from "../../sandbox/store/catalogue/demo-catalogue-facts";
import type { AppProcess } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";
import { SECRET, startBuiltApp, installConnectedShop } from "./support/running-app";

const SHOP = "tienda-demo.myshopify.com";
const ORDERS = 200;
const SVC_KEY = "sk_test_several";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: PrismaClient;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let storeServer: { url: string; close(): Promise<void> };
const apps: AppProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase("several");
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  sandbox = await startServiceSandbox({ port: 0, apiKeys: [SVC_KEY] });
  // A burst of 200 paid orders is a flash sale: the Plus plan's Admin API bucket (1,000 points/s).
  store = createSimulatedStore({ throttle: { maximumAvailable: 20_000, restoreRate: 1_000 } });
  store.addShop({ domain: SHOP, name: "Tienda Demo" });
  store.seedDemoCatalogue(SHOP);
  storeServer = await store.listen(0);

  // What installing and connecting leave behind: an offline session, the shop, its service account.
  await installConnectedShop({ db, store, shop: SHOP, serviceUrl: sandbox.url, apiKey: SVC_KEY });
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {});
  await db?.$disconnect();
  await sandbox?.close();
  await storeServer?.close();
  await database?.drop();
});

function startServer(): Promise<AppProcess> {
  return startBuiltApp(database.url, {
    LOG_LEVEL: "error",
    SHOPIFY_API_SECRET: SECRET,
    SVC_BASE_URL: sandbox.url,
    SVC_QA_BASE_URL: sandbox.url,
    SIMULATED_STORE_URL: storeServer.url,
  }).then((app) => {
    apps.push(app);
    return app;
  });
}

/** Where the orders are: the records by status (for a failure's message). */
async function recordStatuses(): Promise<string> {
  const groups = await db.fulfillment.groupBy({ by: ["status"], where: { shop: SHOP }, _count: true });
  const jobs = await db.job.groupBy({ by: ["queue", "state"], _count: true });
  const errors = await db.job.findMany({
    where: { OR: [{ lastError: { not: null } }, { state: "running" }] },
    select: {
      queue: true,
      lastError: true,
      state: true,
      attempts: true,
      leaseOwner: true,
      leaseExpiresAt: true,
      updatedAt: true,
    },
    take: 4,
  });
  const reasons = await db.fulfillment.findMany({
    where: { shop: SHOP },
    select: { status: true, reason: true },
    take: 2,
  });
  return `records ${JSON.stringify(groups.map((g) => [g.status, g._count]))}; jobs ${JSON.stringify(jobs.map((j) => [j.queue, j.state, j._count]))}; errors ${JSON.stringify(errors)}; reasons ${JSON.stringify(reasons)}; app output: ${apps.map((a) => a.output().slice(-1500)).join("\n---\n")}`;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${await recordStatuses()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The sandbox's control endpoints answer our account's bearer token. */
async function sandboxControl(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
  const { accessToken } = await svc().auth();
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const svc = () => createSvcClient({ baseUrl: sandbox.url, apiKey: SVC_KEY, tokenCache: new SvcTokenCache() });

/** Every order the sandbox holds for our account. */
async function sandboxOrders(): Promise<{ id: string; request: { tienda_orden_ref?: string } }[]> {
  const response = await sandboxControl("GET", "/__sandbox/orders");
  return ((await response.json()) as { orders: { id: string; request: { tienda_orden_ref?: string } }[] }).orders;
}

describe("several app processes on one PostgreSQL", () => {
  it(
    "submits each of 200 paid orders exactly once while one server is killed mid-burst, and fulfils each once",
    { timeout: 420_000 },
    async () => {
      // The service knows the catalogue (what a completed catalogue sync leaves behind).
      const variants = attachDemoIds(store.products.list(SHOP)).filter((v) => v.outcome === "synced" && v.sku);
      const skus = [...new Set(variants.map((v) => v.sku!))];
      await svc().createProducts({
        productos: skus.map((sku) => ({
          sku,
          upc: "",
          nombre: sku,
          dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
        })),
      });

      const servers: (AppProcess | null)[] = await Promise.all([startServer(), startServer()]);

      // 200 paid orders, each to be delivered 1, 2 or 3 times with one event id.
      const deliveries: { order: unknown; eventId: string; copy: number }[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const variant = variants[i % variants.length]!;
        const order = store.orders.createPaid(SHOP, {
          lineItems: [{ variantId: variant.variantId, quantity: 1 + (i % 3) }],
          shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
        });
        const eventId = randomUUID();
        for (let copy = 0; copy < 1 + (i % 3); copy++) deliveries.push({ order, eventId, copy });
      }
      // Copies arrive out of order, interleaved with other orders' (fixed shuffle).
      let seed = 7;
      for (let i = deliveries.length - 1; i > 0; i--) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        const j = seed % (i + 1);
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }

      // Shopify's side: send to one server; on no 2xx (the server is dead, or busy) send again to
      // whichever is up, until one answers 200.
      const answered = new Map<number, number>();
      let refused = 0;
      const deliver = async (index: number, first?: AppProcess) => {
        const d = deliveries[index]!;
        for (let attempt = 0; attempt < 200; attempt++) {
          const up = servers.filter((s): s is AppProcess => s !== null);
          const server = attempt === 0 && first ? first : up[(index + attempt) % up.length];
          if (server) {
            const status = await store
              .sendWebhook({
                url: `${server.url}/webhooks/orders/paid`,
                secret: SECRET,
                topic: "orders/paid",
                domain: SHOP,
                payload: d.order,
                eventId: d.eventId,
              })
              .then(
                (r) => r.status,
                () => 0,
              );
            answered.set(status, (answered.get(status) ?? 0) + 1);
            if (status === 200) return;
            if (status >= 400 && status < 500) throw new Error(`delivery ${index} answered ${status}`);
            refused++;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`delivery ${index} never got a 200`);
      };

      // Eight deliveries in flight at a time; after a third of them, server 0 is killed outright
      // (its leased jobs, open transactions and in-flight answers die with it) and, a moment later,
      // started again as a new process on the same database.
      let next = 0;
      let killed = false;
      const workers = Array.from({ length: 8 }, async () => {
        while (next < deliveries.length) {
          const i = next++;
          if (!killed && i >= deliveries.length / 3) {
            killed = true;
            const victim = servers[0]!;
            servers[0] = null;
            // This delivery is on its way to server 0 as it dies: the kill always cuts one.
            const cut = deliver(i, victim);
            victim.child.kill("SIGKILL");
            await victim.exited;
            void startServer().then((fresh) => (servers[0] = fresh));
            await cut;
            continue;
          }
          await deliver(i);
        }
      });
      await Promise.all(workers);
      expect(killed).toBe(true);
      expect(answered.get(200)).toBe(deliveries.length);

      // Every order reaches the service: the jobs the killed server held are taken up once their
      // leases expire. A submission cut between its request and its saved answer is "unknown
      // outcome" (never sent again automatically); the merchant settles it on Pedidos by looking
      // for the order's reference at the service, as here.
      const settled = await waitFor(
        "every order to be at the service or waiting for the merchant",
        async () => {
          const rows = await db.fulfillment.findMany({ where: { shop: SHOP }, select: { status: true } });
          const done = rows.filter((r) => r.status === "submitted" || r.status === "unknown_outcome").length;
          return done === ORDERS && rows.length === ORDERS ? rows : null;
        },
        120_000,
      );
      const merchant = {
        db,
        now: () => new Date(),
        svcClientFor: async () => svc(),
        adminFor: async () => {
          throw new Error("not needed to confirm");
        },
      };
      const atService = await sandboxOrders();
      for (const record of await db.fulfillment.findMany({ where: { shop: SHOP, status: "unknown_outcome" } })) {
        const found = atService.find((o) => o.request.tienda_orden_ref === record.orderName);
        const result = found
          ? await confirmServiceOrderExists(merchant, { shop: SHOP, fulfillmentId: record.id, svcOrderId: found.id })
          : await confirmServiceOrderAbsent(merchant, { shop: SHOP, fulfillmentId: record.id });
        expect({ order: record.orderName, found: Boolean(found), result }).toMatchObject({ result: { ok: true } });
      }
      expect(settled).toHaveLength(ORDERS);

      await waitFor(
        "every order to be submitted",
        async () => (await db.fulfillment.count({ where: { shop: SHOP, svcOrderId: { not: null } } })) === ORDERS,
        120_000,
      );
      const orders = await sandboxOrders();
      const references = orders.map((o) => o.request.tienda_orden_ref);
      expect({ orders: orders.length, distinct: new Set(references).size }).toEqual({
        orders: ORDERS,
        distinct: ORDERS,
      });

      // Two hours later every order has shipped at the warehouse; the app polls and fulfils in Shopify.
      await sandboxControl("POST", "/__sandbox/clock", { advanceMs: 2 * 60 * 60 * 1000 });
      await waitFor(
        "every order to be fulfilled in Shopify",
        async () => {
          await db.job.updateMany({
            where: { queue: "fulfillment.poll", shop: SHOP, state: "queued" },
            data: { runAt: new Date() },
          });
          return (
            (await db.fulfillment.count({ where: { shop: SHOP, shopifyFulfillmentId: { not: null } } })) === ORDERS
          );
        },
        180_000,
      );
      const fulfilments = store.inspect(SHOP).fulfillments;
      const perOrder = new Map<string, number>();
      for (const f of fulfilments) perOrder.set(String(f.orderId), (perOrder.get(String(f.orderId)) ?? 0) + 1);
      expect({ fulfilments: fulfilments.length, orders: perOrder.size, most: Math.max(...perOrder.values()) }).toEqual({
        fulfilments: ORDERS,
        orders: ORDERS,
        most: 1,
      });
      // Nothing is stuck: no job is still "running" on a lease that has run out.
      expect(await db.job.count({ where: { state: "running", leaseExpiresAt: { lt: new Date() } } })).toBe(0);
      // Some deliveries were refused while server 0 was down (else the kill proved nothing).
      expect(refused).toBeGreaterThan(0);
    },
  );
});
