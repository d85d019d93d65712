// Disconnecting the service account on /app/settings (issue 22, item 1): the stored key is
// forgotten, the page and Inicio's setup guide are back at connecting, the catalogue's
// registrations are forgotten, the shop's background work stops at its next run, checkout is
// answered with no rates, connecting again starts the work again — and a session of another shop
// cannot disconnect this one.
import { runJobByHand } from "~/jobs/worker.server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FULL_SYNC_QUEUE } from "~/catalog/full-sync.server";
import { PRODUCT_QUEUE } from "~/catalog/product-sync.server";
import { jobHandlers } from "~/composition.server";
import { RECONCILE_QUEUE, STOCK_QUEUE } from "~/fulfillment/core/queues";
import { REQUESTS_QUEUE } from "~/fulfillment/core/queues";
import { action, loader } from "~/routes/app.settings/route";
import { readShopState } from "~/orchestration/shop-state.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { configureTestServices, resetTestRates, routeContext, testServices } from "../../helpers/app-services";
import prisma from "../../helpers/prisma";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import {
  API_KEY,
  callback,
  product,
  rateBody,
  sandboxControl,
  setupClient,
  startSandbox,
  type Sandbox,
} from "../rates/support/harness";

const OTHER = "otra-tienda.myshopify.com";
let sandbox: Sandbox;
let store: SimulatedStore;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await resetTestRates();
  await sandbox.close();
});

beforeEach(async () => {
  await resetTestRates();
  await resetDatabase();
  store = createSimulatedStore();
  for (const shop of [TEST_SHOP, OTHER]) {
    store.addShop({ domain: shop });
    await storeOfflineSession(prisma, shop);
    await prisma.shop.create({ data: { domain: shop } });
  }
  configureTestServices({
    db: prisma,
    svc: sandboxConnection(sandbox.url),
    adminFor: async (shop) => storeAdmin(store, shop),
  });
});

async function post(fields: Record<string, string>, shop = TEST_SHOP) {
  const request = await sessionTokenRequest("/app/settings", shop, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: routeContext() });
}

async function settingsPage(shop = TEST_SHOP) {
  return loader({ request: await sessionTokenRequest("/app/settings", shop), params: {}, context: routeContext() });
}

/** Connects TEST_SHOP through the page, with stock sync on and the fulfilment-service mode, and one registered variant. */
async function connectWithEverythingRunning() {
  const location = (await settingsPage()).locations[0]!.id;
  await updateShopSettings({
    db: prisma,
    shop: TEST_SHOP,
    patch: {
      stock: { enabled: true, locationId: location, intervalMinutes: 15 },
      fulfillment: { mode: "fulfillment_service" },
    },
  });
  const connected = await post({ intent: "connect", apiKey: API_KEY, environment: "qa", locale: "es" });
  expect(connected.data).toMatchObject({ intent: "connect", ok: true });
  await prisma.catalogVariant.create({
    data: {
      shop: TEST_SHOP,
      productId: "gid://shopify/Product/1",
      variantId: "gid://shopify/ProductVariant/1",
      sku: "CAMISA-1",
      title: "Camisa",
      status: "synced",
      svcProductId: "svc-1",
    },
  });
}

const queues = [RECONCILE_QUEUE, STOCK_QUEUE, REQUESTS_QUEUE, FULL_SYNC_QUEUE];

describe("/app/settings — disconnecting the service account", () => {
  it("forgets the key, shows the connect form and the guide's first step, and forgets the catalogue's registrations", async () => {
    await connectWithEverythingRunning();
    expect((await settingsPage()).connected).toBe(true);
    expect(await testServices().svcClientFor(TEST_SHOP)).not.toBeNull();

    const answer = await post({ intent: "disconnect", locale: "es" });

    expect(answer.init?.status).toBe(200);
    expect(answer.data).toEqual({ intent: "disconnect", ok: true, carrierService: null });
    const row = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(row.svcApiKeyCiphertext).toBeNull();
    expect(await testServices().svcClientFor(TEST_SHOP)).toBeNull();
    expect((await settingsPage()).connected).toBe(false);
    expect((await readShopState(prisma, TEST_SHOP)).setup.current).toBe("connect");
    const variant = await prisma.catalogVariant.findFirstOrThrow({ where: { shop: TEST_SHOP } });
    expect(variant).toMatchObject({ status: "pending", reasonCode: "disconnected", svcProductId: null });
  });

  it("stops the shop's background work at its next run, and connecting again starts it", async () => {
    await connectWithEverythingRunning();
    await prisma.job.create({
      data: {
        queue: PRODUCT_QUEUE,
        key: `${TEST_SHOP}:p1`,
        shop: TEST_SHOP,
        payload: { kind: "product", productId: "1" },
      },
    });
    const running = await prisma.job.findMany({
      where: { shop: TEST_SHOP, queue: { in: [...queues, PRODUCT_QUEUE] } },
    });
    expect(new Set(running.map((job) => job.queue))).toEqual(new Set([...queues, PRODUCT_QUEUE]));

    await post({ intent: "disconnect", locale: "es" });

    // Each queue's handler, as the worker runs it, ends its job instead of booking another run.
    const handlers = jobHandlers(testServices());
    for (const job of running) {
      const outcome = await runJobByHand(handlers, job);
      expect({ queue: job.queue, kind: outcome.kind }).toEqual({ queue: job.queue, kind: "done" });
    }
    // The sync that was running says why it stopped.
    expect(await prisma.catalogSync.findFirstOrThrow({ where: { shop: TEST_SHOP } })).toMatchObject({
      state: "failed",
    });

    await prisma.job.deleteMany({ where: { shop: TEST_SHOP } });
    await post({ intent: "connect", apiKey: API_KEY, environment: "qa", locale: "es" });
    const restarted = await prisma.job.findMany({ where: { shop: TEST_SHOP, queue: { in: queues } } });
    expect(new Set(restarted.map((job) => job.queue))).toEqual(new Set(queues));
  });

  it("answers checkout with no rates once disconnected, as the dialog says", async () => {
    // The example cart's mugs are at the service: connected, checkout gets the service's rates.
    const client = setupClient(sandbox);
    await sandboxControl(sandbox, client, "/__sandbox/reset");
    await client.createProducts({ productos: [product("TAZA-AZ")] });
    await connectWithEverythingRunning();
    const connected = await callback({ body: rateBody() });
    expect(connected.status).toBe(200);
    expect(connected.body.rates?.length).toBeGreaterThan(0);

    await post({ intent: "disconnect", locale: "es" });
    const answer = await callback({ body: rateBody() });
    expect(answer).toMatchObject({ status: 200, body: { rates: [] } });
  });

  it("cannot be done to this shop by a session of another shop", async () => {
    await connectWithEverythingRunning();
    const before = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    const variantsBefore = await prisma.catalogVariant.findMany({ where: { shop: TEST_SHOP } });

    // The other shop's session, naming this shop in the form as well: only its own (unconnected) shop is touched.
    const answer = await post({ intent: "disconnect", locale: "es", shop: TEST_SHOP }, OTHER);

    expect(answer.data).toEqual({ intent: "disconnect", ok: true, carrierService: null });
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).toEqual(before);
    expect(await prisma.catalogVariant.findMany({ where: { shop: TEST_SHOP } })).toEqual(variantsBefore);
    expect(await testServices().svcClientFor(TEST_SHOP)).not.toBeNull();
    expect((await settingsPage()).connected).toBe(true);
  });
});
