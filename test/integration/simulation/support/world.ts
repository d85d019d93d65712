/**
 * The simulated world of the pipeline simulation (docs/reliability.md): the app's real webhook
 * routes and job handlers on the test's PostgreSQL, two worker "processes" (two Prisma pools),
 * the service sandbox over real HTTP and a fresh simulated store per run, also over real HTTP.
 * Nothing of the app is replaced: the world only owns what lies outside it — the network (which
 * webhooks arrive, when, how often; which Admin or service call fails before or after taking
 * effect, or never answers), the clock, the merchant and the warehouse.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pino from "pino";
import prisma from "../../../helpers/prisma";
import { seedCatalogueRows } from "../../../helpers/catalogue-rows";
import { configureTestServices, routeContext } from "../../../helpers/app-services";
import { sandboxConnection } from "../../../helpers/app-context";
import { TEST_API_SECRET, TEST_APP_URL, TEST_SHOP } from "../../../helpers/shopify-requests";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { readWarehouse } from "~/warehouse/warehouse-read.server";
import { flowJobHandlers } from "~/flow/trigger-jobs.server";
import { FLOW_TRIGGERS } from "~/flow/triggers";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server";
import { ensureReconciliation } from "~/fulfillment/jobs/reconcile.server";
import { ensureStockSchedule, requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createSvcClientResolver } from "~/shop/svc-connection.server";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
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
import { action as flowSendOrder } from "~/routes/flow.actions.send-order";
import { action as serviceNotification } from "~/routes/fulfillment-service.fulfillment_order_notification";
import { registerFulfillmentService, requestAssignedRead } from "~/fulfillment/shopify/fulfillment-service.server";
import { storeOfflineSession } from "../../../helpers/sessions";
import { FLOW_ACTIONS } from "~/flow/actions.server";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { startServiceSandbox, type ServiceSandbox } from "../../../../sandbox/service/server";
import { createSimulatedStore, type ListeningStore, type SimulatedStore } from "../../../../sandbox/store";

export const SHOP = TEST_SHOP;
export const API_KEY = "sk_simulation";
export const MINUTE = 60_000;
export const LEASE_MS = 60_000;
export const WAREHOUSE = "Bodega Tlalnepantla";
export const SHOPFRONT = "Tienda Centro";
/** The warehouse as the shop's fulfilment service (fulfilment-service mode): its own location. */
export const SERVICE_NAME = "Envíos svc";
/** Shopify's notification to the fulfilment service's callback, held by the network like a webhook. */
export const NOTIFICATION = "fulfillment_order_notification";
export const SKUS = ["TAZA-AZ", "PLATO-GR", "CAFE-500"] as const;
export type Sku = (typeof SKUS)[number];
const silent = pino({ level: "silent" });

type RouteAction = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>;
const ROUTES: Record<string, RouteAction> = {
  "orders/paid": ordersPaid as RouteAction,
  "orders/cancelled": ordersCancelled as RouteAction,
  "orders/edited": ordersEdited as RouteAction,
  "orders/updated": ordersUpdated as RouteAction,
  "fulfillment_orders/placed_on_hold": placedOnHold as RouteAction,
  "fulfillment_orders/hold_released": holdReleased as RouteAction,
  "fulfillment_orders/split": split as RouteAction,
  "fulfillment_orders/merged": merged as RouteAction,
  "fulfillment_orders/moved": moved as RouteAction,
  "fulfillment_orders/order_routing_complete": routingComplete as RouteAction,
  [NOTIFICATION]: serviceNotification as RouteAction,
};

