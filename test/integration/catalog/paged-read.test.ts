/**
 * The full sync without bulk access (Shopify since 2026-11-07: apps must enable bulk operations,
 * and access lapses after 31 days without a bulk query): the catalogue is read page by page with
 * the bulk read's fields, the operator is told, the merchant is not, and the result is the same.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { resetDatabase } from "../../helpers/test-database";
import { storeAdmin } from "../../helpers/app-context";
import { createBulkCatalogReader, streamVariantLines } from "~/catalog/bulk-catalog.server";
import { startFullSync } from "~/catalog/full-sync.server";
import { createCatalogReader } from "~/catalog/shopify-catalog.server";
import type { VariantSnapshot } from "~/catalog/variant-snapshot";
import { metricsSnapshot } from "~/metrics.server";
import { DEFAULT_SETTINGS } from "~/shop/shop-settings.server";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { SHOP, startHarness, variantsById, type Harness } from "./harness";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

async function bulkAccessRefusals(): Promise<number> {
  const metric = (await metricsSnapshot()).find((m) => m.name === "app_shopify_access_refused_total");
  return (metric?.values ?? [])
    .filter((v) => v.labels.reason === "bulk_access" && v.labels.operation === "bulkOperationRunQuery")
    .reduce((sum, v) => sum + v.value, 0);
}

/** What a sync recorded of each variant, without the service's own ids (each run has its own sandbox). */
async function recorded() {
  const rows = await prisma.catalogVariant.findMany({ where: { shop: SHOP }, orderBy: { variantId: "asc" } });
  return rows.map((row) => ({
    variantId: row.variantId,
    productId: row.productId,
    inventoryItemId: row.inventoryItemId,
    sku: row.sku,
    title: row.title,
    status: row.status,
    reasonCode: row.reasonCode,
    reasonParams: row.reasonParams,
    current: row.current,
  }));
}

describe("the full sync without bulk access", () => {
  it("syncs the whole demo catalogue by pages, tells the operator, and records what the bulk read records", async () => {
    // GIVEN the demo catalogue synced the usual way, through a bulk query
    await resetDatabase();
    harness = await startHarness({ batchSize: 10 });
    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();
    const byBulk = await recorded();
    expect(await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } })).toMatchObject({
      state: "completed",
      readBy: "bulk",
    });
    await harness.close();

    // AND a fresh shop whose app has no access to bulk queries (never enabled, or lapsed)
    await resetDatabase();
    const { logger, lines } = capturingLogger();
    harness = await startHarness({ batchSize: 10, logger });
    harness.store.setBulkAccess("query", false);
    const before = await bulkAccessRefusals();

    // WHEN the merchant starts a full sync and the worker runs it
    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();

    // THEN the catalogue is fully synced, read by pages, with nothing for the merchant to read
    const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ state: "completed", readBy: "pages", errorCode: null });
    const rows = await variantsById();
    const facts = harness.demoFacts();
    expect(Object.fromEntries(facts.map((f) => [f.key, rows.get(f.variantId)?.status]))).toEqual(
      Object.fromEntries(facts.map((f) => [f.key, f.outcome])),
    );
    expect((await harness.sandboxProducts()).map((p) => p.sku).sort()).toEqual(
      facts.filter((f) => f.outcome === "synced").map((f) => f.sku).sort(),
    );
    // AND every variant is recorded exactly as the bulk read recorded it
    expect(await recorded()).toEqual(byBulk);
    // AND the operator is told: the metric, and a log line naming the shop and the operation
    expect((await bulkAccessRefusals()) - before).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, shop: SHOP, operation: "bulkOperationRunQuery", reason: "bulk_access" }),
    );
    // AND the store ran no bulk operation
    const bulkRuns = await harness.store.graphql(SHOP, "query Runs { bulkOperations(first: 5) { nodes { id } } }");
    expect(bulkRuns.data?.bulkOperations.nodes).toEqual([]);
  });

  it("resumes a paged read from the cursor of the last page recorded after a crash", async () => {
    await resetDatabase();
    // GIVEN a shop without bulk access whose Admin API dies on the third page of the catalogue
    let pages = 0;
    let crashed = false;
    harness = await startHarness({
      batchSize: 10,
      pageSize: 5,
      throttle: { maximumAvailable: 120, restoreRate: 100 },
      wrapAdmin: (admin) => async (query, variables) => {
        if (query.includes("query CatalogVariantsPage")) {
          pages += 1;
          if (pages === 3 && !crashed) {
            crashed = true;
            throw Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
          }
        }
        return admin(query, variables);
      },
    });
    harness.store.setBulkAccess("query", false);
    await startFullSync({ db: prisma, shop: SHOP });
    // WHEN the worker runs once: two pages are recorded, then the third fails
    await harness.worker.runOnce();
    const stopped = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(stopped).toMatchObject({ state: "running", phase: "reading", readBy: "pages", errorCode: "network" });
    expect(stopped.cursor).toEqual(expect.any(String));
    expect(stopped.done).toBeGreaterThan(0);
    const readBefore = stopped.done;
    // THEN the retry carries on from that cursor (no page read twice) and the sync completes
    const firstPageAgain: unknown[] = [];
    const seen = harness.store.inspect(SHOP).operations.length;
    await harness.drain();
    for (const op of harness.store.inspect(SHOP).operations.slice(seen))
      if (op.operationName === "CatalogVariantsPage" && op.variables.after === null) firstPageAgain.push(op);
    expect(firstPageAgain).toEqual([]);
    const done = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(done.state).toBe("completed");
    expect(readBefore).toBeLessThan(harness.demoFacts().length);
    const facts = harness.demoFacts();
    const rows = await variantsById();
    expect(facts.every((f) => rows.get(f.variantId)?.status === f.outcome)).toBe(true);
  });
});

