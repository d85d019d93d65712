/**
 * The checkout rate callback measured the way Shopify calls it: over HTTP, many requests at once.
 * Processes: the production build (`node build/start.js`, what `npm start` runs), the service
 * sandbox with BENCH_LATENCY_MS (default 50) behind a counting proxy, a second one that never
 * answers a quotation (the service hanging), PostgreSQL, and autocannon in its own process per
 * load. The naive pass-through (same checks, no cache, no single-flight, no profile cache) is the
 * same server's /carrier-service/rates-naive (RATES_NAIVE_BASELINE=1), measured in the same run.
 * Every row shows the ratio to it; every goal of issue 12 (and issue 21's memory goal: RSS after the
 * whole bench < 256 MiB) is printed with met / missed. Issue 34's: the cached answer's closed loop
 * is also run against a bare node:http server (bench/lib/bare-http.ts, own process) answering the
 * same bytes, right before and right after the app, and the ratio is printed.
 * Results also go to bench/results/ (git-ignored). Run: npm run bench -- http-rates
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { BENCH_SKUS, cart, shopifyHmac } from "./lib/carts";
import type { LoadResult, LoadSpec } from "./lib/load";
import {
  BENCH_API_KEY as API_KEY,
  BENCH_ENCRYPTION_KEY as ENCRYPTION_KEY,
  BENCH_SECRET as SECRET,
  benchAppEnv,
  ensureBuilt,
  otlpReceived,
  registerProducts,
  ROOT,
  rssMiB,
  runLoad,
  startApp,
  startJsonChild,
  startUpstream,
  stopChildren,
} from "./lib/processes";
import { benchDatabase } from "./lib/database";
import { withCpu } from "./lib/proc-cpu";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const HANG_DEADLINE_MS = 1_000;
const SHOP = "tienda-bench.myshopify.com";
const HANGING_SHOP = "tienda-colgada.myshopify.com";
const MISS_RATES = [50, 200, 500];
const HIT_STEPS = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000];
/** Closed loops of the app, each between two of the bare node:http baseline (issue 34). */
const BARE_ROUNDS = Number(process.env.BENCH_BARE_ROUNDS ?? 3);
// BENCH_SCENARIOS=miss,hit,burst,hang runs only those (all by default).
const only = (process.env.BENCH_SCENARIOS ?? "miss,hit,burst,hang").split(",");

