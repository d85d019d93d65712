/**
 * Full catalogue sync of 10,000 and of 100,000 variants, measured the way it runs in production:
 * the built app server (`build/start.js`, its own process, its own job worker), the simulated
 * store in its own process with a Standard plan's throttle ON (a 2,000-point bucket restoring
 * 100 points/s) and the app's `bulk_operations/finish` subscription, and the service sandbox
 * (20 ms of latency on every call), over real HTTP and a real PostgreSQL (embedded, in
 * .data/bench-postgres-<pid>). The shop is installed (offline session) and connected first; then
 * the bench starts the sync as the Catálogo button does and watches the database until it ends,
 * sampling the app server's resident memory (VmRSS) every 250 ms.
 *
 * Goals (issue 12): 10,000 variants end to end < 3 min; 100,000 variants with server memory < 300 MB.
 * Run: tsx bench/catalog-sync.ts [variants…]   (default: 10000 100000)
 * BENCH_PLAN=plus: a Plus plan's throttle (20,000 points restoring 1,000/s) instead of Standard's.
 * BENCH_BULK_ACCESS=off: the app has no bulk query access (issue 31), so the sync reads by pages
 * (bench/catalog-paged.ts runs both reads on both plans).
 * Internally, `tsx bench/catalog-sync.ts --store <variants>` is the store's process.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort, migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { startServiceSandbox } from "../sandbox/service/server";
import { createSimulatedStore, type ProductInput } from "../sandbox/store";
import { benchDatabase } from "./lib/database";

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const VARIANTS_PER_PRODUCT = 4;
const LATENCY_MS = 20;
const API_KEY = "sk_bench_catalog";
const SECRET = "bench-api-secret";
const SHOP = "tienda-bench.myshopify.com";
const STANDARD = { maximumAvailable: 2_000, restoreRate: 100 };
const PLUS = { maximumAvailable: 20_000, restoreRate: 1_000 };
const PLAN = process.env.BENCH_PLAN === "plus" ? { name: "Plus", throttle: PLUS } : { name: "Standard", throttle: STANDARD };
const BULK_ACCESS = process.env.BENCH_BULK_ACCESS !== "off";
const GOALS = { seconds10k: 180, serverMiB100k: 300 };

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

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The store's process: seeds the catalogue, listens, and prints { url, accessToken }. */
async function storeProcess(variants: number): Promise<void> {
  const store = createSimulatedStore({ throttle: PLAN.throttle });
  store.addShop({ domain: SHOP });
  if (!BULK_ACCESS) store.setBulkAccess("query", false);
  for (let p = 0; p < variants / VARIANTS_PER_PRODUCT; p++) store.products.create(SHOP, product(p));
  const appUrl = process.env.BENCH_APP_URL;
  if (appUrl)
    store.subscribeBulkOperationsFinish(SHOP, { url: `${appUrl}/webhooks/bulk_operations/finish`, secret: SECRET });
  const server = await store.listen(0);
  process.stdout.write(`${JSON.stringify({ url: server.url, accessToken: store.accessToken(SHOP) })}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      store.close();
      void server.close().then(() => process.exit(0));
    });
}

const children: ChildProcess[] = [];

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function startStore(
  variants: number,
  appUrl: string,
): Promise<{ url: string; accessToken: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [TSX, path.join(ROOT, "bench/catalog-sync.ts"), "--store", String(variants)], {
    cwd: ROOT,
    env: { ...process.env, BENCH_APP_URL: appUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const ready = await new Promise<{ url: string; accessToken: string }>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { url: string; accessToken: string });
    });
    child.once("exit", (code) => reject(new Error(`the store exited (${code}) before it was ready`)));
  });
  return { ...ready, child };
}

async function startApp(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "build/start.js")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it was healthy`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    if (Date.now() > deadline) throw new Error("the app was not healthy within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

interface Run {
  variants: number;
  readingMs: number;
  totalMs: number;
  state: string;
  synced: number;
  atService: number;
  rssStartMiB: number;
  rssPeakMiB: number;
}

async function main(sizes: number[]): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "build/start.js")) || process.env.BENCH_BUILD === "1") {
    console.log("building the app (npm run build)…");
    if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const dataDir = `.data/bench-postgres-${process.pid}`;
  const quiet = { info() {}, warn: (obj: Record<string, unknown>, msg?: string) => console.warn(msg, obj) };
  const database = await startEmbeddedPostgres({ dataDir, logger: quiet });
  const sandbox = await startServiceSandbox({ port: 0, apiKeys: [API_KEY], latencyMs: LATENCY_MS });
  const env: Record<string, string> = {
    NODE_ENV: "production",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    DATABASE_URL: database.url,
    SHOPIFY_API_KEY: "bench-api-key",
    SHOPIFY_API_SECRET: SECRET,
    SHOPIFY_APP_URL: "https://bench.example.test",
    SCOPES: "read_products",
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SVC_BASE_URL: sandbox.url,
    SVC_QA_BASE_URL: sandbox.url,
  };
  const runs: Run[] = [];
  try {
    await migrateDatabase(database.url);
    Object.assign(process.env, env, { LOG_LEVEL: "silent" });
    const prisma = await benchDatabase();
    const { connectShop } = await import("../app/orchestration/connect-shop.server");
    const { startFullSync } = await import("../app/catalog/full-sync.server");
    const { createSvcClient, SvcTokenCache } = await import("../app/svc");
    const serviceClient = createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });
    const productsAtService = async () => {
      const { accessToken } = await serviceClient.auth();
      const response = await fetch(`${sandbox.url}/__sandbox/products`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await response.json()) as { products: unknown[] }).products.length;
    };
    const svc = {
      baseUrls: { qa: sandbox.url, production: sandbox.url },
      serviceName: "svc",
      encryptionKey: env.ENCRYPTION_KEY!,
    };

    for (const variants of sizes) {
      // A fresh shop each time: nothing read or registered before.
      await prisma.shop.deleteMany({ where: { domain: SHOP } });
      await prisma.session.deleteMany({ where: { shop: SHOP } });
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      console.log(`seeding ${variants.toLocaleString("en-US")} variants into the simulated store…`);
      const store = await startStore(variants, appUrl);
      await prisma.session.create({
        data: {
          id: `offline_${SHOP}`,
          shop: SHOP,
          state: "bench",
          isOnline: false,
          scope: "read_products",
          accessToken: store.accessToken,
        },
      });
      await connectShop({ db: prisma, config: svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
      const app = await startApp({ ...env, SIMULATED_STORE_URL: store.url }, port);
      const atServiceBefore = await productsAtService();
      const rssStartMiB = rssMiB(app.pid!);
      let rssPeakMiB = rssStartMiB;
      const started = performance.now();
      const start = await startFullSync({ db: prisma, shop: SHOP });
      if (!start.started) throw new Error(`the full sync did not start: ${start.reason}`);
      let readingMs = 0;
      let sync = await prisma.catalogSync.findUniqueOrThrow({ where: { id: start.syncId } });
      const deadline = Date.now() + 30 * 60_000;
      while (sync.state === "running" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        rssPeakMiB = Math.max(rssPeakMiB, rssMiB(app.pid!));
        sync = await prisma.catalogSync.findUniqueOrThrow({ where: { id: start.syncId } });
        if (!readingMs && sync.phase === "sending") readingMs = performance.now() - started;
      }
      const totalMs = performance.now() - started;
      rssPeakMiB = Math.max(rssPeakMiB, rssMiB(app.pid!));
      const synced = await prisma.catalogVariant.count({ where: { shop: SHOP, status: "synced" } });
      const atService = (await productsAtService()) - atServiceBefore;
      runs.push({
        variants,
        readingMs,
        totalMs,
        state: sync.state,
        synced,
        atService,
        rssStartMiB,
        rssPeakMiB,
      });
      await stop(app);
      await stop(store.child);
    }
    await prisma.$disconnect();
  } finally {
    await Promise.all(children.map(stop));
    await sandbox.close().catch(() => undefined);
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report(runs);
}

function report(runs: Run[]): void {
  console.log(
    `\nCatalogue sync over HTTP: production server + simulated store (${PLAN.name} plan throttle: ${PLAN.throttle.maximumAvailable.toLocaleString("en-US")} points, ${PLAN.throttle.restoreRate.toLocaleString("en-US")}/s; ${BULK_ACCESS ? "bulk query" : "no bulk access: paged read"}) + sandbox (${LATENCY_MS} ms)`,
  );
  console.table(
    runs.map((r) => ({
      variants: r.variants.toLocaleString("en-US"),
      "reading (s)": seconds(r.readingMs),
      "sending (s)": seconds(r.totalMs - r.readingMs),
      "end to end (s)": seconds(r.totalMs),
      "variants/s": Math.round(r.variants / (r.totalMs / 1000)).toLocaleString("en-US"),
      "server RSS start (MB)": r.rssStartMiB.toFixed(0),
      "server RSS peak (MB)": r.rssPeakMiB.toFixed(0),
      result: `${r.state}, ${r.synced.toLocaleString("en-US")} synced, ${r.atService.toLocaleString("en-US")} at the service`,
    })),
  );
  let failed = false;
  for (const r of runs) {
    const complete = r.state === "completed" && r.synced === r.variants && r.atService === r.variants;
    if (!complete) failed = true;
    const verdicts: string[] = [];
    if (r.variants <= 10_000) {
      const met = r.totalMs / 1000 < GOALS.seconds10k;
      verdicts.push(
        `end to end ${seconds(r.totalMs)} s vs goal < ${GOALS.seconds10k} s: ${met ? "met" : "MISSED"} (${met ? "" : "+"}${seconds(Math.abs(GOALS.seconds10k * 1000 - r.totalMs))} s ${met ? "to spare" : "over"})`,
      );
    }
    if (r.variants >= 100_000) {
      const met = r.rssPeakMiB < GOALS.serverMiB100k;
      verdicts.push(
        `server RSS peak ${r.rssPeakMiB.toFixed(0)} MB vs goal < ${GOALS.serverMiB100k} MB: ${met ? "met" : "MISSED"}`,
      );
    }
    console.log(
      `${r.variants.toLocaleString("en-US")} variants: ${complete ? "complete" : "INCOMPLETE"}; ${verdicts.join("; ") || "no goal at this size"}`,
    );
  }
  if (failed) process.exitCode = 1;
}

const args = process.argv.slice(2);
const run =
  args[0] === "--store" ? storeProcess(Number(args[1])) : main(args.length > 0 ? args.map(Number) : [10_000, 100_000]);
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
