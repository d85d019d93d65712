import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { catalogEnv } from "~/catalog/catalog-env.server";
import { fullSyncStep, startFullSync } from "~/catalog/full-sync.server";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import { claimJobs } from "~/jobs/queue.server";
import { createLogger } from "~/logger.server";
import { createSvcClient, SvcTokenCache, type SvcClient } from "~/svc";
import type { AdminGraphql } from "~/shopify/admin.server";
import { resetDatabase } from "../../helpers/test-database";
import { API_KEY, SHOP, startHarness, variantsById, type Harness, type HarnessOptions } from "./harness";

const logger = createLogger({ level: "silent" });

let harness: Harness | undefined;
beforeEach(resetDatabase);
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: HarnessOptions = {}) {
  harness = await startHarness({ batchSize: 10, ...options });
  return harness;
}

/** Counts product/new calls and lets a test change one of them. */
function createProductsSpy(
  change?: (
    call: number,
    real: SvcClient,
    params: Parameters<SvcClient["createProducts"]>[0],
  ) => ReturnType<SvcClient["createProducts"]> | undefined,
) {
  const spy = { calls: 0, skus: [] as string[][] };
  const wrap = (real: SvcClient): SvcClient => ({
    ...real,
    createProducts: (params) => {
      spy.calls++;
      spy.skus.push(params.productos.map((p) => p.sku));
      return change?.(spy.calls, real, params) ?? real.createProducts(params);
    },
  });
  return { spy, wrap };
}

/** Every demo variant's final status, keyed by its stable demo key. */
async function finalStatuses(h: Harness) {
  const rows = await variantsById();
  return Object.fromEntries(h.demoFacts().map((f) => [f.key, rows.get(f.variantId)!.status]));
}

const cleanOutcome = (h: Harness) => Object.fromEntries(h.demoFacts().map((f) => [f.key, f.outcome]));

async function expectNoDuplicateAtService(h: Harness) {
  const products = await h.sandboxProducts();
  const synced = h.demoFacts().filter((f) => f.outcome === "synced");
  expect(products.map((p) => p.sku).sort()).toEqual(synced.map((f) => f.sku).sort());
  const rows = await variantsById();
  for (const fact of synced)
    expect(rows.get(fact.variantId)!.svcProductId).toBe(products.find((p) => p.sku === fact.sku)!.id);
}

