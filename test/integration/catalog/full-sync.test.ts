import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { startFullSync } from "~/catalog/full-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { resetDatabase } from "../../helpers/test-database";
import { connectShop } from "~/orchestration/connect-shop.server";
import { API_KEY, OTHER_API_KEY, SHOP, startHarness, variantsById, type Harness } from "./harness";

/** The code the sync records for each issue of the demo's facts (the words: sku-lookup.test.ts, e2e). */
const REASONS: Record<string, string[]> = {
  "missing-sku": ["noSku"],
  "missing-weight": ["noWeight"],
  "missing-dimensions": ["noDimensions", "invalidDimensions"],
  "duplicate-sku": ["duplicateSku"],
  "not-shippable": ["notShippable"],
};

let harness: Harness;

beforeEach(async () => {
  await resetDatabase();
  harness = await startHarness({ batchSize: 10 });
});
afterEach(() => harness.close());

describe("full catalogue sync of the demo store", () => {
  it("registers every shippable variant once and gives every other variant its reason", async () => {
    // GIVEN the demo catalogue in the store and a connected shop
    // WHEN the merchant starts a full sync and the worker runs it
    const started = await startFullSync({ db: prisma, shop: SHOP });
    expect(started.started).toBe(true);
    await harness.drain();

    // THEN every variant ends where the demo's facts say
    const rows = await variantsById();
    const facts = harness.demoFacts();
    expect(rows.size).toBe(facts.length);
    for (const fact of facts) {
      const row = rows.get(fact.variantId)!;
      expect({ key: fact.key, status: row.status }).toEqual({ key: fact.key, status: fact.outcome });
      if (fact.outcome === "skipped") expect(REASONS[fact.issues[0]!], fact.key).toContain(row.reasonCode);
      else
        expect(row).toMatchObject({
          svcProductId: expect.any(String),
          svcDimensionId: expect.any(String),
          reasonCode: null,
          reasonParams: {},
        });
      if (fact.issues[0] === "duplicate-sku") {
        expect(row.reasonParams).toMatchObject({ sku: "JAB-LAV" });
        const others = JSON.parse((row.reasonParams as { others: string }).others) as { name: string }[];
        expect(others.map((o) => o.name)).toEqual([
          expect.stringMatching(/^Jabón artesanal de Tepoztlán - (Lavanda|Cempasúchil)$/),
        ]);
      }
    }

    // AND the service holds exactly the synced ones, with exact grams and centimetres
    const products = await harness.sandboxProducts();
    const synced = facts.filter((f) => f.outcome === "synced");
    expect(products.map((p) => p.sku).sort()).toEqual(synced.map((f) => f.sku).sort());
    const rebozo = products.find((p) => p.sku === "REB-NEG")!;
    expect(rebozo).toMatchObject({
      nombre: "Rebozo de Tenancingo - Negro",
      dimension: { peso: 425, largo: 35.56, ancho: 25.4, altura: 5.08 },
    });
    expect(products.find((p) => p.sku === "TAL-PL-GR")).toMatchObject({
      upc: "7501234560035",
      dimension: { peso: 1100 },
    });
    for (const product of products)
      expect(rows.get(facts.find((f) => f.sku === product.sku)!.variantId)!.svcProductId).toBe(product.id);

    // AND the progress shows a completed sync
    const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ state: "completed", phase: "sending", done: synced.length, total: synced.length });
  });

  it("refuses a second sync while one is queued or running, saying why as a code", async () => {
    const first = await startFullSync({ db: prisma, shop: SHOP });
    const second = await startFullSync({ db: prisma, shop: SHOP });
    expect(first.started).toBe(true);
    expect(second).toEqual({ started: false, reason: "running" });
    // Concurrent starts: exactly one wins.
    await harness.drain();
    const results = await Promise.all(Array.from({ length: 5 }, () => startFullSync({ db: prisma, shop: SHOP })));
    expect(results.filter((r) => r.started)).toHaveLength(1);
    expect(await prisma.catalogSync.count({ where: { shop: SHOP, state: "running" } })).toBe(1);
  });

  it("uses the shop's default package for variants without dimensions, but not for incomplete ones", async () => {
    await updateShopSettings({
      db: prisma,
      shop: SHOP,
      patch: { catalog: { defaultPackage: { length: "20", width: "15", height: "10" } } },
    });
    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();
    const rows = [...(await variantsById()).values()];
    expect(rows.find((r) => r.sku === "MOL-01")).toMatchObject({ status: "synced" });
    expect((await harness.sandboxProducts()).find((p) => p.sku === "MOL-01")).toMatchObject({
      dimension: { peso: 180, largo: 20, ancho: 15, altura: 10, volumen: 3000 },
    });
    expect(rows.find((r) => r.sku === "SOM-G")).toMatchObject({
      status: "skipped",
      reasonCode: "invalidDimensions",
      reasonParams: expect.objectContaining({ problem1: "missing", metafield1: "custom.height" }),
    });
  });

  it("keeps what the app registered as registered by the app after switching account and back, then re-syncing", async () => {
    const sync = async () => {
      expect((await startFullSync({ db: prisma, shop: SHOP })).started).toBe(true);
      await harness.drain();
      return [...(await variantsById()).values()];
    };
    // GIVEN the catalogue registered in the first account
    const first = (await sync()).filter((r) => r.status === "synced");
    expect(first.length).toBeGreaterThan(20);
    // WHEN the merchant connects another account and syncs there (the app registers it all again)
    await connectShop({ db: prisma, config: harness.svc, shop: SHOP, apiKey: OTHER_API_KEY, environment: "qa" });
    const second = await sync();
    for (const row of first) {
      const now = second.find((r) => r.variantId === row.variantId)!;
      expect(now).toMatchObject({ status: "synced", reasonCode: null });
      expect(now.svcProductId).not.toBe(row.svcProductId);
    }
    // AND comes back to the first account and syncs again: every SKU is already there
    await connectShop({ db: prisma, config: harness.svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    const back = await sync();
    // THEN each is the app's own product again, never «Ya existía en el servicio»
    for (const row of first) {
      expect(back.find((r) => r.variantId === row.variantId)).toMatchObject({
        sku: row.sku,
        status: "synced",
        reasonCode: null,
        svcProductId: row.svcProductId,
      });
    }
    expect(back.filter((r) => r.status === "exists_at_service")).toEqual([]);
  });

  it("refuses to start for a shop that is not connected to the service", async () => {
    expect(await startFullSync({ db: prisma, shop: "otra-tienda.myshopify.com" })).toMatchObject({
      started: false,
      reason: "not_connected",
    });
  });

  it("a second full sync changes nothing and sends nothing", async () => {
    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();
    const before = await variantsById();
    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();
    const after = await variantsById();
    for (const [id, row] of before) expect(after.get(id)!.status).toBe(row.status);
    expect(
      await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP }, orderBy: { startedAt: "desc" } }),
    ).toMatchObject({ state: "completed", total: 0 });
  });
});
