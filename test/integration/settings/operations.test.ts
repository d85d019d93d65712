// The orders-and-stock part of /app/settings, and the catalogue sync a first connection starts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { es } from "~/i18n/messages.es";
import { getShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.settings/route";
import { startServiceSandbox } from "../../../sandbox/service/server";
import { createSimulatedStore } from "../../../sandbox/store";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { configureTestServices, resetTestRates, routeContext } from "../../helpers/app-services";

const API_KEY = "sk_operations";
let sandbox: Awaited<ReturnType<typeof startServiceSandbox>>;
const now = new Date("2026-11-23T16:00:00Z");
let store: ReturnType<typeof createSimulatedStore>;

beforeAll(async () => {
  sandbox = await startServiceSandbox({ port: 0, apiKeys: [API_KEY] });
});
afterAll(async () => {
  await resetTestRates();
  await sandbox.close();
});

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  await prisma.shop.create({ data: { domain: TEST_SHOP } });
  store = createSimulatedStore();
  store.addShop({ domain: TEST_SHOP });
  configureTestServices({
    db: prisma,
    now: () => now,
    svc: sandboxConnection(sandbox.url),
    adminFor: async () => storeAdmin(store, TEST_SHOP),
  });
});

/** The hidden fields the page's form carries: the settings version and values it was read at. */
async function readAt(): Promise<Record<string, string>> {
  const page = await loader({ request: await sessionTokenRequest("/app/settings"), params: {}, context: routeContext() });
  return { version: String(page.version), basis: JSON.stringify(page.operations) };
}

/** Posts the orders-and-stock form as the page does: read just before, unless `fields` say when. */
async function submit(fields: Record<string, string>, extra: [string, string][] = []) {
  const body = new URLSearchParams({ ...(fields.intent === "operations" ? await readAt() : {}), ...fields });
  for (const [name, value] of extra) body.append(name, value);
  const request = await sessionTokenRequest("/app/settings", TEST_SHOP, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  // The answer's body; its status is 400 when the form was refused.
  return (await action({ request, params: {}, context: routeContext() })).data;
}

const validOperations = {
  intent: "operations",
  defaultService: "EXPRESS",
  skipTestOrders: "false",
  notifyCustomer: "true",
  stockEnabled: "false",
  stockLocationId: "",
  stockIntervalMinutes: "15",
};

describe("/app/settings — orders and stock", () => {
  it("shows the defaults and the shop's locations to choose the warehouse from", async () => {
    const page = await loader({
      request: await sessionTokenRequest("/app/settings"),
      params: {},
      context: routeContext(),
    });
    expect(page.operations).toEqual({
      defaultService: "NACIONAL",
      skipTestOrders: true,
      notifyCustomer: true,
      stockEnabled: false,
      stockLocationId: "",
      stockIntervalMinutes: "15",
      mode: "merchant_managed",
      locationIds: [],
      holdBackMinutes: "0",
      importDays: "0",
    });
    expect(page.locations.length).toBeGreaterThan(0);
    expect(page.locations[0]!.id).toMatch(/^gid:\/\/shopify\/Location\//);
  });

  it("saves the settings, and switching stock on schedules its first sync", async () => {
    const page = await loader({
      request: await sessionTokenRequest("/app/settings"),
      params: {},
      context: routeContext(),
    });
    const location = page.locations[0]!.id;
    const result = await submit(
      {
        ...validOperations,
        stockEnabled: "true",
        stockLocationId: location,
        stockIntervalMinutes: "30",
        holdBackMinutes: "30",
        importDays: "3",
      },
      [["locationIds", location]],
    );
    expect(result).toMatchObject({ intent: "operations", ok: true });
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect(settings.fulfillment).toEqual({
      defaultService: "EXPRESS",
      skipTestOrders: false,
      notifyCustomer: true,
      mode: "merchant_managed",
      locationIds: [location],
      holdBackMinutes: 30,
      importDays: 3,
      reconcileMinutes: 30,
    });
    expect(settings.stock).toEqual({ enabled: true, locationId: location, intervalMinutes: 30 });
    expect(
      await prisma.job.findMany({
        where: { queue: "stock.sync", shop: TEST_SHOP },
        select: { state: true, runAt: true },
      }),
    ).toEqual([{ state: "queued", runAt: now }]);
  });

  it("registers the warehouse as a fulfilment service when that mode is chosen, and removes it when it is left", async () => {
    expect(await submit({ ...validOperations, mode: "fulfillment_service" })).toMatchObject({ ok: true });
    const [service] = store.inspect(TEST_SHOP).fulfillmentServices;
    expect(service).toMatchObject({ callbackUrl: "https://svc-app.example.test/fulfillment-service" });
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).toMatchObject({
      fsServiceId: service!.id,
    });
    expect(await prisma.job.findMany({ where: { queue: "fulfillment.requests" }, select: { state: true } })).toEqual([
      { state: "queued" },
    ]);
    expect(await submit({ ...validOperations, mode: "merchant_managed" })).toMatchObject({ ok: true });
    expect(store.inspect(TEST_SHOP).fulfillmentServices).toHaveLength(0);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).fsServiceId).toBeNull();
  });

  it("says in words, not Shopify's text, that Shopify refused the switch to the fulfilment service", async () => {
    store.failNext(TEST_SHOP, "throttled", 10);
    const result = await submit({ ...validOperations, mode: "fulfillment_service" });
    expect(result).toMatchObject({
      intent: "operations",
      ok: false,
      errors: { mode: es.settings.errors.modeRefused.replace("{reason}", es.shopifyProblems.throttled) },
    });
    expect(JSON.stringify(result)).not.toMatch(/THROTTLED|Throttled|Error\b/);
    expect(store.inspect(TEST_SHOP).fulfillmentServices).toHaveLength(0);
  });

  it("names each wrong field and saves nothing", async () => {
    const result = await submit(
      {
        ...validOperations,
        defaultService: "LENTO",
        stockEnabled: "true",
        stockIntervalMinutes: "2",
        holdBackMinutes: "media hora",
        importDays: "90",
        mode: "dropshipping",
      },
      [["locationIds", "Bodega"]],
    );
    expect(result).toMatchObject({
      intent: "operations",
      ok: false,
      errors: {
        defaultService: "Elige uno de: Nacional, Express, Programado.",
        stockLocationId: expect.any(String),
        stockIntervalMinutes: "Escribe un valor entre 5 minutos y 1,440 minutos.",
        holdBackMinutes: "Escribe solo cifras, p. ej. 30.",
        importDays: "Escribe un valor entre 0 días y 60 días.",
        mode: expect.any(String),
        locationIds: expect.any(String),
      },
      // What was typed comes back, so the page shows it again next to its error.
      values: { holdBackMinutes: "media hora", importDays: "90", stockIntervalMinutes: "2" },
    });
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).settingsVersion).toBe(1);
    expect(await prisma.job.count()).toBe(0);
  });
});

describe("/app/settings — connecting", () => {
  it("starts registering the whole catalogue as soon as the account is connected", async () => {
    const result = await submit({ intent: "connect", apiKey: API_KEY, environment: "qa" });
    expect(result).toMatchObject({ intent: "connect", ok: true });
    expect(
      await prisma.job.findMany({ where: { queue: "catalog.sync" }, select: { shop: true, state: true } }),
    ).toEqual([{ shop: TEST_SHOP, state: "queued" }]);
  });
});
