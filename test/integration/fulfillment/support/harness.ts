/**
 * The whole fulfilment loop on one machine: the service sandbox over real HTTP, the simulated
 * Shopify store, the app's webhook route and job handlers on the test's PostgreSQL, and one
 * clock the test moves by hand (the sandbox's clock is moved with it).
 */
import pino from "pino";
import { afterAll, beforeAll, beforeEach } from "vitest";
import prisma from "../../../helpers/prisma";
import { seedCatalogueRows } from "../../../helpers/catalogue-rows";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { jobFailurePolicy } from "~/job-errors/provider-access.server";
import { readWarehouse } from "~/warehouse/warehouse-read.server";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createSvcClientResolver, type SvcConnectionConfig } from "~/shop/svc-connection.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { SvcTokenCache, createSvcClient, type SvcClient } from "~/svc";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersEdited } from "~/routes/webhooks.orders.edited";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as placedOnHold } from "~/routes/webhooks.fulfillment_orders.placed_on_hold";
import { action as holdReleased } from "~/routes/webhooks.fulfillment_orders.hold_released";
import { action as split } from "~/routes/webhooks.fulfillment_orders.split";
import { action as merged } from "~/routes/webhooks.fulfillment_orders.merged";
import { action as moved } from "~/routes/webhooks.fulfillment_orders.moved";
import { action as routingComplete } from "~/routes/webhooks.fulfillment_orders.order_routing_complete";
import { startServiceSandbox, type ServiceSandbox } from "../../../../sandbox/service/server";
import {
  createSimulatedStore,
  type OrderPaidPayload,
  type PaidOrderInput,
  type SimulatedStore,
} from "../../../../sandbox/store";
import { TEST_API_SECRET, TEST_APP_URL, TEST_SHOP } from "../../../helpers/shopify-requests";
import { sandboxConnection } from "../../../helpers/app-context";
import { configureTestServices, routeContext } from "../../../helpers/app-services";

export const SHOP = TEST_SHOP;
export const API_KEY = "sk_fulfilment_tests";
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const silentLogger = pino({ level: "silent" });
export const WAREHOUSE = "Bodega Tlalnepantla";
export const SHOPFRONT = "Tienda Centro";

/** Products of the test shop: SKU → the service's view of it. */
export const PRODUCTS = {
  "TAZA-AZ": { dimensions: true, title: "Taza de barro - Azul" },
  "PLATO-GR": { dimensions: true, title: "Plato grande" },
  "CAFE-500": { dimensions: true, title: "Café de Chiapas 500 g" },
  "SIN-DIM": { dimensions: false, title: "Jarra sin medidas" },
} as const;

const LIFECYCLE_ROUTES = {
  "orders/cancelled": ordersCancelled,
  "orders/edited": ordersEdited,
  "orders/updated": ordersUpdated,
  "fulfillment_orders/placed_on_hold": placedOnHold,
  "fulfillment_orders/hold_released": holdReleased,
  "fulfillment_orders/split": split,
  "fulfillment_orders/merged": merged,
  "fulfillment_orders/moved": moved,
  "fulfillment_orders/order_routing_complete": routingComplete,
} as const;
export type LifecycleTopic = keyof typeof LIFECYCLE_ROUTES;

/** What the fake network does to an order request: a sandbox scenario, or a refusal before sending. */
export type OrderFault =
  "timeout" | "server-error" | "unavailable" | "rate-limited" | "commit-then-timeout" | "bogus" | "refused";

/** An order as the sandbox received it (GET /__sandbox/orders). */
export interface SandboxOrder {
  id: string;
  status: string;
  service: string;
  request: {
    productos: { identificador: string; cantidad: number }[];
    consumidor_destino: Record<string, unknown>;
    servicio_svc: string;
    tienda_orden_ref: string;
  };
}