describe("a batch the service refuses in part", () => {
  it("links a SKU already at the service, reports different measures as drifted, fails a forbidden one and sends the rest", async () => {
    const { spy, wrap } = createProductsSpy();
    const h = await start({ wrapClient: wrap });
    // GIVEN products already at the service: one identical to the store's, one with another weight,
    // one holding the barcode of a store variant under another SKU
    await h.client.createProducts({
      productos: [
        {
          sku: "TAZA-NA",
          upc: "",
          nombre: "Taza de barro - Natural",
          imagen_url: "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/taza-de-barro.jpg",
          dimension: { data: { peso: "430", largo: "12", ancho: "9", altura: "10", volumen: "1080" } },
        },
        {
          sku: "CAFE-CH-500",
          upc: "7501234561002",
          nombre: "Café 500",
          dimension: { data: { peso: "500", largo: "18", ancho: "10", altura: "24", volumen: "4320" } },
        },
        { sku: "OTRO-PLATO", upc: "7501234560028", nombre: "Otro plato" },
      ],
    });
    // AND a store product the service's permission check refuses
    h.store.products.create(SHOP, {
      title: "Producto restringido",
      metafields: [
        { namespace: "custom", key: "length", type: "number_decimal", value: "10" },
        { namespace: "custom", key: "width", type: "number_decimal", value: "10" },
        { namespace: "custom", key: "height", type: "number_decimal", value: "10" },
      ],
      variants: [{ sku: "FORBIDDEN-1", price: "10.00", weight: { unit: "GRAMS", value: 100 } }],
    });

    // WHEN the catalogue is synced in batches of 10
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();

    // THEN each refused element got its status and the rest of its batch was sent again
    const rows = [...(await variantsById()).values()];
    const bySku = (sku: string) => rows.find((r) => r.sku === sku)!;
    const existing = (await h.sandboxProducts()).find((p) => p.sku === "TAZA-NA")!;
    expect(bySku("TAZA-NA")).toMatchObject({
      status: "exists_at_service",
      svcProductId: existing.id,
      sentHash: null,
      reasonCode: "alreadyThere",
      reasonParams: { sku: "TAZA-NA", id: existing.id },
    });
    expect(bySku("CAFE-CH-500")).toMatchObject({
      status: "drifted",
      differences: [{ field: "peso", service: "500", store: "520" }],
      reasonCode: "existedWithOtherData",
      reasonParams: {},
    });
    expect(bySku("TAL-PL-MD")).toMatchObject({
      status: "failed",
      svcProductId: null,
      reasonCode: "barcodeTaken",
      reasonParams: { upc: "7501234560028", sku: "OTRO-PLATO" },
    });
    expect(bySku("FORBIDDEN-1")).toMatchObject({
      status: "failed",
      // The service's refusal as its error code (worded from `serviceErrors`), its own text kept beside it.
      reasonCode: "serviceError",
      reasonParams: { error: "forbidden", said: expect.any(String) },
    });
    const others = rows.filter(
      (r) => !["TAZA-NA", "CAFE-CH-500", "TAL-PL-MD", "FORBIDDEN-1"].includes(r.sku ?? "") && r.status !== "skipped",
    );
    expect(others.length).toBeGreaterThan(20);
    for (const row of others) expect({ sku: row.sku, status: row.status }).toEqual({ sku: row.sku, status: "synced" });
    // The batch holding TAZA-NA in its middle was sent, refused at that index, and sent again without it.
    const withTaza = spy.skus.findLastIndex((skus) => skus.includes("TAZA-NA"));
    expect(spy.skus[withTaza]!.indexOf("TAZA-NA")).toBeGreaterThan(0);
    expect(spy.skus[withTaza + 1]).toEqual(spy.skus[withTaza]!.filter((sku) => sku !== "TAZA-NA"));
  });
});

