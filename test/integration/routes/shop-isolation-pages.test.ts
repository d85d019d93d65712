// Isolation on the admin pages (issue 11): a session of one shop cannot read or change another
// shop's data on Catálogo (loader, sync, job retry), Configuración (loader and each action:
// connect, rates, operations, register), Privacidad (the list and the export download) and Inicio
// (loader, job retry). The victim shop has a connection, changed settings, a synced catalogue, a
// data-request export, quotes and a failed job; each test acts as the other shop and then checks
// that the victim's rows are exactly as they were and that nothing of the victim was answered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { action as catalogAction, loader as catalogLoader, type CatalogLoaderData } from "~/routes/app.catalog/route";
import { action as homeAction, loader as homeLoader } from "~/routes/app._index";
import { loader as privacyLoader } from "~/routes/app.privacy";
import { action as exportAction } from "~/routes/app.privacy.$id";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { API_KEY, startSandbox, type Sandbox } from "../rates/support/harness";
import { configureTestServices, resetTestRates, routeContext } from "../../helpers/app-services";

const VICTIM = TEST_SHOP;
const OTHER = "otra-tienda.myshopify.com";
let sandbox: Sandbox;
let store: SimulatedStore;
let victim: { exportId: string; jobId: string };

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await resetTestRates();
  await resetDatabase();
  store = createSimulatedStore();
  store.addShop({ domain: VICTIM });
  store.addShop({ domain: OTHER });
  const svc = sandboxConnection(sandbox.url);
  configureTestServices({ db: prisma, svc, adminFor: async (shop) => storeAdmin(store, shop) });
  for (const shop of [VICTIM, OTHER]) {
    await storeOfflineSession(prisma, shop);
    await prisma.shop.create({ data: { domain: shop } });
  }
  // The victim: connected, its own rules, a synced catalogue, an export, quotes, a failed job.
  await connectShop({ db: prisma, config: svc, shop: VICTIM, apiKey: API_KEY, environment: "qa" });
  await prisma.job.deleteMany({});
  await updateShopSettings({ db: prisma, shop: VICTIM, patch: { rates: { markupBasisPoints: 1250 } } });
  await prisma.catalogVariant.create({
    data: {
      shop: VICTIM,
      productId: "gid://shopify/Product/1",
      variantId: "gid://shopify/ProductVariant/1",
      sku: "SECRETO-1",
      title: "Producto secreto",
      status: "synced",
    },
  });
  await prisma.catalogSync.create({
    data: { shop: VICTIM, state: "completed", total: 1, done: 1, finishedAt: new Date() },
  });
  await prisma.quoteLog.create({
    data: { shop: VICTIM, durationMs: 12, cacheHit: false, outcome: "rates", services: ["EXPRESS"] },
  });
  const exported = await prisma.customerDataRequest.create({
    data: { shop: VICTIM, customerId: "42", ordersRequested: ["1001"], export: { orders: [{ name: "Ana López" }] } },
  });
  const job = await prisma.job.create({
    data: {
      queue: "catalog.product",
      key: `${VICTIM}:p1`,
      shop: VICTIM,
      state: "failed",
      attempts: 10,
      lastError: "boom",
      payload: { kind: "product", productId: "gid://shopify/Product/1" },
    },
  });
  const homeJob = await prisma.job.create({
    data: {
      queue: "orders.reconcile",
      key: VICTIM,
      shop: VICTIM,
      state: "queued",
      attempts: 0,
      lastError: "boom",
      runAt: new Date(Date.now() + 3_600_000),
    },
  });
  victim = { exportId: exported.id, jobId: job.id };
  homeJobId = homeJob.id;
});
let homeJobId: string;

/** Every row of the victim, to compare before and after the other shop acts. */
async function victimRows() {
  const [shop, variants, syncs, jobs, exports, quotes, sessions] = await Promise.all([
    prisma.shop.findUniqueOrThrow({ where: { domain: VICTIM } }),
    prisma.catalogVariant.findMany({ where: { shop: VICTIM }, orderBy: { id: "asc" } }),
    prisma.catalogSync.findMany({ where: { shop: VICTIM }, orderBy: { id: "asc" } }),
    prisma.job.findMany({ where: { shop: VICTIM }, orderBy: { id: "asc" } }),
    prisma.customerDataRequest.findMany({ where: { shop: VICTIM } }),
    prisma.quoteLog.count({ where: { shop: VICTIM } }),
    prisma.session.findMany({ where: { shop: VICTIM } }),
  ]);
  return { shop, variants, syncs, jobs, exports, quotes, sessions, carriers: store.inspect(VICTIM).carrierServices };
}

const as = (path: string, init?: RequestInit) => sessionTokenRequest(path, OTHER, init);
const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
/** The payload of an action's answer, whether a plain object or data(...). */
const payload = (answer: unknown) =>
  (answer && typeof answer === "object" && "data" in answer ? (answer as { data: unknown }).data : answer) as Record<
    string,
    unknown
  >;
const statusOf = (answer: unknown) =>
  answer && typeof answer === "object" && "init" in answer
    ? ((answer as { init: { status?: number } | null }).init?.status ?? 200)
    : 200;

async function unchanged<T>(act: () => Promise<T>): Promise<T> {
  const before = await victimRows();
  const answer = await act();
  expect(await victimRows()).toEqual(before);
  expect(JSON.stringify(answer ?? null)).not.toMatch(/SECRETO|secreto|Ana López|"12\.50"|boom/);
  return answer;
}