export interface Harness {
  sandbox: ServiceSandbox;
  store: SimulatedStore;
  svcConfig: SvcConnectionConfig;
  client: SvcClient;
  clock: { now(): Date; advance(ms: number): Promise<void> };
  /** Faults for the next order requests of an order (by name), one per attempt. */
  faults: Map<string, OrderFault[]>;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
  worker(
    overrides?: Partial<Parameters<typeof fulfillmentJobHandlers>[0]> & { leaseMs?: number; owner?: string },
  ): JobWorker;
  paidOrder(input?: Partial<PaidOrderInput>): OrderPaidPayload;
  deliver(payload: unknown, opts?: { eventId?: string; triggeredAt?: string }): Promise<Response>;
  /** Delivers a signed webhook of an order-lifecycle topic to its route. */
  send(topic: LifecycleTopic, payload: unknown, opts?: { eventId?: string; triggeredAt?: string }): Promise<Response>;
  /** The gid of a location of the test shop, by name. */
  locationId(name: string): string;
  /** The fulfilment orders of an order in the store, oldest first. */
  fulfillmentOrdersOf(payload: {
    admin_graphql_api_id: string;
  }): ReturnType<SimulatedStore["inspect"]>["fulfillmentOrders"];
  sandboxOrders(): Promise<SandboxOrder[]>;
  control(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown>;
  /** Empties the sandbox's orders and stock, and registers the products again. */
  resetSandbox(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(opts: { latencyMs?: number; startAt?: Date } = {}): Promise<Harness> {
  const sandbox = await startServiceSandbox({
    port: 0,
    apiKeys: [API_KEY],
    initialStock: 1000,
    latencyMs: opts.latencyMs ?? 0,
  });
  let nowMs = (opts.startAt ?? new Date("2026-11-20T16:00:00Z")).getTime();
  const store = createSimulatedStore({ now: () => nowMs });
  // The warehouse's location first (Shopify's primary), then the merchant's own shop.
  store.addShop({ domain: SHOP, locations: [{ name: WAREHOUSE }, { name: SHOPFRONT }] });
  for (const [sku, product] of Object.entries(PRODUCTS)) {
    store.products.create(SHOP, {
      title: product.title,
      variants: [{ sku, price: "249.00", weight: { unit: "GRAMS", value: 450 }, inventory: 50 }],
    });
  }
  store.products.create(SHOP, { title: "Jarra artesanal", variants: [{ sku: null, price: "320.00", inventory: 10 }] });
  store.products.create(SHOP, {
    title: "Tarjeta de regalo",
    variants: [{ sku: "GIFT-500", price: "500.00", requiresShipping: false }],
  });

  const faults = new Map<string, OrderFault[]>();
  const faultyFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.endsWith("/api/rest/orders") || init?.method !== "POST") return fetch(input, init);
    const ref = (JSON.parse(String(init.body)) as { tienda_orden_ref?: string }).tienda_orden_ref ?? "";
    const fault = faults.get(ref)?.shift();
    if (fault === "refused") {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1"), { code: "ECONNREFUSED" }),
      });
    }
    const headers = new Headers(init.headers);
    if (fault) headers.set("x-sandbox-scenario", fault);
    return fetch(input, { ...init, headers });
  };
  const svcConfig = sandboxConnection(sandbox.url, { fetch: faultyFetch });
  // The shop's stored connection decides whether there is a client; the client itself gives up
  // after 1.5 s instead of 10 s so that timeouts are quick to test.
  const connected = createSvcClientResolver(prisma, svcConfig);
  const client = createSvcClient({
    baseUrl: sandbox.url,
    apiKey: API_KEY,
    tokenCache: new SvcTokenCache(),
    timeoutMs: 1500,
    fetch: faultyFetch,
  });
  const svcClientFor = async (shop: string) => ((await connected(shop)) ? client : null);
  const adminFor =
    async (shop: string): Promise<AdminGraphql> =>
    (query, variables) =>
      store.graphql(shop, query, variables) as never;
  const now = () => new Date(nowMs);
  configureTestServices({ svc: svcConfig, svcClientFor, adminFor, now, logger: silentLogger });

  await prisma.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
  await connectShop({ db: prisma, config: svcConfig, shop: SHOP, apiKey: API_KEY, environment: "qa" });
  const registerProducts = () =>
    client.createProducts({
      productos: Object.entries(PRODUCTS).map(([sku, p]) => ({
        sku,
        upc: "",
        nombre: p.title,
        ...(p.dimensions
          ? { dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } } }
          : {}),
      })),
    });
  await registerProducts();

  async function control(method: "GET" | "POST", path: string, body?: unknown) {
    const send = async (fresh: boolean) => {
      const { accessToken } = await client.auth({ fresh });
      return fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    // Moving the sandbox clock expires tokens early, as on the live service: authenticate again.
    let response = await send(false);
    if (response.status === 401) response = await send(true);
    const json = await response.json();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  return {
    sandbox,
    store,
    svcConfig,
    client,
    faults,
    svcClientFor,
    adminFor,
    clock: {
      now,
      async advance(ms) {
        nowMs += ms;
        await control("POST", "/__sandbox/clock", { advanceMs: ms });
      },
    },
    worker(overrides = {}) {
      const { leaseMs, owner, ...deps } = overrides;
      const db = deps.db ?? prisma;
      return createJobWorker({
        db,
        ...jobFailurePolicy({ logger: silentLogger, now }),
        handlers: fulfillmentJobHandlers({
          db,
          logger: silentLogger,
          now,
          svcClientFor,
          adminFor,
          // As the composition root wires it: Almacén's read follows each sync.
          afterStockSync: (shop, synced) => readWarehouse({ db, now, svcClientFor, adminFor }, shop, synced),
          ...deps,
        }),
        logger: silentLogger,
        now,
        leaseMs,
        owner,
      });
    },
    paidOrder(input = {}) {
      return store.orders.createPaid(SHOP, {
        lineItems: [{ sku: "TAZA-AZ", quantity: 2 }],
        shippingLine: { title: "Express (1-2 días hábiles)", code: "EXPRESS", price: "189.00", source: "Envíos svc" },
        ...input,
      });
    },
    deliver(payload, deliverOpts = {}) {
      return store.sendWebhook({
        url: `${TEST_APP_URL}/webhooks/orders/paid`,
        secret: TEST_API_SECRET,
        topic: "orders/paid",
        domain: SHOP,
        payload,
        eventId: deliverOpts.eventId,
        triggeredAt: deliverOpts.triggeredAt,
        fetch: async (url, init) =>
          ordersPaid({ request: new Request(url, init), params: {}, context: routeContext() }),
      });
    },
    send(topic, payload, sendOpts = {}) {
      const route = LIFECYCLE_ROUTES[topic];
      return store.sendWebhook({
        url: `${TEST_APP_URL}/webhooks/${topic}`,
        secret: TEST_API_SECRET,
        topic,
        domain: SHOP,
        payload,
        eventId: sendOpts.eventId,
        triggeredAt: sendOpts.triggeredAt,
        fetch: async (url, init) => route({ request: new Request(url, init), params: {}, context: routeContext() }),
      });
    },
    locationId(name) {
      const location = store.inspect(SHOP).locations.find((l) => l.name === name);
      if (!location) throw new Error(`no location ${name}`);
      return location.id;
    },
    fulfillmentOrdersOf(payload) {
      return store.inspect(SHOP).fulfillmentOrders.filter((fo) => fo.orderId === payload.admin_graphql_api_id);
    },
    async sandboxOrders() {
      return ((await control("GET", "/__sandbox/orders")) as { orders: SandboxOrder[] }).orders;
    },
    control,
    async resetSandbox() {
      await control("POST", "/__sandbox/reset");
      await registerProducts();
    },
    async close() {
      await sandbox.close();
    },
  };
}

/**
 * One harness for the test file (started before, closed after), its fulfilments emptied and the
 * shop's fulfilment settings put back before each test; the getter reads the running harness.
 */
export function harnessPerFile(fulfillment: Record<string, unknown> = {}, stock: Record<string, unknown> = {}) {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());
  beforeEach(async () => {
    await clearFulfilments(harness!);
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment, stock } });
  });
  return () => harness!;
}