describe("a sync that stops half-way resumes where it stopped", () => {
  it("resumes the bulk result after the lines already recorded when the worker died mid-file", async () => {
    const h = await start();
    const started = await startFullSync({ db: prisma, shop: SHOP });
    if (!started.started) throw new Error(`the full sync did not start: ${started.reason}`);
    // GIVEN a worker that claimed the job, read three pages, and died (its lease runs out)
    const [claimed] = await claimJobs(prisma, {
      queues: ["catalog.sync"],
      owner: "worker-that-dies",
      leaseMs: 1_000,
      limit: 1,
      now: new Date(h.nowMs()),
    });
    expect(claimed).toBeDefined();
    const env = (await catalogEnv(
      {
        db: prisma,
        logger,
        now: () => new Date(h.nowMs()),
        adminFor: async () => ((q, v) => h.store.graphql(SHOP, q, v)) as AdminGraphql,
        svcClientFor: async () => h.client,
        pacerFor: (shop) => createAdminPacing({ sleep: async (ms) => h.advance(ms), nowMs: h.nowMs }).forShop(shop),
        batchSize: 10,
        fetchFile: h.store.interceptFetch(),
      },
      SHOP,
    ))!;
    // GIVEN a worker that started the bulk read, recorded the first 15 lines of its result, and died
    expect(await fullSyncStep(env, started.syncId)).toBe("waiting");
    await h.store.bulkOperationsIdle();
    expect(await fullSyncStep(env, started.syncId, { readBatchSize: 15, shouldYield: () => true })).toBe("reading");
    const midway = await prisma.catalogSync.findUniqueOrThrow({ where: { id: started.syncId } });
    expect(midway).toMatchObject({
      state: "running",
      phase: "reading",
      done: 15,
      total: 37,
      bulkOperationId: expect.stringMatching(/^gid:\/\/shopify\/BulkOperation\//),
    });
    expect(await prisma.catalogVariant.count({ where: { shop: SHOP } })).toBe(15);

    // WHEN another worker reclaims the job once the lease has expired
    h.advance(5_000);
    await h.drain();

    // THEN it read the same operation's result on from line 16 (no second bulk operation) and
    // ended as a clean sync would
    const runs = h.store.inspect(SHOP).operations.filter((op) => op.operationName === "CatalogBulkRead");
    expect(runs).toHaveLength(1);
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
    await expectNoDuplicateAtService(h);
  });

  it("after a crash right after the service created a batch, looks it up instead of creating it twice", async () => {
    // GIVEN a worker that dies right after the service answered the second batch
    const { spy, wrap } = createProductsSpy((call, real, params) =>
      call === 2
        ? real.createProducts(params).then(() => {
            throw new Error("worker killed after product/new answered");
          })
        : undefined,
    );
    const h = await start({ wrapClient: wrap });
    await startFullSync({ db: prisma, shop: SHOP });

    // WHEN the job is retried after its backoff
    await h.drain();

    // THEN the batch created before the crash is recorded as the app's own (synced), nothing was sent twice
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
    await expectNoDuplicateAtService(h);
    const sentSkus = spy.skus.flat();
    expect(sentSkus.length).toBe(new Set(sentSkus).size);
    const job = await prisma.job.findFirstOrThrow({ where: { queue: "catalog.sync" } });
    expect(job).toMatchObject({ state: "done" });
  });
});

describe("product/new answers nothing (the outcome is unknown)", () => {
  function withScenario(scenario: string, h: () => Harness) {
    let injected = false;
    return (real: SvcClient): SvcClient => {
      // A short timeout so the hanging scenarios give up quickly.
      const quick = createSvcClient({
        baseUrl: h().sandbox.url,
        apiKey: API_KEY,
        tokenCache: new SvcTokenCache(),
        timeoutMs: 400,
      });
      return {
        ...real,
        createProducts: (params) => {
          if (injected) return real.createProducts(params);
          injected = true;
          return quick.createProducts({ ...params, headers: { "x-sandbox-scenario": scenario } });
        },
      };
    };
  }

  it.each([
    ["commit-then-timeout", "the service created them"],
    ["timeout", "the service never got them"],
    ["server-error", "the service failed before creating them"],
  ])("after %s (%s), looks every product up and never creates one twice", async (scenario) => {
    const h = await start({ wrapClient: withScenario(scenario, () => harness!) });
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
    await expectNoDuplicateAtService(h);
  });
});

describe("a throttled store", () => {
  it("paces a small bucket so that no query is ever THROTTLED", async () => {
    const h = await start({ throttle: { maximumAvailable: 300, restoreRate: 50 } });
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    const operations = h.store.inspect(SHOP).operations;
    expect(operations.filter((op) => op.outcome === "throttled")).toEqual([]);
    // The whole catalogue costs one bulk query, whatever the bucket's size.
    expect(operations.filter((op) => op.operationName === "CatalogBulkRead")).toHaveLength(1);
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
  });

  it("waits for points when it starts on a drained bucket", async () => {
    const h = await start({ throttle: { maximumAvailable: 1000, restoreRate: 10 } });
    h.store.drainThrottle(SHOP);
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    // Only the very first (1-point) query can meet the empty bucket unannounced.
    expect(h.store.inspect(SHOP).operations.filter((op) => op.outcome === "throttled").length).toBeLessThanOrEqual(1);
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
  });

  it("retries a query answered THROTTLED, after waiting, without failing the sync", async () => {
    const h = await start();
    h.store.failNext(SHOP, "throttled", 2);
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    expect(h.store.inspect(SHOP).operations.filter((op) => op.outcome === "throttled")).toHaveLength(2);
    expect(await finalStatuses(h)).toEqual(cleanOutcome(h));
    expect(await prisma.job.findFirstOrThrow({ where: { queue: "catalog.sync" } })).toMatchObject({
      state: "done",
      attempts: 1,
    });
  });
});