/** A signed webhook the store sent and the network holds: delivered later, twice, out of order or never. */
export interface InFlightWebhook {
  seq: number;
  topic: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** A webhook the app's route answered 200: the app has been told. */
export interface AcceptedWebhook {
  topic: string;
  body: Record<string, unknown>;
  /** Sandbox orders of the webhook's order (by name) at the moment the app was told. */
  at: number;
}

/**
 * What the network does to the app's next calls: the `nth` (0-based) mutating call to `target`
 * in this step fails before it reaches the other side (`before`), reaches it and loses its answer
 * (`after`), or reaches it and never answers — the worker is dead from then on (`hang`).
 */
export interface Fault {
  /** `admin-read`: Admin queries (a job that read Shopify and is about to act on what it read). */
  target: "svc" | "admin" | "admin-read";
  nth: number;
  mode: "before" | "after" | "hang" | "pause";
}

export class LostAnswer extends Error {
  constructor(what: string) {
    super(`simulated timeout: ${what} took effect, its answer was lost`);
    this.name = "TimeoutError";
  }
}

/** An order the merchant's shop sold in this run, and what the world knows of it. */
export interface SimOrder {
  id: number;
  gid: string;
  name: string;
  /** The most units of each SKU the order ever had, across all its lines (edits lower or raise it). */
  maxUnits: Map<string, number>;
  /** The units of each SKU the order has now, across all its lines. */
  units: Map<string, number>;
  badAddress: boolean;
  /** Split, merged or moved in Shopify: the order-level hold check no longer applies. */
  reshaped: boolean;
}

export interface SandboxOrder {
  id: string;
  status: string;
  request: { productos: { identificador: string; cantidad: number }[]; tienda_orden_ref: string };
}

export class World {
  store!: SimulatedStore;
  listening!: ListeningStore;
  readonly otherProcess: PrismaClient;
  clockMs = new Date("2026-11-20T16:00:00Z").getTime();
  outbox: InFlightWebhook[] = [];
  accepted: AcceptedWebhook[] = [];
  orders: SimOrder[] = [];
  /** Orders held by the merchant in Shopify whose hold the app was told about (gid → sandbox orders then). */
  heldKnown = new Map<string, number>();
  /** Units the warehouse packed for a sandbox order that it had been told to pack (short shipments). */
  packed = new Map<string, Map<string, number>>();
  fault: Fault | null = null;
  private faultCalls = { svc: 0, admin: 0, "admin-read": 0 };
  /**
   * The worker whose call a fault hits, told through the call's asynchronous context (two workers
   * run at once in `Work(both)`: a single slot would tell the other one, and the frozen worker's
   * step would wait forever). `onHang`: a `hang` froze it after its call reached the other side.
   * `onPause`: a `pause` stopped it after its call, with what resumes it — the change that happens
   * meanwhile runs in the caller of `work`, outside the job's context (a webhook reaches the app as
   * another request: run inside the job, the queue would take its enqueue for the job's own).
   */
  private readonly step = new AsyncLocalStorage<{ onHang(): void; onPause(resume: () => void): void }>();
  /** Workers frozen mid-job and their frozen calls' releases (they wake at the end of the run). */
  private zombies: { worker: JobWorker; run: Promise<unknown> }[] = [];
  private wakeZombies: (() => void)[] = [];
  /** Fulfilment-service mode: the warehouse is the shop's fulfilment service, at its own location. */
  serviceMode = false;
  /**
   * Fulfilment orders whose cancellation request Shopify was told is accepted, with the sandbox
   * orders of their order's name at that moment (fulfilment-service mode).
   */
  cancellationsAccepted = new Map<string, { order: string; at: number }>();
  /** Flow action runs Flow will deliver again (a delivery that died or was answered 5xx). */
  flowRetries: { actionRunId: string; orderId: number }[] = [];
  seq = 0;
  /** Webhooks the network lost this run (only reconciliation can tell the app of them). */
  lost = 0;
  log: string[] = [];

  private constructor(
    readonly sandbox: ServiceSandbox,
    readonly client: SvcClient,
    private readonly controlClient: SvcClient,
    /** Whether the shop is connected (the app's resolver, `createSvcClientResolver`). */
    private readonly connected: (shop: string) => Promise<SvcClient | null>,
  ) {
    this.otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  }