const lines: string[] = [];
const say = (text = "") => {
  lines.push(text);
  console.log(text);
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "—");
const ratio = (a: number, b: number) =>
  b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(a / b < 10 ? 2 : 0)}×` : "—";
const non2xx = (r: LoadResult) =>
  Object.entries(r.statuses)
    .filter(([s]) => !s.startsWith("2"))
    .reduce((n, [, c]) => n + c, 0) + r.errors;

interface Goal {
  name: string;
  measured: string;
  met: boolean;
  by: string;
}
const goals: Goal[] = [];
function goal(name: string, value: number, limit: number, unit: string, atMost = true) {
  const met = atMost ? value < limit : value >= limit;
  const by = atMost
    ? `${(limit - value).toFixed(2)} ${unit} ${met ? "under" : "over"}`
    : `${ratio(value, limit)} of the goal`;
  goals.push({
    name,
    measured: `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`,
    met,
    by: met || atMost ? by : `${by}`,
  });
}

function table(title: string, head: string[], rows: (string | number)[][]) {
  say(`\n${title}`);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (r: (string | number)[]) => r.map((c, i) => String(c).padStart(widths[i]!)).join("  ");
  say(fmt(head));
  for (const r of rows) say(fmt(r));
}

async function main() {
  ensureBuilt();
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const dataDir = path.join(ROOT, `.data/bench-http-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, logger: { info() {}, warn() {} } });
  try {
    await migrateDatabase(database.url, ROOT);
    const upstream = await startUpstream({ SANDBOX_LATENCY_MS: String(LATENCY_MS), SANDBOX_API_KEYS: API_KEY });
    const hanging = await startUpstream({ BENCH_UPSTREAM_HANG: "1", SANDBOX_API_KEYS: API_KEY });

    // Seeding through the app's own modules, as the settings page would.
    const appEnv = benchAppEnv({
      databaseUrl: database.url,
      qa: upstream.url,
      production: hanging.url,
      scopes: "read_products,write_shipping",
    });
    Object.assign(process.env, appEnv, { LOG_LEVEL: "silent" });
    const prisma = await benchDatabase();
    const { connectShop } = await import("../app/orchestration/connect-shop.server");
    const { updateShopSettings } = await import("../app/shop/shop-settings.server");
    const { createSvcClient, SvcTokenCache } = await import("../app/svc");
    const config = {
      baseUrls: { qa: upstream.url, production: hanging.url },
      serviceName: "svc",
      encryptionKey: ENCRYPTION_KEY,
    };
    for (const [shop, environment] of [
      [SHOP, "qa"],
      [HANGING_SHOP, "production"],
    ] as const) {
      await prisma.shop.create({ data: { domain: shop } });
      await connectShop({ db: prisma, config, shop, apiKey: API_KEY, environment });
    }
    await updateShopSettings({ db: prisma, shop: HANGING_SHOP, patch: { rates: { deadlineMs: HANG_DEADLINE_MS } } });
    for (const url of [upstream.url, hanging.url]) await registerProducts(url, BENCH_SKUS);
    const bearer = (
      await createSvcClient({ baseUrl: upstream.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() }).auth()
    ).accessToken;
    await prisma.$disconnect();

    const app = await startApp({
      ...appEnv,
      LOG_LEVEL: "warn",
      RATES_NAIVE_BASELINE: "1",
      // e.g. BENCH_APP_NODE_OPTIONS=--cpu-prof to profile the app under load.
      ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
    });
    const memory: [string, number][] = [["started", rssMiB(app.pid)]];
    const mem = (scenario: string) => memory.push([scenario, rssMiB(app.pid)]);

    let nextCart = 0;
    const fresh = (n: number) => {
      const start = nextCart;
      nextCart += n;
      return start;
    };
    const base = { url: app.url, secret: SECRET, shop: SHOP };
    const cached = (s: Partial<LoadSpec>): Promise<LoadResult> =>
      runLoad({ ...base, path: "/carrier-service/rates", carts: "same", connections: 10, ...s });
    const naive = (s: Partial<LoadSpec>): Promise<LoadResult> =>
      runLoad({ ...base, path: "/carrier-service/rates-naive", carts: "same", connections: 10, ...s });
    const direct = (s: Partial<LoadSpec>): Promise<LoadResult> =>
      runLoad({
        ...base,
        url: upstream.url,
        path: "/api/rest/services",
        carts: "quotation",
        bearer,
        connections: 10,
        ...s,
      });
    // Enough connections that a slow answer never holds the next send back (open loop).
    const openConnections = (rate: number) => Math.max(10, Math.ceil(rate * ((LATENCY_MS + 150) / 1000)));

    // Warm-up: JIT, connections, the shop's profile, the quote log's first statement.
    await cached({ carts: "distinct", start: fresh(400), rate: 200, amount: 400, connections: openConnections(200) });
    await cached({ amount: 3_000, rate: 1_000, connections: 50, start: fresh(1) });
    await naive({ carts: "distinct", start: fresh(200), rate: 200, amount: 200, connections: openConnections(200) });
    mem("warm-up");

    say(`rate callback over HTTP — ${new Date().toISOString()}`);
    say(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load average before ${loadBefore}`,
    );
    say(
      `app: node build/start.js (own process); upstream: service sandbox + ${LATENCY_MS} ms (own process); load: open loop at fixed rates (node:http keep-alive), autocannon for closed loops and bursts (own process per load)`,
    );
    say(`naive = the same server's /carrier-service/rates-naive: same checks, no rate/profile cache, no single-flight`);
    say(
      process.env.BENCH_OTEL === "1"
        ? "tracing: ON (BENCH_OTEL=1: OpenTelemetry exporting every span to an OTLP sink in the bench process)"
        : "tracing: off (no OTEL_* variable: no OpenTelemetry SDK loaded)",
    );

    // 1. Cache misses at fixed rates: every request a new cart.
    const missRows: (string | number)[][] = [];
    for (const rate of only.includes("miss") ? MISS_RATES : []) {
      const amount = rate * SECONDS;
      const connections = openConnections(rate);
      const start = fresh(amount);
      const a = await cached({ carts: "distinct", start, rate, amount, connections });
      mem(`miss @${rate}/s`);
      const n = await naive({ carts: "distinct", start: fresh(amount), rate, amount, connections });
      const d = await direct({ carts: "quotation", start, rate, amount, connections });
      const own50 = a.p50 - d.p50;
      const own99 = a.p99 - d.p99;
      missRows.push([
        `${rate}/s`,
        a.count,
        ms(a.p50),
        ms(a.p99),
        ms(own50),
        ms(own99),
        ms(n.p50),
        ms(n.p99),
        ratio(a.p99, n.p99),
        ms(d.p99),
        non2xx(a),
      ]);
      if (rate === 200) goal("miss @200/s: own overhead p99 < 5 ms", own99, 5, "ms");
    }
    table(
      `1. cache miss, ${LATENCY_MS} ms upstream, open loop, ${SECONDS} s each (own = app − the service called directly at the same rate, percentile by percentile)`,
      [
        "rate",
        "requests",
        "p50 ms",
        "p99 ms",
        "own p50",
        "own p99",
        "naive p50",
        "naive p99",
        "p99 ÷ naive",
        "service p99",
        "non-2xx",
      ],
      missRows,
    );

    // 2. Cache hits: one cart, repeated.
    if (only.includes("hit")) {
      const hitStart = fresh(1);
      await cached({ start: hitStart, amount: 1 });
      const hitRows: (string | number)[][] = [];
      const hit1000 = await cached({ start: hitStart, rate: 1_000, durationS: SECONDS, connections: 50 });
      mem("hit @1000/s");
      const naive1000 = await naive({
        start: hitStart,
        rate: 1_000,
        durationS: SECONDS,
        connections: openConnections(1_000),
      });
      hitRows.push([
        "1000/s",
        hit1000.count,
        ms(hit1000.p50),
        ms(hit1000.p99),
        ms(hit1000.max),
        hit1000.rps.toFixed(0),
        ms(naive1000.p99),
        naive1000.rps.toFixed(0),
        ratio(naive1000.p99, hit1000.p99),
        non2xx(hit1000),
      ]);
      goal("hit @1000/s: p99 < 5 ms", hit1000.p99, 5, "ms");
      let held = 0;
      for (const rate of HIT_STEPS) {
        const r = await cached({ start: hitStart, rate, durationS: 3, connections: 50 });
        const ok = r.p99 < 10 && r.rps >= rate * 0.95 && non2xx(r) === 0;
        // Issue 34: the tail at 2,000/s with npm start's heap flags (RSS is the goal below).
        if (rate === 2_000) goal("hit @2000/s: p99 < 10 ms", r.p99, 10, "ms");
        hitRows.push([`${rate}/s`, r.count, ms(r.p50), ms(r.p99), ms(r.max), r.rps.toFixed(0), "", "", "", non2xx(r)]);
        if (!ok) break;
        held = rate;
      }
      if (!goals.some((g) => g.name.startsWith("hit @2000/s")))
        goals.push({
          name: "hit @2000/s: p99 < 10 ms",
          measured: "not run",
          met: false,
          by: "the 1,000/s step already missed, so the steps stopped",
        });
      mem("hit steps");
      // Issue 34: the same closed loop against a bare node:http server answering the app's own
      // answer as a fixed body, right before and right after the app, in this run.
      const hitCart = cart(hitStart);
      const answer = await fetch(`${app.url}/carrier-service/rates`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-shop-domain": SHOP,
          "x-shopify-hmac-sha256": shopifyHmac(hitCart.raw, SECRET),
        },
        body: hitCart.raw,
      }).then((r) => r.text());
      const bare = await startJsonChild<{ url: string; serverPid: number }>("bare-http.ts", { BARE_BODY: answer });
      const bareLoad = () =>
        withCpu(bare.serverPid, () =>
          runLoad({
            ...base,
            url: bare.url,
            path: "/carrier-service/rates",
            carts: "same",
            start: hitStart,
            durationS: SECONDS,
            connections: 32,
          }),
        );
      const appLoad = () => withCpu(app.pid, () => cached({ start: hitStart, durationS: SECONDS, connections: 32 }));
      // Bare and app in turn, BARE_ROUNDS times, bare first and last: on a shared machine the load
      // moves within seconds, so each app run is compared with the bare runs either side of it and
      // the median of those ratios is the one printed. CPU per request is printed beside it: what
      // each answer cost its process, which the rest of the machine's load does not change.
      const bareRuns = [await bareLoad()];
      const appRuns = [];
      for (let round = 0; round < BARE_ROUNDS; round++) {
        appRuns.push(await appLoad());
        bareRuns.push(await bareLoad());
      }
      const ratios = appRuns.map((a, i) => (100 * a.rps) / ((bareRuns[i]!.rps + bareRuns[i + 1]!.rps) / 2));
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      const roundOf = ratios.indexOf(median(ratios));
      const closedApp = appRuns[roundOf]!;
      const [bareBefore, bareAfter] = [bareRuns[roundOf]!, bareRuns[roundOf + 1]!];
      const closedNaive = await naive({ start: hitStart, durationS: SECONDS, connections: 32 });
      mem("hit closed loop");
      const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
      const cpuRatio =
        (100 * median(bareRuns.map((r) => r.cpuUsPerRequest))) / median(appRuns.map((r) => r.cpuUsPerRequest));
      hitRows.push([
        "closed, 32 conns",
        closedApp.count,
        ms(closedApp.p50),
        ms(closedApp.p99),
        ms(closedApp.max),
        closedApp.rps.toFixed(0),
        ms(closedNaive.p99),
        closedNaive.rps.toFixed(0),
        ratio(closedNaive.p99, closedApp.p99),
        non2xx(closedApp),
      ]);
      for (const [label, r] of [
        ["bare node:http, before", bareBefore],
        ["bare node:http, after", bareAfter],
      ] as const)
        hitRows.push([label, r.count, ms(r.p50), ms(r.p99), ms(r.max), r.rps.toFixed(0), "", "", "", non2xx(r)]);
      goal(
        "hit: ≥ 30 % of a bare node:http server's req/s (closed loop, 32 connections, same run)",
        (100 * closedApp.rps) / bareRps,
        30,
        "%",
        false,
      );
      // The goal's "≥ 5,000 req/s sustained": what the server answers back to back on 2 cores. The
      // open-loop steps above (the highest rate held with p99 < 10 ms) are reported beside it; at
      // those rates the load generator, one Node process on the same 2 cores, is itself near its limit.
      goal("hit: ≥ 5,000 req/s sustained (closed loop, 32 connections)", closedApp.rps, 5_000, "req/s", false);
      goal(
        "repeated carts: throughput ≥ 10× the naive pass-through's",
        closedApp.rps / closedNaive.rps,
        10,
        "×",
        false,
      );
      table(
        "2. cache hit (one cart, repeated); rates are open loop, 3 s per step until p99 ≥ 10 ms or the rate is not held",
        [
          "load",
          "requests",
          "p50 ms",
          "p99 ms",
          "max ms",
          "req/s",
          "naive p99",
          "naive req/s",
          "naive p99 ÷ app",
          "non-2xx",
        ],
        hitRows,
      );
      say(
        `highest rate held with p99 < 10 ms: ${held || "none"} req/s; closed-loop throughput ${ratio(closedApp.rps, closedNaive.rps)} the naive's`,
      );
      say(
        `cached answer vs bare node:http (same body, same autocannon, 32 connections, ${BARE_ROUNDS} rounds): ratios ${ratios.map((r) => `${r.toFixed(1)} %`).join(", ")}; median round ${closedApp.rps.toFixed(0)} ÷ ${bareRps.toFixed(0)} req/s (bare before ${bareBefore.rps.toFixed(0)}, after ${bareAfter.rps.toFixed(0)}) = ${((100 * closedApp.rps) / bareRps).toFixed(1)} %`,
      );
      say(
        `CPU per answer (median of the runs): app ${median(appRuns.map((r) => r.cpuUsPerRequest)).toFixed(0)} µs (every thread of the app's process), bare ${median(bareRuns.map((r) => r.cpuUsPerRequest)).toFixed(0)} µs: bare ÷ app = ${cpuRatio.toFixed(1)} %`,
      );
    }

    // 3. Bursts, all at once.
    const burstRows: (string | number)[][] = [];
    const bursts = [
      ["100 identical", 100, 1],
      ["500 mixed (100 carts × 5)", 500, 100],
    ] as const;
    for (const [label, n, distinct] of only.includes("burst") ? bursts : []) {
      const carts = distinct === 1 ? ("same" as const) : ("mixed" as const);
      const counted = async (send: typeof cached) => {
        const before = await upstream.quotes();
        const result = await send({ carts, start: fresh(distinct), distinct, amount: n, connections: n });
        return { result, calls: (await upstream.quotes()) - before };
      };
      const { result: a, calls: callsApp } = await counted(cached);
      mem(`burst ${label}`);
      const { result: b, calls: callsNaive } = await counted(naive);
      burstRows.push([
        label,
        ms(a.p50),
        ms(a.p99),
        ms(a.max),
        callsApp,
        ms(b.p50),
        ms(b.p99),
        ms(b.max),
        callsNaive,
        ratio(a.p99, b.p99),
        non2xx(a),
      ]);
      if (distinct === 1) {
        goal("burst of 100 identical carts: upstream calls = 1", callsApp, 2, "calls");
        goal("burst of 100 identical carts: p99 < 100 ms", a.p99, 100, "ms");
      } else goal("burst of 500 mixed carts: upstream calls = 100 (one per cart)", callsApp, 101, "calls");
    }
    table(
      `3. bursts, every request sent at once (one connection each), ${LATENCY_MS} ms upstream`,
      [
        "burst",
        "p50 ms",
        "p99 ms",
        "max ms",
        "upstream",
        "naive p50",
        "naive p99",
        "naive max",
        "naive upstream",
        "p99 ÷ naive",
        "non-2xx",
      ],
      burstRows,
    );

    // 4. The service hangs: every answer must come by the merchant's deadline.
    if (only.includes("hang")) {
      const hang = await cached({
        shop: HANGING_SHOP,
        carts: "distinct",
        start: fresh(50),
        amount: 50,
        connections: 50,
        timeoutS: 30,
      });
      const hangNaive = await naive({
        shop: HANGING_SHOP,
        carts: "distinct",
        start: fresh(50),
        amount: 50,
        connections: 50,
        timeoutS: 30,
      });
      mem("service hanging");
      table(
        `4. the service hangs (never answers a quotation); the shop's deadline is ${HANG_DEADLINE_MS} ms; 50 carts at once`,
        ["", "p50 ms", "p99 ms", "max ms", "answers", "max − deadline"],
        [
          [
            "app",
            ms(hang.p50),
            ms(hang.p99),
            ms(hang.max),
            JSON.stringify(hang.statuses),
            ms(hang.max - HANG_DEADLINE_MS),
          ],
          [
            "naive",
            ms(hangNaive.p50),
            ms(hangNaive.p99),
            ms(hangNaive.max),
            JSON.stringify(hangNaive.statuses),
            ms(hangNaive.max - HANG_DEADLINE_MS),
          ],
        ],
      );
      goal(
        `service hanging: slowest answer < deadline + 50 ms (${HANG_DEADLINE_MS + 50} ms)`,
        hang.max,
        HANG_DEADLINE_MS + 50,
        "ms",
      );
    }

    mem("end");
    // Issue 21: the caches are bounded (by entries and approximate bytes) and the serving heap is
    // capped, so what the whole bench leaves resident stays under the goal.
    if (["miss", "hit", "burst", "hang"].every((s) => only.includes(s)))
      goal("app RSS after the whole bench < 256 MiB", memory.at(-1)![1], 256, "MiB");
    table(
      "resident memory of the app process after each scenario",
      ["after", "RSS MiB"],
      memory.map(([s, m]) => [s, m.toFixed(0)]),
    );

    if (process.env.BENCH_OTEL === "1")
      say(
        `\ntracing: ${otlpReceived.requests} OTLP exports received, ${(otlpReceived.bytes / 2 ** 20).toFixed(1)} MiB`,
      );
    say("\ngoals (issues 12, 21 and 34)");
    for (const g of goals) say(`  ${g.met ? "met   " : "MISSED"}  ${g.name}: ${g.measured} (${g.by})`);
    say(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );

    const dir = path.join(ROOT, "bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-http-rates.txt`);
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    console.log(`\nwritten to ${path.relative(ROOT, file)}`);
  } finally {
    await stopChildren();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