describe("paged and bulk reads of 10,000 variants", () => {
  it("read the same variants with the same fields, in the same order", { timeout: 240_000 }, async () => {
    // GIVEN a shop of 400 products of 25 variants each: weights in several units, dimensions on
    // some products and some variants, a few without SKU or barcode, some not shipped, images
    let skew = 0;
    const nowMs = () => Date.now() + skew;
    const store: SimulatedStore = createSimulatedStore({ now: nowMs });
    store.addShop({ domain: SHOP });
    const units = ["GRAMS", "KILOGRAMS", "POUNDS", "OUNCES"] as const;
    for (let p = 0; p < 400; p++) {
      store.products.create(SHOP, {
        title: `Producto ${p}`,
        options: ["Modelo"],
        imageUrls: p % 2 === 0 ? [`https://cdn.example/p${p}.jpg`] : [],
        metafields:
          p % 3 === 0
            ? [
                { namespace: "custom", key: "length", type: "dimension", value: JSON.stringify({ value: 30 + (p % 7), unit: "cm" }) },
                { namespace: "custom", key: "width", type: "dimension", value: JSON.stringify({ value: 20, unit: "cm" }) },
                { namespace: "custom", key: "height", type: "dimension", value: JSON.stringify({ value: 4.5, unit: "in" }) },
              ]
            : [],
        variants: Array.from({ length: 25 }, (_, v) => ({
          options: [`M${v}`],
          sku: (p * 25 + v) % 97 === 0 ? null : `SKU-${p}-${v}`,
          barcode: v % 4 === 0 ? null : `75000${p}${v}`,
          price: "100.00",
          weight: { unit: units[(p + v) % 4]!, value: 0.25 + ((p * v) % 13) },
          requiresShipping: (p + v) % 31 !== 0,
          metafields:
            v === 1
              ? [{ namespace: "custom", key: "length", type: "number_decimal", value: String(10 + (p % 5)) }]
              : [],
        })),
      });
    }
    const admin = storeAdmin(store, SHOP);
    const pacing = createAdminPacing({ sleep: async (ms) => void (skew += ms), nowMs });
    const pacer = await pacing.loadShop(SHOP);
    const settings = DEFAULT_SETTINGS.catalog;

    // WHEN the catalogue is read once by a bulk query and once page by page
    const bulkReader = createBulkCatalogReader({ admin, pacer, settings });
    const started = await bulkReader.start();
    if (started.kind !== "started") throw new Error(`bulk read not started: ${started.kind}`);
    await store.bulkOperationsIdle();
    const operation = (await bulkReader.status(started.id))!;
    expect(operation.status).toBe("COMPLETED");
    const byBulk: VariantSnapshot[] = [];
    await streamVariantLines({
      url: operation.url!,
      fetch: store.interceptFetch(),
      skip: 0,
      batchSize: 500,
      onBatch: async (snapshots) => {
        byBulk.push(...snapshots);
        return true;
      },
    });
    const reader = createCatalogReader({ admin, pacer, settings });
    const byPages: VariantSnapshot[] = [];
    let after: string | null = null;
    let calls = 0;
    for (;;) {
      const page = await reader.readCatalogPage(after);
      calls += 1;
      byPages.push(...page.snapshots);
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }

    // THEN both hold the same 10,000 variants, field for field
    expect(byBulk).toHaveLength(10_000);
    expect(byPages).toEqual(byBulk);
    // (and the fields compared carry values: dimensions, images, barcodes, variants without SKU)
    expect(byBulk.filter((v) => v.productDimensions.length !== null).length).toBe(134 * 25);
    expect(byBulk.filter((v) => v.productImageUrl).length).toBe(200 * 25);
    expect(byBulk.filter((v) => v.variantDimensions.length !== null).length).toBe(400);
    expect(byBulk.filter((v) => v.sku === null).length).toBeGreaterThan(100);
    expect(byBulk.filter((v) => !v.requiresShipping).length).toBeGreaterThan(300);
    // AND every page stayed within Shopify's 1,000-point limit for one query
    const pageOps = store.inspect(SHOP).operations.filter((op) => op.operationName === "CatalogVariantsPage");
    expect(pageOps).toHaveLength(calls);
    expect(pageOps.every((op) => op.outcome === "ok" && (op.requestedQueryCost ?? Infinity) <= 1000)).toBe(true);
    store.close();
  });
});