describe("the victim's own session (the control: the data is there to be leaked)", () => {
  it("sees its variants, sync, export, quotes and failed jobs on each page", async () => {
    const mine = (path: string) => sessionTokenRequest(path, VICTIM);
    const catalog = (await catalogLoader({
      request: await mine("/app/catalog"),
      params: {},
      context: routeContext(),
    })) as CatalogLoaderData;
    expect(catalog).toMatchObject({ connected: true, sync: { state: "completed" }, failedJobs: [{ kind: "product" }] });
    expect(catalog.variants).toHaveLength(1);
    const settings = await settingsLoader({
      request: await mine("/app/settings"),
      params: {},
      context: routeContext(),
    });
    expect(settings).toMatchObject({ connected: true, rates: { markupPercent: "12.50" } });
    expect(
      (await privacyLoader({ request: await mine("/app/privacy"), params: {}, context: routeContext() })).requests,
    ).toHaveLength(1);
    const home = await homeLoader({ request: await mine("/app"), params: {}, context: routeContext() });
    expect(home).toMatchObject({
      connected: true,
      variantsSynced: 1,
      quotesLastDay: { total: 1 },
      failedJobs: [{ kind: "reconcile" }],
    });
  });
});

describe("Catálogo as another shop", () => {
  it("GET /app/catalog shows none of the victim's variants, syncs or failed jobs", async () => {
    const page = await unchanged(async () =>
      catalogLoader({ request: await as("/app/catalog"), params: {}, context: routeContext() }),
    );
    expect(page).toMatchObject({ connected: false, sync: null, failedJobs: [], variants: [] });
  });

  it("POST /app/catalog intent=sync starts nothing for the victim", async () => {
    await unchanged(async () =>
      catalogAction({
        request: await as("/app/catalog", form({ intent: "sync" })),
        params: {},
        context: routeContext(),
      }),
    );
  });

  it("POST /app/catalog intent=job-retry with the victim's job id is a 404 and changes nothing", async () => {
    const answer = await unchanged(async () =>
      catalogAction({
        request: await as("/app/catalog", form({ intent: "job-retry", id: victim.jobId })),
        params: {},
        context: routeContext(),
      }),
    );
    expect(statusOf(answer)).toBe(404);
  });
});

describe("Configuración as another shop", () => {
  it("GET /app/settings shows the other shop's own state, not the victim's connection or rules", async () => {
    const page = await unchanged(async () =>
      settingsLoader({ request: await as("/app/settings"), params: {}, context: routeContext() }),
    );
    expect(page).toMatchObject({ connected: false, rates: { markupPercent: "0.00" } });
  });

  it.each([
    ["connect", { intent: "connect", apiKey: API_KEY, environment: "qa" }],
    ["rates", { intent: "rates", markupPercent: "99.00" }],
    [
      "operations",
      {
        intent: "operations",
        defaultService: "EXPRESS",
        skipTestOrders: "false",
        notifyCustomer: "true",
        stockEnabled: "false",
        stockLocationId: "",
        stockIntervalMinutes: "15",
      },
    ],
    ["register", { intent: "register" }],
  ])("POST /app/settings intent=%s changes only the other shop", async (intent, fields) => {
    const before = await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER } });
    // The form as the page renders it for the other shop (the rules' values, and when the page
    // was read), with the change.
    const page = await settingsLoader({ request: await as("/app/settings"), params: {}, context: routeContext() });
    const readAt = {
      version: String(page.version),
      basis: JSON.stringify(intent === "operations" ? page.operations : page.rates),
    };
    const rates = intent === "rates" ? { ...page.rates, ...readAt } : intent === "operations" ? readAt : {};
    const answer = await unchanged(async () =>
      settingsAction({
        request: await as("/app/settings", form({ ...rates, ...fields })),
        params: {},
        context: routeContext(),
      }),
    );
    expect(answer.data).toMatchObject({ intent, ok: true });
    // It did act, on the other shop.
    const after = await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER } });
    expect(after).not.toEqual(before);
  });
});

describe("Privacidad as another shop", () => {
  it("GET /app/privacy lists none of the victim's data requests", async () => {
    const page = await unchanged(async () =>
      privacyLoader({ request: await as("/app/privacy"), params: {}, context: routeContext() }),
    );
    expect(page.requests).toEqual([]);
  });

  it("POST /app/privacy/:id of the victim's export is a 404 and is not recorded as downloaded", async () => {
    const response = await unchanged(async () =>
      exportAction({
        request: await as(`/app/privacy/${victim.exportId}`, { method: "POST" }),
        params: { id: victim.exportId },
        context: routeContext(),
      }),
    );
    expect((response as Response).status).toBe(404);
    expect(await (response as Response).text()).not.toContain("Ana");
  });
});

describe("Inicio as another shop", () => {
  it("GET /app counts none of the victim's variants or quotes and lists none of its failed jobs", async () => {
    const page = await unchanged(async () =>
      homeLoader({ request: await as("/app"), params: {}, context: routeContext() }),
    );
    expect(page).toMatchObject({ connected: false, variantsSynced: 0, failedJobs: [], quotesLastDay: { total: 0 } });
  });

  it("POST /app intent=job-retry with the victim's job id is a 404 and changes nothing", async () => {
    const answer = await unchanged(async () =>
      homeAction({
        request: await as("/app", form({ intent: "job-retry", id: homeJobId })),
        params: {},
        context: routeContext(),
      }),
    );
    expect(statusOf(answer)).toBe(404);
    expect(payload(answer)).toMatchObject({ ok: false });
  });
});