  static async start(): Promise<World> {
    const sandbox = await startServiceSandbox({ port: 0, apiKeys: [API_KEY], initialStock: 5, latencyMs: 0 });
    // The world is built after the clients that reach the network through it.
    const ref: { world?: World } = {};
    const networkFetch: typeof fetch = (input, init) => ref.world!.svcFetch(input, init);
    const svcConfig = sandboxConnection(sandbox.url, { fetch: networkFetch });
    const noWait = async () => {};
    const client = createSvcClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      tokenCache: new SvcTokenCache(),
      timeoutMs: 10_000,
      fetch: networkFetch,
      sleep: noWait,
      now: () => ref.world!.clockMs,
    });
    const controlClient = createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });
    const connected = createSvcClientResolver(prisma, svcConfig);
    const world = new World(sandbox, client, controlClient, connected);
    ref.world = world;
    const svcClientFor = world.svcClientFor;
    configureTestServices({
      svc: svcConfig,
      svcClientFor,
      adminFor: (shop) => ref.world!.adminFor(shop),
      now: () => ref.world!.now(),
      logger: silent,
    });
    await prisma.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
    await connectShop({ db: prisma, config: svcConfig, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    // The shop's offline session: the fulfilment service's callback finds the shop by it.
    await storeOfflineSession(prisma);
    return world;
  }

  now = (): Date => new Date(this.clockMs);

  /**
   * The jobs' service client: the world's (its network, its clock) while the shop is connected, as
   * the app's resolver reads it (one prepared statement, as the composition root's does; a Prisma
   * query here cost a query compilation on every job).
   */
  svcClientFor = async (shop: string): Promise<SvcClient | null> => ((await this.connected(shop)) ? this.client : null);

  adminFor = async (shop: string): Promise<AdminGraphql> =>
    simulatedStoreAdminGraphql({
      baseUrl: this.listening.url,
      shop,
      apiVersion: "2026-10",
      tokens: { accessToken: this.store.accessToken(shop) },
      fetch: (input, init) => this.adminFetch(input, init),
    });

  /** The service's side of the network: the fault plan applies to every call but authentication and reads. */
  private async svcFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const url = String(input instanceof Request ? input.url : input);
    const mutating = (init?.method ?? "GET") !== "GET" && !url.includes("/auth");
    return this.throughFault("svc", mutating, `service ${init?.method} ${new URL(url).pathname}`, () =>
      fetch(input, init),
    );
  }

  private async adminFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const query = typeof init?.body === "string" ? ((JSON.parse(init.body) as { query?: string }).query ?? "") : "";
    // The operation's keyword, after any comment lines (documents start with `#graphql`).
    const mutating = /^\s*mutation\b/.test(query.replace(/^\s*#.*$/gm, ""));
    const name = /(?:mutation|query)\s+(\w+)/.exec(query)?.[1] ?? (mutating ? "mutation" : "query");
    // Mutations and reads are counted apart: a fault on reads never shifts the count of writes.
    return this.throughFault(mutating ? "admin" : "admin-read", true, `Admin ${name}`, async () => {
      const response = await fetch(input, init);
      if (mutating && this.serviceMode) await this.noteCancellationsAccepted();
      return response;
    });
  }

  /** Shopify has just been told a cancellation request is accepted: what the warehouse had then. */
  private async noteCancellationsAccepted(): Promise<void> {
    const shop = this.store.inspect(SHOP);
    const fresh = shop.fulfillmentOrders.filter(
      (fo) => fo.requestStatus === "CANCELLATION_ACCEPTED" && !this.cancellationsAccepted.has(fo.id),
    );
    if (fresh.length === 0) return;
    const sandbox = await this.sandboxOrders();
    for (const fo of fresh) {
      const order = this.orders.find((o) => o.gid === fo.orderId);
      if (!order) continue;
      const at = sandbox.filter((s) => s.request.tienda_orden_ref === order.name).length;
      this.cancellationsAccepted.set(fo.id, { order: order.name, at });
    }
  }

  private async throughFault(
    target: Fault["target"],
    counts: boolean,
    what: string,
    call: () => Promise<Response>,
  ): Promise<Response> {
    const fault = this.fault;
    const step = this.step.getStore();
    if (!counts || !fault || fault.target !== target || !step) return call();
    const n = this.faultCalls[target]++;
    if (n !== fault.nth) return call();
    this.fault = null;
    this.log.push(`  fault ${fault.mode} on ${what}`);
    if (fault.mode === "before") {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" }),
      });
    }
    const response = await call();
    const body = await response.arrayBuffer();
    if (fault.mode === "after") throw new LostAnswer(what);
    if (fault.mode === "pause") {
      await new Promise<void>((resume) => step.onPause(resume));
      return new Response(body, { status: response.status, headers: response.headers });
    }
    // hang: the call took effect; this worker never hears of it, and is dead from now on.
    step.onHang();
    await new Promise<void>((_, reject) => this.wakeZombies.push(() => reject(new LostAnswer(what))));
    throw new LostAnswer(what);
  }

  /** A fresh store for the run (new ids, nothing left from earlier runs), over HTTP. */
  async resetRun(opts: { holdBackMinutes: number; stock: Record<Sku, number>; serviceMode?: boolean }): Promise<void> {
    await this.finishZombies();
    if (this.listening) await this.listening.close();
    this.clockMs += 24 * 60 * MINUTE;
    await this.controlPost("/__sandbox/clock", { advanceMs: 24 * 60 * MINUTE });
    this.store = createSimulatedStore({ now: () => this.clockMs });
    this.store.addShop({ domain: SHOP, locations: [{ name: WAREHOUSE }, { name: SHOPFRONT }] });
    this.store.control.setApp(SHOP, {
      secret: TEST_API_SECRET,
      appUrl: TEST_APP_URL,
      webhooks: Object.keys(ROUTES).map((topic) => ({ topic, uri: `/webhooks/${topic}` })),
      // The network: every webhook Shopify sends (and every notification to the fulfilment
      // service's callback) waits here until the simulation delivers it.
      fetch: async (url, init) => {
        const headers = [...new Headers(init?.headers).entries()];
        const topic = String(url).endsWith(`/${NOTIFICATION}`)
          ? NOTIFICATION
          : (new Headers(init?.headers).get("x-shopify-topic") ?? "");
        this.outbox.push({ seq: this.seq++, topic, url: String(url), headers, body: String(init?.body) });
        return new Response(null, { status: 200 });
      },
    });
    this.listening = await this.store.listen(0);
    this.outbox = [];
    this.accepted = [];
    this.orders = [];
    this.heldKnown.clear();
    this.packed.clear();
    this.flowRetries = [];
    this.fault = null;
    this.lost = 0;
    this.log = [];
    this.serviceMode = opts.serviceMode ?? false;
    this.cancellationsAccepted.clear();
    if (this.serviceMode) {
      // The warehouse registered as the shop's fulfilment service (its location, its callback).
      await registerFulfillmentService(
        { db: prisma, adminFor: this.adminFor },
        { shop: SHOP, appUrl: TEST_APP_URL, name: SERVICE_NAME },
      );
    }
    for (const sku of SKUS) {
      this.store.products.create(SHOP, {
        title: sku,
        variants: [{ sku, price: "249.00", weight: { unit: "GRAMS", value: 450 }, inventory: 50 }],
      });
    }

    // Row by row, not TRUNCATE: on these few rows a TRUNCATE of the ten tables (new files for each
    // table and index, synced at commit) took 34 ms a run against 4 ms for the ten deleteMany.
    for (const table of [
      prisma.job,
      prisma.fulfillmentEvent,
      prisma.fulfillment,
      prisma.shopifyOrder,
      prisma.webhookDelivery,
      prisma.unreadableWebhook,
      prisma.stockChange,
      prisma.catalogVariant,
      prisma.flowActionRun,
      prisma.orderStop,
    ] as unknown as { deleteMany(args: object): Promise<unknown> }[]) {
      await table.deleteMany({});
    }
    await prisma.shop.update({
      where: { domain: SHOP },
      data: { ordersWatermark: this.now(), ordersReconciledAt: null },
    });
    // Workflows use every trigger (as for a shop installed before ADR 037): the trigger jobs still
    // interleave with the order's, as they did before triggers were sent only while in use.
    await prisma.flowTriggerUse.deleteMany({ where: { shop: SHOP } });
    await prisma.flowTriggerUse.createMany({
      data: Object.values(FLOW_TRIGGERS).map((trigger) => ({ shop: SHOP, trigger, enabled: true, at: null })),
    });
    await this.controlPost("/__sandbox/reset");
    await this.client.createProducts({
      productos: SKUS.map((sku) => ({
        sku,
        upc: "",
        nombre: sku,
        dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
      })),
    });
    for (const sku of SKUS) await this.controlPost("/__sandbox/stock", { sku, units: opts.stock[sku] });
    const warehouse = this.locationId(WAREHOUSE);
    await seedCatalogueRows(this.store, SHOP);
    await updateShopSettings({
      db: prisma,
      shop: SHOP,
      patch: {
        fulfillment: {
          holdBackMinutes: opts.holdBackMinutes,
          locationIds: [],
          mode: this.serviceMode ? "fulfillment_service" : "merchant_managed",
        },
        stock: { enabled: true, locationId: warehouse, intervalMinutes: 15 },
      },
    });
    // The shop's schedules as a connected shop has them: reconciliation and the stock sync.
    await ensureReconciliation(prisma, { shop: SHOP, now: this.now() });
    await ensureStockSchedule(prisma, { shop: SHOP, now: this.now() });
    // In fulfilment-service mode, the reading of the requests assigned to the warehouse, as choosing
    // the mode starts it (a poll: the callback's notifications can be lost; seed 1860002517).
    if (this.serviceMode) await requestAssignedRead(prisma, { shop: SHOP, now: this.now() });
    // The app has been running: Shopify starts from the warehouse's figures.
    await requestStockSync(prisma, { shop: SHOP, runAt: this.now(), onDemand: true });
    await this.work("A");
  }

  /** The warehouse's location in Shopify: its own as the fulfilment service, else the shop's. */
  warehouseId(): string {
    return this.locationId(this.serviceMode ? SERVICE_NAME : WAREHOUSE);
  }

  locationId(name: string): string {
    const location = this.store.inspect(SHOP).locations.find((l) => l.name === name);
    if (!location) throw new Error(`no location ${name}`);
    return location.id;
  }

  /**
   * The queues the simulated processes serve (the pipeline's): nothing-stuck looks at these. Other
   * features' jobs the pipeline raises (the readiness check an order reaching the warehouse owes)
   * belong to workers the simulation does not run.
   */
  servedQueues: string[] = [];

  /** A worker of process A (this file's pool) or B (its own pool). */
  worker(process: "A" | "B", concurrency = 1): JobWorker {
    const db = process === "A" ? prisma : this.otherProcess;
    const deps = { db, logger: silent, now: this.now, svcClientFor: this.svcClientFor, adminFor: this.adminFor };
    // The order and stock queues and the Flow triggers they raise, as the app's worker serves them.
    const handlers = {
      ...fulfillmentJobHandlers({
        ...deps,
        db,
        // As the composition root wires it: Almacén's read follows each sync, and orders waiting
        // for stock are released from what that read stored.
        afterStockSync: (shop, synced) => readWarehouse(deps, shop, synced),
      }),
      ...flowJobHandlers({ ...deps, db }),
    };
    this.servedQueues = Object.keys(handlers);
    return createJobWorker({
      db,
      handlers,
      logger: silent,
      now: this.now,
      leaseMs: LEASE_MS,
      owner: `${process}-${this.seq++}`,
      concurrency,
    });
  }

  /** Runs a worker once under `fault`; a `hang` leaves the worker frozen (a dead process) and returns. */
  async work(process: "A" | "B", fault: Fault | null = null, meanwhile?: () => Promise<void>): Promise<number> {
    // A fault stays armed until its call comes (in this step or a later one); quiescence disarms it.
    if (fault) {
      this.fault = fault;
      this.faultCalls = { svc: 0, admin: 0, "admin-read": 0 };
    }
    let paused = false;
    let onPause!: (resume: () => void) => void;
    const pause = new Promise<() => void>((resolve) => (onPause = resolve));
    this.faultCalls = { svc: 0, admin: 0, "admin-read": 0 };
    const worker = this.worker(process);
    let hung = false;
    let onHang!: () => void;
    const frozen = new Promise<void>((resolve) => {
      onHang = () => {
        hung = true;
        resolve();
      };
    });
    const run = this.step.run({ onHang, onPause }, () => worker.runOnce());
    let ran = await Promise.race([run, frozen.then(() => -1), pause]);
    if (typeof ran === "function") {
      // The worker is stopped after its call took effect: the change happens here, in the
      // simulation's own context (as a webhook reaches another request), then the worker resumes.
      paused = true;
      await meanwhile?.();
      ran();
      ran = await Promise.race([run, frozen.then(() => -1)]);
    }
    if (this.fault?.mode === "pause") this.fault = null;
    // Nothing was paused (no such call in this step): the change happens after the worker.
    if (meanwhile && !paused && !hung) await meanwhile();
    if (hung) {
      this.zombies.push({ worker, run: run.catch(() => undefined) });
      await worker.stop();
      return 0;
    }
    await this.store.control.webhooksIdle();
    return ran as number;
  }

  /** Frozen workers wake (their calls fail) once the run is over, as a paused process resumes. */
  async finishZombies(): Promise<void> {
    for (const wake of this.wakeZombies.splice(0)) wake();
    for (const zombie of this.zombies.splice(0)) await zombie.run;
  }

  async advance(ms: number): Promise<void> {
    this.clockMs += ms;
    await this.controlPost("/__sandbox/clock", { advanceMs: ms });
  }

  /** Delivers a held webhook to the app's route (it stays held when `again`: a duplicate follows). */
  async deliver(index: number, again = false): Promise<void> {
    if (this.outbox.length === 0) return;
    const i = index % this.outbox.length;
    const hook = this.outbox[i]!;
    if (!again) this.outbox.splice(i, 1);
    const route = ROUTES[hook.topic];
    if (!route) return;
    const response = await route({
      request: new Request(hook.url, { method: "POST", headers: hook.headers, body: hook.body }),
      params: {},
      context: routeContext(),
    });
    await response.arrayBuffer().catch(() => undefined);
    this.log.push(`  delivered ${hook.topic}#${hook.seq} → ${response.status}`);
    if (response.status !== 200) return;
    const body = JSON.parse(hook.body) as Record<string, unknown>;
    const sandbox = await this.sandboxOrders();
    const name = typeof body.name === "string" ? body.name : null;
    this.accepted.push({
      topic: hook.topic,
      body,
      at: sandbox.filter((s) => s.request.tienda_orden_ref === name).length,
    });
    this.noteHold(hook.topic, body, sandbox);
  }

  /** A merchant's hold the app was told about while Shopify still shows it. */
  private noteHold(topic: string, body: Record<string, unknown>, sandbox: SandboxOrder[]): void {
    if (topic !== "fulfillment_orders/placed_on_hold") return;
    const fo = (body.fulfillment_order ?? {}) as { id?: string };
    const orderGid = this.store.inspect(SHOP).fulfillmentOrders.find((f) => f.id === fo.id)?.orderId;
    const order = this.orders.find((o) => o.gid === orderGid);
    if (!order || order.reshaped) return;
    const state = this.store.control.order(SHOP, order.gid).fulfillmentOrders.find((f) => f.id === fo.id);
    if (!state || state.status !== "ON_HOLD") return;
    if (!state.holds.some((h) => (h as { heldByApp?: boolean }).heldByApp === false)) return;
    this.heldKnown.set(order.gid, sandbox.filter((s) => s.request.tienda_orden_ref === order.name).length);
  }

  /**
   * Shopify Flow delivers its "Send order to warehouse" action run for an order, signed, to the
   * app's route. `crash`: the app's process dies during the request, after the run was taken and
   * before the work finished (it never answers; the request never resumes); Flow times out and
   * delivers the run again later, as it does after a 5xx, until it gets an answer.
   */
  async flowAction(actionRunId: string, orderId: number, crash: boolean): Promise<number | null> {
    const raw = JSON.stringify({
      shop_id: 1,
      shopify_domain: SHOP,
      action_run_id: actionRunId,
      handle: FLOW_ACTIONS.sendOrder,
      properties: { order_id: orderId },
    });
    const request = new Request(`${TEST_APP_URL}/flow/actions/send-order`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-hmac-sha256": getHmac(raw, TEST_API_SECRET) },
      body: raw,
    });
    const context = routeContext();
    if (crash) {
      let reached!: () => void;
      const died = new Promise<null>((resolve) => (reached = () => resolve(null)));
      // The work's first step beyond the run's row: the process stops there for good.
      const services = {
        ...context.services,
        svcClientFor: () => {
          reached();
          return new Promise<never>(() => {});
        },
      };
      void (flowSendOrder as RouteAction)({ request, params: {}, context: { ...context, services } });
      await died;
      this.flowRetries.push({ actionRunId, orderId });
      this.log.push(`  Flow run ${actionRunId}: the app died during the request`);
      return null;
    }
    const response = await (flowSendOrder as RouteAction)({ request, params: {}, context });
    await response.arrayBuffer().catch(() => undefined);
    this.log.push(`  Flow run ${actionRunId} → ${response.status}`);
    if (response.status >= 500) this.flowRetries.push({ actionRunId, orderId });
    return response.status;
  }

  /** Flow delivers again every run that has no answer yet. */
  async retryFlowRuns(): Promise<void> {
    for (const run of this.flowRetries.splice(0)) await this.flowAction(run.actionRunId, run.orderId, false);
  }

  lose(index: number): void {
    if (this.outbox.length === 0) return;
    this.lost += 1;
    const [hook] = this.outbox.splice(index % this.outbox.length, 1);
    this.log.push(`  lost ${hook!.topic}#${hook!.seq}`);
  }

  /**
   * The warehouse's orders as `GET /__sandbox/orders` answers them, read in-process: an
   * observation of the world, not a call of the app's (those go over HTTP); over HTTP it was a
   * third of a run's requests.
   */
  async sandboxOrders(): Promise<SandboxOrder[]> {
    return this.sandbox.inspect(API_KEY).orders as SandboxOrder[];
  }

  /** The warehouse's units per SKU (`GET /__sandbox/products`), read in-process. */
  async sandboxStock(): Promise<Map<string, number>> {
    return new Map(this.sandbox.inspect(API_KEY).products.map((p) => [p.sku, p.disponibles]));
  }

  async controlPost(path: string, body?: unknown): Promise<unknown> {
    return this.control("POST", path, body);
  }

  private async control(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const send = async (fresh: boolean) => {
      const { accessToken } = await this.controlClient.auth({ fresh });
      return fetch(`${this.sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    let response = await send(false);
    if (response.status === 401) response = await send(true);
    const json = await response.json();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  async close(): Promise<void> {
    await this.finishZombies();
    await this.listening?.close();
    await this.sandbox.close();
    await this.otherProcess.$disconnect();
  }
}
