import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE_FACTS, createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { findDuplicateSkus } from "~/catalog/duplicate-skus";
import { mapVariant } from "~/catalog/map-variant";
import { createCatalogReader, VARIANT_NODE_COST } from "~/catalog/shopify-catalog.server";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import type { VariantSnapshot } from "~/catalog/variant-snapshot";
import type { AdminGraphql } from "~/shopify/admin.server";
import { SETTINGS } from "./support";

const DOMAIN = "tienda-demo.myshopify.com";

/** A store on a clock that only moves when the pacer sleeps, so waiting costs no real time. */
function demo(throttle?: { maximumAvailable?: number; restoreRate?: number }) {
  let nowMs = Date.parse("2026-11-20T16:00:00Z");
  const store = createSimulatedStore({ now: () => nowMs, throttle });
  store.addShop({ domain: DOMAIN });
  store.seedDemoCatalogue(DOMAIN);
  const slept: number[] = [];
  const pacer = createAdminPacing({
    nowMs: () => nowMs,
    sleep: async (ms) => {
      slept.push(ms);
      nowMs += ms;
    },
  }).forShop(DOMAIN);
  const admin: AdminGraphql = (query, variables) => store.graphql(DOMAIN, query, variables) as never;
  return { store, pacer, slept, reader: createCatalogReader({ admin, pacer, settings: SETTINGS }) };
}

async function readAll(reader: ReturnType<typeof demo>["reader"], pageSize?: number): Promise<VariantSnapshot[]> {
  const all: VariantSnapshot[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await reader.readVariantsPage(cursor, pageSize);
    all.push(...page.snapshots);
    if (!page.hasNextPage) return all;
    cursor = page.endCursor;
  }
}

const outcomes = (store: SimulatedStore) => store.inspect(DOMAIN).operations.map((op) => op.outcome);

describe("the catalogue reader against the simulated store", () => {
  it("reads every demo variant, and mapping them reaches the conclusions the demo's facts state", async () => {
    const { reader, store } = demo();
    const snapshots = await readAll(reader);
    expect(await reader.countVariants()).toBe(DEMO_CATALOGUE_FACTS.length);
    expect(snapshots).toHaveLength(DEMO_CATALOGUE_FACTS.length);
    const mapped = snapshots.map((s) => ({ s, mapping: mapVariant(s, SETTINGS) }));
    const duplicates = findDuplicateSkus(
      mapped.flatMap(({ s, mapping }) =>
        mapping.kind === "ready"
          ? [{ variantId: s.variantId, sku: mapping.product.sku, name: "", registered: false }]
          : [],
      ),
    );
    for (const fact of DEMO_CATALOGUE_FACTS) {
      const found = mapped.find(
        ({ s }) => s.productTitle === fact.productTitle && s.variantTitle === fact.variantTitle,
      )!;
      const sent = found.mapping.kind === "ready" && !duplicates.has(found.s.variantId);
      expect({ key: fact.key, outcome: sent ? "synced" : "skipped" }).toEqual({ key: fact.key, outcome: fact.outcome });
      if (sent && found.mapping.kind === "ready") {
        const data = found.mapping.product.dimension!.data;
        expect(Number(data.peso)).toBe(Math.round(fact.weightGrams!));
        expect([data.largo, data.ancho, data.altura].map(Number)).toEqual(
          [fact.dimensionsCm!.length, fact.dimensionsCm!.width, fact.dimensionsCm!.height].map(
            (n) => Math.round(n * 100) / 100,
          ),
        );
      }
    }
    expect(outcomes(store)).not.toContain("throttled");
  });

  it("prices a page as Shopify does, so pages are as large as the single-query limit allows", async () => {
    const { reader, store } = demo();
    await reader.readVariantsPage(null, 10);
    const [operation] = store.inspect(DOMAIN).operations;
    expect(operation!.requestedQueryCost).toBe(2 + 10 * VARIANT_NODE_COST);
  });

  it("never provokes THROTTLED on a small bucket: pages shrink to fit and the pacer waits for points", async () => {
    const { reader, store, slept } = demo({ maximumAvailable: 200, restoreRate: 20 });
    await reader.countVariants(); // the sync's first call: a cheap one that reports the bucket
    const snapshots = await readAll(reader);
    expect(snapshots).toHaveLength(DEMO_CATALOGUE_FACTS.length);
    expect(outcomes(store).every((o) => o === "ok")).toBe(true);
    expect(slept.length).toBeGreaterThan(0);
    for (const op of store.inspect(DOMAIN).operations) expect(op.requestedQueryCost).toBeLessThanOrEqual(200);
  });

  it("shrinks a page that could never fit a bucket it had not seen yet", async () => {
    const { reader, store } = demo({ maximumAvailable: 200, restoreRate: 20 });
    const snapshots = await readAll(reader);
    expect(snapshots).toHaveLength(DEMO_CATALOGUE_FACTS.length);
    expect(outcomes(store).filter((o) => o === "throttled")).toHaveLength(1);
  });

  it("waits and retries when the store answers THROTTLED anyway (a drained bucket)", async () => {
    const { reader, store, pacer } = demo({ maximumAvailable: 1000, restoreRate: 50 });
    store.drainThrottle(DOMAIN);
    const snapshots = await readAll(reader);
    expect(snapshots).toHaveLength(DEMO_CATALOGUE_FACTS.length);
    expect(pacer.throttledCount).toBe(1);
    expect(outcomes(store).filter((o) => o === "throttled")).toHaveLength(1);
  });

  it("reads one product's variants and finds the product behind an inventory item", async () => {
    const { reader, store } = demo();
    const taza = store.products.list(DOMAIN).find((p) => p.handle === "taza-de-barro")!;
    const variants = await reader.readProductVariants(taza.admin_graphql_api_id);
    expect(variants!.map((v) => v.sku)).toEqual(["TAZA-AZ", "TAZA-VE", "TAZA-NA", "TAZA-RO"]);
    const itemId = `gid://shopify/InventoryItem/${taza.variants[0]!.inventory_item_id}`;
    expect(await reader.productOfInventoryItem(itemId)).toBe(taza.admin_graphql_api_id);
    expect(await reader.readProductVariants("gid://shopify/Product/1")).toBeNull();
  });
});
