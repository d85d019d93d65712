/**
 * Rates that survive a bad minute (issue 23), measured over HTTP against the production build
 * (`node build/start.js`), the service sandbox behind the counting proxy (BENCH_LATENCY_MS, default
 * 50 ms), PostgreSQL, and an open-loop load generator, each in its own process:
 *   1. stale-if-error — the service fails half of its quotations (the proxy answers the service's
 *      500): the share of checkouts answered with real rates and the p99, for a shop with the last
 *      rates kept 24 h and one with it off (what every shop got before), same carts, same load;
 *   2. refresh-ahead — a realistic mix of repeated carts (Zipf popularity over many carts, open
 *      loop), the share answered from the cache with refresh-ahead and with it off (a second app
 *      process with RATES_REFRESH_AHEAD=0), read from the quote log.
 * Results also go to bench/results/ (git-ignored). Run: npm run bench -- http-stale-refresh
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { BENCH_SKUS, cart, shopifyHmac } from "./lib/carts";
import type { LoadResult } from "./lib/load";
import { createReport, loadAverage } from "./lib/report";
import {
  BENCH_API_KEY as API_KEY,
  BENCH_ENCRYPTION_KEY as ENCRYPTION_KEY,
  BENCH_SECRET as SECRET,
  benchAppEnv,
  ensureBuilt,
  registerProducts,
  ROOT,
  runLoad,
  startApp,
  startUpstream,
  stopChildren,
} from "./lib/processes";
import { benchDatabase } from "./lib/database";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FAIL_RATIO = Number(process.env.BENCH_FAIL_RATIO ?? 0.5);
const STALE_CARTS = 200;
const STALE_RATE = 100;
const STALE_TTL_S = 2;
// A shop with a few best-sellers, and one with a long tail.
const MIX_CARTS = (process.env.BENCH_MIX_CARTS ?? "300,2000").split(",").map(Number);
const MIX_RATE = Number(process.env.BENCH_MIX_RATE ?? 200);
const MIX_TTL_S = Number(process.env.BENCH_MIX_TTL_S ?? 10);
const STALE_ON = "tienda-respaldo.myshopify.com";
const STALE_OFF = "tienda-sin-respaldo.myshopify.com";
const MIX_ON = "tienda-mezcla.myshopify.com";
const MIX_OFF = "tienda-mezcla-sin.myshopify.com";

const { say, table, save } = createReport("http-stale-refresh");
const pct = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)} %` : "—");
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "—");
const ok2xx = (r: LoadResult) =>
  Object.entries(r.statuses)
    .filter(([s]) => s.startsWith("2"))
    .reduce((n, [, c]) => n + c, 0);
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** Request i of a Zipf(1) popularity over `carts` carts (seeded): a few carts are asked for often, most rarely. */
function zipfSequence(n: number, carts: number, seed = 11): number[] {
  const weights = Array.from({ length: carts }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: n }, () => {
    const r = random();
    let lo = 0;
    let hi = carts - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
}

async function main() {
  ensureBuilt();
  const loadBefore = loadAverage();
  const dataDir = path.join(ROOT, `.data/bench-stale-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, logger: { info() {}, warn() {} } });
  try {
    await migrateDatabase(database.url, ROOT);
    const upstream = await startUpstream({ SANDBOX_LATENCY_MS: String(LATENCY_MS), SANDBOX_API_KEYS: API_KEY });
    const appEnv = benchAppEnv({
      databaseUrl: database.url,
      qa: upstream.url,
      production: upstream.url,
      scopes: "read_products,write_shipping",
    });
    Object.assign(process.env, appEnv, { LOG_LEVEL: "silent" });
    const prisma = await benchDatabase();
    const { connectShop } = await import("../app/orchestration/connect-shop.server");
    const { updateShopSettings } = await import("../app/shop/shop-settings.server");
    const config = {
      baseUrls: { qa: upstream.url, production: upstream.url },
      serviceName: "svc",
      encryptionKey: ENCRYPTION_KEY,
    };
    const shops = [
      [STALE_ON, { cacheTtlSeconds: STALE_TTL_S, staleMaxAgeHours: 24 }],
      [STALE_OFF, { cacheTtlSeconds: STALE_TTL_S, staleMaxAgeHours: 0 }],
      [MIX_ON, { cacheTtlSeconds: MIX_TTL_S }],
      [MIX_OFF, { cacheTtlSeconds: MIX_TTL_S }],
    ] as const;
    for (const [shop, rates] of shops) {
      await prisma.shop.create({ data: { domain: shop } });
      await connectShop({ db: prisma, config, shop, apiKey: API_KEY, environment: "qa" });
      await updateShopSettings({ db: prisma, shop, patch: { rates } });
    }
    await registerProducts(upstream.url, BENCH_SKUS);

    // One warning per failed quotation would be thousands of lines: errors only.
    const app = await startApp({ ...appEnv, LOG_LEVEL: "error" });
    const appWithout = await startApp({ ...appEnv, LOG_LEVEL: "error", RATES_REFRESH_AHEAD: "0" });
    const setFailRatio = (ratio: number) =>
      fetch(`${upstream.url}/__bench/fail`, { method: "POST", body: JSON.stringify({ ratio }) });
    const outcomes = async (shop: string) => {
      await sleep(1_000); // the quote log writes every 250 ms
      const rows = await prisma.$queryRaw<{ outcome: string; hit: boolean; n: number }[]>`
        SELECT outcome, "cacheHit" AS hit, count(*)::int AS n FROM "QuoteLog" WHERE shop = ${shop} GROUP BY 1, 2`;
      const count = (f: (r: { outcome: string; hit: boolean }) => boolean) =>
        rows.filter(f).reduce((n, r) => n + r.n, 0);
      return {
        total: count(() => true),
        stale: count((r) => r.outcome === "stale"),
        backup: count((r) => r.outcome === "backup"),
        hits: count((r) => r.hit),
      };
    };
    const clearLog = () => prisma.quoteLog.deleteMany({});

    say(`rates that survive a bad minute — ${new Date().toISOString()}`);
    say(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load average before ${loadBefore}`,
    );
    say(
      `app: node build/start.js (own process); upstream: service sandbox + ${LATENCY_MS} ms behind a counting, failing proxy (own process); load: open loop (own process)`,
    );

    // 1. Stale-if-error.
    const staleRows: (string | number)[][] = [];
    for (const shop of [STALE_ON, STALE_OFF]) {
      const base = { url: app.url, path: "/carrier-service/rates", secret: SECRET, shop, connections: 50 };
      await setFailRatio(0);
      // Every cart quoted once while the service is healthy, then its cache time runs out.
      await runLoad({ ...base, carts: "distinct", start: 0, amount: STALE_CARTS, rate: STALE_RATE });
      await sleep(STALE_TTL_S * 1000 + 500);
      await clearLog();
      await setFailRatio(FAIL_RATIO);
      const before = await (await fetch(`${upstream.url}/__bench/quotes`)).json();
      const amount = STALE_RATE * SECONDS;
      const r = await runLoad({ ...base, carts: "mixed", start: 0, distinct: STALE_CARTS, amount, rate: STALE_RATE });
      const after = await (await fetch(`${upstream.url}/__bench/quotes`)).json();
      const calls = (after as { calls: number }).calls - (before as { calls: number }).calls;
      const failed = (after as { failed: number }).failed - (before as { failed: number }).failed;
      const log = await outcomes(shop);
      staleRows.push([
        shop === STALE_ON ? "on (24 h)" : "off (before)",
        r.count,
        pct(ok2xx(r), r.count),
        pct(log.stale, log.total),
        pct(log.backup, log.total),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        `${failed}/${calls}`,
      ]);
    }
    await setFailRatio(0);
    table(
      `1. stale-if-error: the service fails ${FAIL_RATIO * 100} % of quotations; ${STALE_CARTS} carts each quoted once beforehand, cache time ${STALE_TTL_S} s; then ${STALE_RATE}/s over those carts for ${SECONDS} s`,
      [
        "last rates",
        "requests",
        "real rates (200)",
        "of them stale",
        "backup (503)",
        "p50 ms",
        "p99 ms",
        "max ms",
        "upstream failed/calls",
      ],
      staleRows,
    );

    // 2. Refresh-ahead on a realistic mix.
    const amount = MIX_RATE * SECONDS * 3;
    const mixRows: (string | number)[][] = [];
    let offset = 10_000;
    for (const carts of MIX_CARTS) {
      const sequence = zipfSequence(amount, carts);
      const distinctAsked = new Set(sequence).size;
      for (const [label, shop, url] of [
        ["on", MIX_ON, app.url],
        ["off", MIX_OFF, appWithout.url],
      ] as const) {
        const file = path.join(ROOT, `.data/bench-mix-${process.pid}-${label}.json`);
        const bodies = new Map<number, { headers: Record<string, string>; body: string }>();
        const entry = (i: number) => {
          let built = bodies.get(i);
          if (!built) {
            const raw = cart(offset + i).raw;
            built = {
              body: raw,
              headers: {
                "content-type": "application/json",
                "x-shopify-shop-domain": shop,
                "x-shopify-hmac-sha256": shopifyHmac(raw, SECRET),
              },
            };
            bodies.set(i, built);
          }
          return built;
        };
        fs.writeFileSync(file, JSON.stringify(sequence.map(entry)));
        await clearLog();
        const before = await upstream.quotes();
        const r = await runLoad({
          url,
          path: "/carrier-service/rates",
          carts: "file",
          file,
          secret: SECRET,
          shop,
          connections: 50,
          amount,
          rate: MIX_RATE,
        });
        const calls = (await upstream.quotes()) - before;
        fs.rmSync(file, { force: true });
        const log = await outcomes(shop);
        mixRows.push([
          `${carts} (${distinctAsked} asked)`,
          label,
          r.count,
          pct(log.hits, log.total),
          // A cart's first request can only miss: of the others, how many did not wait on the service.
          pct(log.hits, log.total - distinctAsked),
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          calls,
        ]);
      }
      offset += carts;
    }
    table(
      `2. refresh-ahead: ${amount} requests at ${MIX_RATE}/s (open loop), Zipf(1) popularity over N carts, cache time ${MIX_TTL_S} s, refreshed in its last 10 %`,
      [
        "carts",
        "refresh-ahead",
        "requests",
        "from cache",
        "repeats from cache",
        "p50 ms",
        "p99 ms",
        "max ms",
        "upstream calls",
      ],
      mixRows,
    );
    say(`load average after: ${loadAverage()}`);
    await prisma.$disconnect();
    save();
  } finally {
    await stopChildren();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