/** The (first) fulfilment order record of a Shopify order. */
export function recordOf(payload: { id: number }) {
  return prisma.fulfillment.findFirstOrThrow({
    where: { shop: SHOP, shopifyOrderId: String(payload.id) },
    orderBy: [{ createdAt: "asc" }, { fulfillmentOrderGid: "asc" }],
  });
}

/** Every fulfilment order record of a Shopify order, in the order of their fulfilment orders. */
export function recordsOf(payload: { id: number }) {
  return prisma.fulfillment.findMany({
    where: { shop: SHOP, shopifyOrderId: String(payload.id) },
    orderBy: [{ createdAt: "asc" }, { fulfillmentOrderGid: "asc" }],
  });
}

/** Maps every SKU of the store to its inventory item, as the catalogue module would, directly in the table. */
export async function seedCatalogVariants(h: Harness): Promise<void> {
  await seedCatalogueRows(h.store, SHOP);
}

/** Switches the stock sync on at the shop's first location, with the catalogue mapped; answers the location. */
export async function enableStockSync(h: Harness): Promise<string> {
  const locationId = h.store.inspect(SHOP).inventoryLevels[0]!.locationId;
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { stock: { enabled: true, locationId, intervalMinutes: 15 } },
  });
  await seedCatalogVariants(h);
  return locationId;
}

/** Clears what tests leave behind between cases: records, jobs, deliveries (not the shop). */
export async function clearFulfilments(h: Harness): Promise<void> {
  await prisma.job.deleteMany({});
  await prisma.fulfillment.deleteMany({});
  await prisma.shopifyOrder.deleteMany({});
  await prisma.webhookDelivery.deleteMany({});
  await prisma.unreadableWebhook.deleteMany({});
  await prisma.stockChange.deleteMany({});
  await prisma.catalogVariant.deleteMany({});
  await h.resetSandbox();
  // The warehouse forgets every order, so Shopify must not keep units committed to them either:
  // stock sync bounds what it offers by Shopify's committed units (issue 29, defect 1).
  for (const order of h.store.orders.list(SHOP)) h.store.orders.cancel(SHOP, order.id);
  h.faults.clear();
}
