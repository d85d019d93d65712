/**
 * «Almacén» with a large catalogue (issue 32): 10,000 SKUs in the last stock read of one shop
 * (and 10,000 of another, so the shop's filter is exercised), in a real PostgreSQL (embedded,
 * .data/bench-postgres-<pid>). Times the page's data (app/warehouse/warehouse-page.server.ts, the
 * loader's queries: counts per filter, the matching count and one page) for the first page, a
 * page deep in the list, each filter, an accent-blind search, and the CSV's rows (every row the
 * filter selects). Reports p50 and p95 of each over the runs.
 *
 * Goal: every page answer p95 < 150 ms; the 10,000-row CSV p95 < 1 s.
 * Run: tsx bench/warehouse-page.ts [skus] [runs]   (default 10000 30)
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { benchDatabase } from "./lib/database";
import { benchAppEnv, ROOT } from "./lib/processes";

const SKUS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 30);
const GOALS = { pageP95Ms: 150, csvP95Ms: 1000 };
const SHOP = "bench-almacen.myshopify.com";
const OTHER = "bench-otra.myshopify.com";

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

async function main() {
  const dataDir = path.join(ROOT, `.data/bench-postgres-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, logger: { info() {}, warn: console.warn } });
  try {
    await migrateDatabase(database.url, ROOT);
    // The app's modules read a validated configuration; no server or service is called here.
    const nowhere = "http://127.0.0.1:9";
    Object.assign(
      process.env,
      benchAppEnv({ databaseUrl: database.url, qa: nowhere, production: nowhere, scopes: "read_products" }),
    );
    const db = await benchDatabase();
    const { warehousePageData, warehouseExportRows } = await import("../app/warehouse/warehouse-page.server");
    const { parseWarehouseQuery } = await import("../app/warehouse/warehouse-query");
    const readAt = new Date();
    for (const shop of [SHOP, OTHER]) {
      await db.shop.create({ data: { domain: shop } });
      for (let start = 0; start < SKUS; start += 1000) {
        await db.warehouseStock.createMany({
          data: Array.from({ length: Math.min(1000, SKUS - start) }, (_, k) => {
            const i = start + k;
            const available = i % 17 === 0 ? 0 : i % 40;
            return {
              shop,
              sku: `SKU-${String(i).padStart(6, "0")}`,
              name: i % 3 === 0 ? `Jabón artesanal ${i}` : `Taza de barro ${i}`,
              available,
              inStock: available + (i % 5),
              productId: i % 11 === 0 ? null : `gid://shopify/Product/${i}`,
              variantId: i % 11 === 0 ? null : `gid://shopify/ProductVariant/${i}`,
              title: null,
              shopifyAvailable: i % 11 === 0 ? null : available - (i % 23 === 0 ? 1 : 0),
              awaiting: 0,
              readAt,
            };
          }),
        });
      }
    }
    const cases: Array<[string, string]> = [
      ["first page", ""],
      ["page 150", "?page=150"],
      ["with a difference", "?status=differs"],
      ["out of stock", "?status=out_of_stock"],
      ["low stock", "?status=low_stock"],
      ["not in Shopify", "?status=not_in_shopify"],
      ["search «jabon 99»", "?q=jabon%2099"],
    ];
    let failed = false;
    for (const [name, search] of cases) {
      const query = parseWarehouseQuery(new URL(`http://app/app/warehouse${search}`));
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await warehousePageData(db, SHOP, query, new Date());
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      failed ||= p95 > GOALS.pageP95Ms;
      console.log(`${name.padEnd(22)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
    }
    const csvTimes: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 10); run++) {
      const started = performance.now();
      await warehouseExportRows(db, SHOP, parseWarehouseQuery(new URL("http://app/app/warehouse")));
      csvTimes.push(performance.now() - started);
    }
    csvTimes.sort((a, b) => a - b);
    const csvP95 = percentile(csvTimes, 95);
    failed ||= csvP95 > GOALS.csvP95Ms;
    console.log(
      `CSV rows (${SKUS})`.padEnd(22),
      `p50 ${percentile(csvTimes, 50).toFixed(1)} ms  p95 ${csvP95.toFixed(1)} ms`,
    );
    console.log(failed ? "GOAL MISSED" : "goals met");
    await db.$disconnect();
    if (failed) process.exitCode = 1;
  } finally {
    await database.stop();
  }
}

await main();
