/**
 * Full catalogue sync of 10,000 variants: a simulated store (2,500 products × 4 variants, weights
 * in four units, dimensions on variants or products, as number_decimal or `dimension`) into the
 * service sandbox with 20 ms of latency on every call, through the real job handler, with a real
 * PostgreSQL (embedded, in .data/bench-postgres-<pid>).
 *
 * Shopify's cost throttle is outside the app's control, so the measured run gives the store an
 * unlimited bucket (what the app itself can do), and the table adds what the read would take
 * at each plan's restore rate for the points the run actually spent.
 * Goal: the whole catalogue (reading + sending) in under 60 s. Run: tsx bench/catalog-sync.ts [variants]
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { startServiceSandbox } from "../sandbox/service/server";
import { createSimulatedStore, type ProductInput } from "../sandbox/store";

const VARIANTS = Number(process.argv[2] ?? 10_000);
const VARIANTS_PER_PRODUCT = 4;
const LATENCY_MS = 20;
const GOAL_SECONDS = 60;
const API_KEY = "sk_bench_catalog";
const SHOP = "tienda-bench.myshopify.com";
const PLANS = [
  ["Standard", 100],
  ["Advanced", 200],
  ["Plus", 1_000],
  ["Enterprise", 2_000],
] as const;

Object.assign(process.env, {
  NODE_ENV: process.env.NODE_ENV ?? "production",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
  SHOPIFY_API_KEY: process.env.SHOPIFY_API_KEY ?? "bench-api-key",
  SHOPIFY_API_SECRET: process.env.SHOPIFY_API_SECRET ?? "bench-api-secret",
  SHOPIFY_APP_URL: process.env.SHOPIFY_APP_URL ?? "https://bench.example.test",
  SCOPES: process.env.SCOPES ?? "read_products",
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
  SVC_BASE_URL: "http://127.0.0.1:4010",
  SVC_QA_BASE_URL: "http://127.0.0.1:4010",
});

const UNITS = ["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"] as const;
const decimalCm = (l: number, w: number, h: number) =>
  (
    [
      ["length", l],
      ["width", w],
      ["height", h],
    ] as const
  ).map(([key, v]) => ({ namespace: "custom", key, type: "number_decimal", value: v.toFixed(1) }));
const dimensionIn = (l: number, w: number, h: number) =>
  (
    [
      ["length", l],
      ["width", w],
      ["height", h],
    ] as const
  ).map(([key, value]) => ({
    namespace: "custom",
    key,
    type: "dimension",
    value: JSON.stringify({ value, unit: "in" }),
  }));

/** Product `p` of the generated catalogue: half keep dimensions on the product, half per variant. */
function product(p: number): ProductInput {
  const onProduct = p % 2 === 0;
  return {
    title: `Artesanía ${p}`,
    options: ["Tamaño"],
    imageUrls: [`https://cdn.shopify.com/s/files/bench/${p}.jpg`],
    metafields: onProduct ? decimalCm(10 + (p % 30), 8 + (p % 20), 5 + (p % 10)) : [],
    variants: Array.from({ length: VARIANTS_PER_PRODUCT }, (_, v) => {
      const unit = UNITS[(p + v) % UNITS.length]!;
      const value =
        unit === "GRAMS"
          ? 100 + v * 50
          : unit === "KILOGRAMS"
            ? 0.25 + v * 0.5
            : unit === "OUNCES"
              ? 4 + v * 2.5
              : 0.5 + v * 0.75;
      return {
        options: [`T${v + 1}`],
        sku: `BENCH-${p}-${v + 1}`,
        barcode: p % 3 === 0 ? `750${String(p * 10 + v).padStart(9, "0")}` : null,
        price: "199.00",
        weight: { unit, value },
        metafields: onProduct ? [] : dimensionIn(4 + v, 3 + v, 2 + (v % 2)),
      };
    }),
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString("en-US");

async function main(): Promise<void> {
  const dataDir = `.data/bench-postgres-${process.pid}`;
  const quiet = {
    info() {},
    warn(obj: Record<string, unknown>, msg?: string) {
      console.warn(msg, obj);
    },
  };
  const database = await startEmbeddedPostgres({ dataDir, logger: quiet });
  const sandbox = await startServiceSandbox({ port: 0, apiKeys: [API_KEY], latencyMs: LATENCY_MS });
  try {
    await migrateDatabase(database.url);
    process.env.DATABASE_URL = database.url;
    const { default: prisma } = await import("../app/db.server");
    const { logger } = await import("../app/logger.server");
    const { connectShop, createSvcClientResolver } = await import("../app/models/svc-connection.server");
    const { catalogJobHandlers } = await import("../app/catalog/jobs.server");
    const { startFullSync } = await import("../app/catalog/full-sync.server");
    const { createJobWorker } = await import("../app/jobs/worker.server");

    // The store, filled through its own API.
    const store = createSimulatedStore({ throttle: { maximumAvailable: 1_000_000_000, restoreRate: 1_000_000_000 } });
    store.addShop({ domain: SHOP });
    const seedStarted = performance.now();
    for (let p = 0; p < VARIANTS / VARIANTS_PER_PRODUCT; p++) store.products.create(SHOP, product(p));
    const seedMs = performance.now() - seedStarted;

    const svc = {
      baseUrls: { qa: sandbox.url, production: sandbox.url },
      serviceName: "svc",
      encryptionKey: process.env.ENCRYPTION_KEY!,
    };
    await connectShop({ db: prisma, config: svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    const resolve = createSvcClientResolver(prisma, svc);
    let firstSendAt: number | undefined;
    let storeMs = 0;
    let sends = 0;
    let lookups = 0;
    const handlers = catalogJobHandlers(
      { db: prisma, logger, now: () => new Date() },
      {
        budgetMs: 10 * 60_000,
        adminFor: async () => async (query, variables) => {
          const before = performance.now();
          const result = await store.graphql(SHOP, query, variables);
          storeMs += performance.now() - before;
          return result as never;
        },
        svcClientFor: async (shop) => {
          const client = (await resolve(shop))!;
          return {
            ...client,
            createProducts: (params) => {
              firstSendAt ??= performance.now();
              sends++;
              return client.createProducts(params);
            },
            getProduct: (id, options) => {
              lookups++;
              return client.getProduct(id, options);
            },
          };
        },
      },
    );
    const worker = createJobWorker({ db: prisma, handlers, logger, concurrency: 1 });

    const started = performance.now();
    const start = await startFullSync({ db: prisma, shop: SHOP });
    if (!start.started) throw new Error(start.message);
    await worker.runOnce();
    const totalMs = performance.now() - started;
    const readingMs = (firstSendAt ?? performance.now()) - started;
    const sendingMs = totalMs - readingMs;

    const sync = await prisma.catalogSync.findUniqueOrThrow({ where: { id: start.syncId } });
    const byStatus = await prisma.catalogVariant.groupBy({
      by: ["status"],
      where: { shop: SHOP },
      _count: { _all: true },
    });
    const operations = store.inspect(SHOP).operations;
    const pages = operations.filter((op) => op.operationName === "CatalogVariantsPage");
    const points = operations.reduce((sum, op) => sum + (op.actualQueryCost ?? 0), 0);
    const { accessToken } = await (await resolve(SHOP))!.auth();
    const atService = (
      (await (
        await fetch(`${sandbox.url}/__sandbox/products`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as { products: unknown[] }
    ).products.length;
    const synced = byStatus.find((s) => s.status === "synced")?._count._all ?? 0;

    console.log(
      `Catalogue sync: ${VARIANTS.toLocaleString("en-US")} variants (${VARIANTS / VARIANTS_PER_PRODUCT} products), sandbox latency ${LATENCY_MS} ms`,
    );
    console.table([
      { step: "seed the simulated store (its API)", seconds: seconds(seedMs), "variants/s": rate(VARIANTS, seedMs) },
      {
        step: "reading (Admin GraphQL pages → DB)",
        seconds: seconds(readingMs),
        "variants/s": rate(VARIANTS, readingMs),
      },
      { step: "  of which inside the simulated store", seconds: seconds(storeMs), "variants/s": "" },
      {
        step: "  of which the app (mapping, DB)",
        seconds: seconds(readingMs - storeMs),
        "variants/s": rate(VARIANTS, readingMs - storeMs),
      },
      { step: "sending (product/new batches)", seconds: seconds(sendingMs), "variants/s": rate(synced, sendingMs) },
      { step: "full sync (reading + sending)", seconds: seconds(totalMs), "variants/s": rate(VARIANTS, totalMs) },
    ]);
    console.log(
      `sync ${sync.state}; statuses ${byStatus.map((s) => `${s.status}=${s._count._all}`).join(", ")}; products at the service ${atService}; ` +
        `${pages.length} pages, ${sends} product/new calls, ${lookups} lookups`,
    );
    const bucket = (perSecond: number) => perSecond * 20; // assumed: a bucket holds 20 s of restore, as Standard's 2,000 at 100/s
    console.log(
      `Admin GraphQL points spent (actual cost): ${points.toLocaleString("en-US")} (${(points / VARIANTS).toFixed(1)} per variant)`,
    );
    console.table(
      PLANS.map(([plan, perSecond]) => ({
        plan,
        "restore (points/s)": perSecond,
        "read floor set by the throttle (s)": seconds((Math.max(0, points - bucket(perSecond)) / perSecond) * 1000),
      })),
    );
    const ok = sync.state === "completed" && synced === VARIANTS && atService === VARIANTS;
    console.log(`${ok ? "OK" : "FAILED"}: full sync ${seconds(totalMs)} s (goal < ${GOAL_SECONDS} s, app-bound)`);
    await prisma.$disconnect();
    if (!ok) process.exitCode = 1;
  } finally {
    await sandbox.close();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
