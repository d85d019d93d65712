import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runJobByHand } from "~/jobs/worker.server";
import prisma from "../../helpers/prisma";
import { claimJobs } from "~/jobs/queue.server";
import { finishJob } from "../../helpers/jobs";
import { startFullSync } from "~/catalog/full-sync.server";
import { action as productsCreate } from "~/routes/webhooks.products.create";
import { action as productsUpdate } from "~/routes/webhooks.products.update";
import { action as productsDelete } from "~/routes/webhooks.products.delete";
import { action as inventoryItemsUpdate } from "~/routes/webhooks.inventory_items.update";
import { storeOfflineSession } from "../../helpers/sessions";
import { signedWebhookRequest, TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { SHOP, startHarness, variantsById, type Harness } from "./harness";
import { routeContext } from "../../helpers/app-services";

type Action = typeof productsCreate;
const ROUTES: Record<string, Action> = {
  "products/create": productsCreate,
  "products/update": productsUpdate,
  "products/delete": productsDelete,
  "inventory_items/update": inventoryItemsUpdate,
};

async function statusOf(action: Action, request: Request): Promise<number> {
  try {
    return (await action({ request, params: {}, context: routeContext() })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

let h: Harness;

/** Delivers a webhook exactly as the store signs it, to the route that handles its topic. */
async function deliver(topic: string, payload: unknown, eventId?: string): Promise<number> {
  const response = await h.store.sendWebhook({
    url: new URL(`/webhooks/${topic}`, TEST_APP_URL).toString(),
    secret: TEST_API_SECRET,
    topic,
    domain: SHOP,
    payload,
    eventId,
    fetch: async (url, init) => {
      const status = await statusOf(ROUTES[topic]!, new Request(url, init));
      return new Response(null, { status });
    },
  });
  return response.status;
}

const g = (value: number) => ({ unit: "GRAMS" as const, value });

async function syncedDemo() {
  await startFullSync({ db: prisma, shop: SHOP });
  await h.drain();
}

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  h = await startHarness({ batchSize: 50 });
});
afterEach(() => h.close());

describe("catalogue webhooks at the edge", () => {
  it.each(Object.keys(ROUTES))("answers 401 to %s with a wrong signature and writes nothing", async (topic) => {
    const request = await signedWebhookRequest({ topic, body: { id: 1 }, secret: "not-the-secret" });
    expect(await statusOf(ROUTES[topic]!, request)).toBe(401);
    expect(await prisma.webhookDelivery.count()).toBe(0);
    expect(await prisma.job.count()).toBe(0);
  });

  it.each([
    ["products/update", { title: "sin id" }],
    ["products/update", { id: "8123456789012" }],
    ["products/create", { id: -4 }],
    ["products/delete", { id: 1.5 }],
    ["products/update", { id: 1, admin_graphql_api_id: "gid://shopify/Order/1" }],
    ["inventory_items/update", { id: null }],
    ["inventory_items/update", [1, 2]],
  ])("answers 400 to a malformed %s payload %j and writes nothing", async (topic, body) => {
    const request = await signedWebhookRequest({ topic, body });
    expect(await statusOf(ROUTES[topic]!, request)).toBe(400);
    expect(await prisma.webhookDelivery.count()).toBe(0);
    expect(await prisma.job.count()).toBe(0);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const request = await signedWebhookRequest({ topic: "products/update", body: null, rawBody: "{not json" });
    expect(await statusOf(productsUpdate, request)).toBe(400);
    expect(await prisma.job.count()).toBe(0);
  });

  it("answers a redelivered event 200 without queuing the work again", async () => {
    const payload = h.store.products.list(SHOP)[0]!;
    const started = performance.now();
    expect(await deliver("products/update", payload, "evt-1")).toBe(200);
    const elapsed = performance.now() - started;
    expect(await deliver("products/update", payload, "evt-1")).toBe(200);
    expect(await prisma.webhookDelivery.count()).toBe(1);
    expect(await prisma.job.findMany({ select: { queue: true, key: true } })).toEqual([
      { queue: "catalog.product", key: `${SHOP}:product:${payload.admin_graphql_api_id}` },
    ]);
    // Only two small inserts happen before the answer; the work waits for the worker.
    expect(elapsed).toBeLessThan(500);
    expect(await prisma.catalogVariant.count()).toBe(0);
  });
});

describe("incremental sync from webhooks", () => {
  it("registers the variants of a new product", async () => {
    await syncedDemo();
    const payload = h.store.products.create(SHOP, {
      title: "Servilletas bordadas",
      options: ["Color"],
      metafields: [
        { namespace: "custom", key: "length", type: "dimension", value: JSON.stringify({ value: 30, unit: "cm" }) },
        { namespace: "custom", key: "width", type: "dimension", value: JSON.stringify({ value: 20, unit: "cm" }) },
        { namespace: "custom", key: "height", type: "dimension", value: JSON.stringify({ value: 2, unit: "cm" }) },
      ],
      variants: [
        { options: ["Blanco"], sku: "SERV-BL", price: "199.00", weight: g(240) },
        { options: ["Rojo"], sku: "SERV-RO", price: "199.00", weight: { unit: "KILOGRAMS", value: 0.25 } },
      ],
    });
    expect(await deliver("products/create", payload)).toBe(200);
    await h.drain();
    const rows = [...(await variantsById()).values()].filter((r) => r.productId === payload.admin_graphql_api_id);
    expect(rows.map((r) => [r.sku, r.status]).sort()).toEqual([
      ["SERV-BL", "synced"],
      ["SERV-RO", "synced"],
    ]);
    expect((await h.sandboxProducts()).find((p) => p.sku === "SERV-RO")).toMatchObject({
      nombre: "Servilletas bordadas - Rojo",
      dimension: { peso: 250, volumen: 1200 },
    });
  });

  it("marks a registered variant drifted, listing the differences, when its weight changes; and in step again when it is restored", async () => {
    await syncedDemo();
    const taza = h.demoFacts().find((f) => f.sku === "TAZA-AZ")!;
    // WHEN the merchant changes the weight (Shopify sends inventory_items/update, without the weight)
    const changed = h.store.products.updateVariant(SHOP, taza.variantId, { weight: g(500) });
    expect(await deliver("inventory_items/update", changed.inventoryItem)).toBe(200);
    await h.drain();
    // THEN the variant is drifted and says what differs; the service still holds 450 g
    const drifted = (await variantsById()).get(taza.variantId)!;
    expect(drifted).toMatchObject({
      status: "drifted",
      differences: [{ field: "peso", service: "450", store: "500" }],
    });
    expect(drifted).toMatchObject({ reasonCode: "changedAfterRegistering", reasonParams: {} });
    expect((await h.sandboxProducts()).find((p) => p.sku === "TAZA-AZ")!.dimension!.peso).toBe(450);

    // WHEN the merchant puts the weight back (products/update this time)
    const restored = h.store.products.updateVariant(SHOP, taza.variantId, {
      weight: { unit: "KILOGRAMS", value: 0.45 },
    });
    expect(await deliver("products/update", restored.product)).toBe(200);
    await h.drain();
    expect((await variantsById()).get(taza.variantId)).toMatchObject({
      status: "synced",
      differences: null,
      reasonCode: null,
    });
    expect((await h.sandboxProducts()).filter((p) => p.sku === "TAZA-AZ")).toHaveLength(1);
  });

  it("marks dimension changes on the product drifted for each registered variant", async () => {
    await syncedDemo();
    const product = h.store.products.list(SHOP).find((p) => p.handle === "huaraches-de-piel")!;
    const payload = h.store.products.update(SHOP, product.id, {
      metafields: [{ namespace: "custom", key: "height", type: "number_decimal", value: "12.5" }],
    });
    await deliver("products/update", payload);
    await h.drain();
    const rows = [...(await variantsById()).values()].filter(
      (r) => r.productId === product.admin_graphql_api_id && r.sku,
    );
    expect(rows.map((r) => r.status)).toEqual(["drifted", "drifted", "drifted", "drifted"]);
    expect(rows[0]!.differences).toEqual([
      { field: "altura", service: "11", store: "12.5" },
      { field: "volumen", service: "4928", store: "5600" },
    ]);
  });

  it("marks a deleted product's variants deleted and says the service keeps them", async () => {
    await syncedDemo();
    const taza = h.store.products.list(SHOP).find((p) => p.handle === "taza-de-barro")!;
    const payload = h.store.products.delete(SHOP, taza.id);
    expect(await deliver("products/delete", payload)).toBe(200);
    await h.drain();
    const rows = [...(await variantsById()).values()].filter((r) => r.productId === taza.admin_graphql_api_id);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "skipped", deletedAt: expect.any(Date), svcProductId: expect.any(String) });
      expect(row).toMatchObject({ reasonCode: "deletedRegistered", reasonParams: {} });
    }
    expect((await h.sandboxProducts()).filter((p) => p.sku.startsWith("TAZA-"))).toHaveLength(4);
  });

  it("registers both soaps once the merchant fixes the duplicate SKU", async () => {
    await syncedDemo();
    const facts = h.demoFacts();
    const cempasuchil = facts.find((f) => f.key === "jabon-artesanal-de-tepoztlan/Cempasúchil")!;
    const lavanda = facts.find((f) => f.key === "jabon-artesanal-de-tepoztlan/Lavanda")!;
    expect((await variantsById()).get(lavanda.variantId)!.status).toBe("skipped");
    const { product } = h.store.products.updateVariant(SHOP, cempasuchil.variantId, { sku: "JAB-CEM" });
    await deliver("products/update", product);
    await h.drain();
    const rows = await variantsById();
    expect(rows.get(cempasuchil.variantId)).toMatchObject({ sku: "JAB-CEM", status: "synced" });
    expect(rows.get(lavanda.variantId)).toMatchObject({ sku: "JAB-LAV", status: "synced" });
  });

  it("keeps the app's own registration as registered by the app when a SKU comes back, after a re-sync too", async () => {
    await syncedDemo();
    const facts = h.demoFacts();
    const rebozo = facts.find((f) => f.sku === "REB-NEG")!;
    expect((await variantsById()).get(rebozo.variantId)).toMatchObject({ status: "synced", reasonCode: null });
    // The merchant renames the SKU (the app registers the new one), then changes it back.
    for (const sku of ["REB-NEG-2", "REB-NEG"]) {
      const { product } = h.store.products.updateVariant(SHOP, rebozo.variantId, { sku });
      expect(await deliver("products/update", product)).toBe(200);
      await h.drain();
    }
    expect((await variantsById()).get(rebozo.variantId)).toMatchObject({
      sku: "REB-NEG",
      status: "synced",
      reasonCode: null,
    });
    // and the merchant re-syncs the whole catalogue
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    expect((await variantsById()).get(rebozo.variantId)).toMatchObject({
      sku: "REB-NEG",
      status: "synced",
      reasonCode: null,
    });
  });

  it("skips a new variant that takes a SKU already registered, naming the registered one", async () => {
    await syncedDemo();
    const payload = h.store.products.create(SHOP, {
      title: "Taza grande",
      metafields: [
        { namespace: "custom", key: "length", type: "number_decimal", value: "14" },
        { namespace: "custom", key: "width", type: "number_decimal", value: "11" },
        { namespace: "custom", key: "height", type: "number_decimal", value: "12" },
      ],
      variants: [{ sku: "TAZA-AZ", price: "299.00", weight: g(600) }],
    });
    await deliver("products/create", payload);
    await h.drain();
    const row = [...(await variantsById()).values()].find((r) => r.productId === payload.admin_graphql_api_id)!;
    expect(row).toMatchObject({
      status: "skipped",
      reasonCode: "duplicateSku",
      reasonParams: { sku: "TAZA-AZ", others: JSON.stringify([{ name: "Taza de barro - Azul", registered: true }]) },
    });
  });

  it("runs the product's job again when a change arrives while it is already running", async () => {
    await syncedDemo();
    const taza = h.demoFacts().find((f) => f.sku === "TAZA-AZ")!;
    const first = h.store.products.updateVariant(SHOP, taza.variantId, { weight: g(460) });
    await deliver("products/update", first.product);
    // GIVEN the product's job is running (claimed) and has read the product already
    const [running] = await claimJobs(prisma, {
      queues: ["catalog.product"],
      owner: "busy-worker",
      leaseMs: 60_000,
      limit: 1,
      now: new Date(h.nowMs()),
    });
    await runJobByHand(h.handlers, running!);
    // WHEN the merchant changes it again
    const second = h.store.products.updateVariant(SHOP, taza.variantId, { weight: g(470) });
    await deliver("inventory_items/update", second.inventoryItem);
    // THEN the one job of the product keeps the wake-up, and nobody runs it beside the running one
    const rows = await prisma.job.findMany({ where: { queue: "catalog.product" } });
    expect(rows.map((j) => [j.key, j.state, Boolean(j.wakeAt)])).toEqual([
      [`${SHOP}:product:${taza.productId}`, "running", true],
    ]);
    expect(await h.worker.runOnce()).toBe(0);
    // WHEN the running job ends, the product is read again and the second change is seen
    await finishJob(prisma, running!, { kind: "done" });
    await h.drain();
    expect((await variantsById()).get(taza.variantId)).toMatchObject({
      status: "drifted",
      differences: [{ field: "peso", service: "450", store: "470" }],
    });
  });

  it("finds the product of an inventory item it has never seen through Admin GraphQL", async () => {
    const payload = h.store.products.create(SHOP, {
      title: "Bolsa de yute",
      metafields: [
        { namespace: "custom", key: "length", type: "number_decimal", value: "40" },
        { namespace: "custom", key: "width", type: "number_decimal", value: "30" },
        { namespace: "custom", key: "height", type: "number_decimal", value: "2" },
      ],
      variants: [{ sku: "BOL-YUTE", price: "99.00", weight: g(150) }],
    });
    const item = h.store.products.inventoryItem(SHOP, payload.variants[0]!.inventory_item_id)!;
    await deliver("inventory_items/update", item);
    expect((await prisma.job.findFirstOrThrow()).key).toBe(
      `${SHOP}:inventory:gid://shopify/InventoryItem/${payload.variants[0]!.inventory_item_id}`,
    );
    await h.drain();
    expect([...(await variantsById()).values()].map((r) => [r.sku, r.status])).toEqual([["BOL-YUTE", "synced"]]);
  });

  it("waits for a running full sync before re-syncing a product", async () => {
    const taza = h.store.products.list(SHOP).find((p) => p.handle === "taza-de-barro")!;
    await startFullSync({ db: prisma, shop: SHOP });
    await deliver("products/update", taza);
    await h.worker.runOnce();
    await h.drain();
    const operations = h.store.inspect(SHOP).operations.map((op) => op.operationName);
    // The product job ran only after the sync had read the whole catalogue.
    expect(operations.lastIndexOf("CatalogBulkStatus")).toBeGreaterThanOrEqual(0);
    expect(operations.lastIndexOf("CatalogBulkStatus")).toBeLessThan(operations.indexOf("CatalogProductVariants"));
    const rows = [...(await variantsById()).values()].filter((r) => r.productId === taza.admin_graphql_api_id);
    expect(rows.map((r) => r.status)).toEqual(["synced", "synced", "synced", "synced"]);
  });
});
