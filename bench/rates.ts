/**
 * Latency and throughput of the checkout rate callback (POST /carrier-service/rates), in one run:
 *   - cache misses: every request is a new cart, the sandbox adds 50 ms to each quotation;
 *   - cache hits: the same cart over and over;
 *   - the same loads through a naive pass-through (one plain fetch to the sandbox per request,
 *     token obtained once), so the ratio is visible.
 * The route's action runs in process on real signed Requests, with a real PostgreSQL (embedded,
 * in .data/bench-postgres-<pid>) and the sandbox over real HTTP. Own overhead on a miss is each
 * request's time minus the time its upstream fetch took (measured per request).
 * Goals: own overhead p99 < 5 ms on a miss; hit p99 < 3 ms at ≥ 1,000 req/s.
 * Run: tsx bench/rates.ts
 */
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { startServiceSandbox } from "../sandbox/service/server";
import { BENCH_SKUS, cart, quotationKey, type Cart } from "./lib/carts";

const LATENCY_MS = 50;
const MISS_RATE = 200; // req/s, open loop
const MISS_SECONDS = 5;
const HIT_RATE = 1_000; // req/s, open loop
const HIT_SECONDS = 5;
const CLOSED_LOOP_REQUESTS = 20_000;
const CLOSED_LOOP_CONCURRENCY = 8;
const API_KEY = "sk_bench_rates";
const SHOP = "tienda-bench.myshopify.com";
const PRODUCTS = BENCH_SKUS;

Object.assign(process.env, {
  NODE_ENV: process.env.NODE_ENV ?? "production",
  LOG_LEVEL: "silent",
  SHOPIFY_API_KEY: process.env.SHOPIFY_API_KEY ?? "bench-api-key",
  SHOPIFY_API_SECRET: process.env.SHOPIFY_API_SECRET ?? "bench-api-secret",
  SHOPIFY_APP_URL: process.env.SHOPIFY_APP_URL ?? "https://bench.example.test",
  SCOPES: process.env.SCOPES ?? "read_products,write_shipping",
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
  SVC_BASE_URL: "http://127.0.0.1:4010",
  SVC_QA_BASE_URL: "http://127.0.0.1:4010",
});
const SECRET = process.env.SHOPIFY_API_SECRET!;

function signed(raw: string): Request {
  const hmac = createHmac("sha256", SECRET).update(raw).digest("base64");
  return new Request("https://bench.example.test/carrier-service/rates", {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-hmac-sha256": hmac, "x-shopify-shop-domain": SHOP },
    body: raw,
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface Result {
  name: string;
  latencies: number[];
  seconds: number;
  /** Answers other than 200 (a 503 means the deadline passed and Shopify would show backup rates). */
  failed: number;
}

/** Sends `count` requests at `rate` per second (open loop: a slow answer does not slow the senders). */
async function openLoop(
  name: string,
  rate: number,
  count: number,
  send: (i: number) => Promise<number | void>,
): Promise<Result & { own?: number[] }> {
  const latencies: number[] = [];
  let failed = 0;
  const own: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (sent < count) {
    const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      const i = sent;
      const at = performance.now();
      pending.push(
        send(i).then(
          (ownMs) => {
            latencies.push(performance.now() - at);
            if (typeof ownMs === "number") own.push(ownMs);
          },
          () => {
            latencies.push(performance.now() - at);
            failed += 1;
          },
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  return { name, latencies, seconds: (performance.now() - started) / 1000, own, failed };
}

async function closedLoop(
  name: string,
  count: number,
  concurrency: number,
  send: (i: number) => Promise<unknown>,
): Promise<Result> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const at = performance.now();
        await send(i).catch(() => (failed += 1));
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { name, latencies, seconds: (performance.now() - started) / 1000, failed };
}

function row(name: string, values: number[], seconds?: number, failed?: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const rps = seconds ? (values.length / seconds).toFixed(0) : "";
  const errors = failed === undefined ? "" : String(failed);
  return `${name.padEnd(48)}${String(values.length).padStart(8)}${percentile(sorted, 50).toFixed(2).padStart(9)}${percentile(sorted, 99).toFixed(2).padStart(9)}${rps.padStart(8)}${errors.padStart(8)}`;
}

async function main(): Promise<void> {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const dataDir = `.data/bench-postgres-${process.pid}`;
  const quiet = { info() {}, warn() {} };
  const database = await startEmbeddedPostgres({ dataDir, logger: quiet });
  const sandbox = await startServiceSandbox({
    port: 0,
    apiKeys: [API_KEY],
    latencyMs: LATENCY_MS,
    initialStock: 1_000_000_000,
  });
  try {
    await migrateDatabase(database.url);
    process.env.DATABASE_URL = database.url;
    const { createAppServices } = await import("../app/composition.server");
    const { parseEnv } = await import("../app/env.server");
    const { connectShop } = await import("../app/orchestration/connect-shop.server");
    const { createSvcClient, SvcTokenCache } = await import("../app/svc");
    const { action } = await import("../app/routes/carrier-service.rates");

    // Upstream time per quotation, to tell our own overhead from the service's 50 ms. Each miss
    // cart is a distinct quotation, so its body identifies it (no AsyncLocalStorage: that would
    // switch on promise hooks for the whole process and slow everything it measures).
    const upstreamMs = new Map<string, number>();
    const timedFetch: typeof fetch = async (input, init) => {
      const at = performance.now();
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      if (typeof init?.body === "string" && String(input).endsWith("/api/rest/services")) {
        const key = quotationKey(JSON.parse(init.body));
        upstreamMs.set(key, (upstreamMs.get(key) ?? 0) + performance.now() - at);
      }
      return new Response(body, { status: response.status, headers: response.headers });
    };
    // The app's services as the composition root builds them, with the sandbox as the service.
    const ctx = createAppServices(parseEnv(), {
      svc: {
        baseUrls: { qa: sandbox.url, production: sandbox.url },
        serviceName: "svc",
        encryptionKey: process.env.ENCRYPTION_KEY!,
        fetch: timedFetch,
      },
    });
    const prisma = ctx.db;
    await prisma.shop.create({ data: { domain: SHOP } });
    await connectShop({ db: prisma, config: ctx.svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    const setup = createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });
    await setup.createProducts({
      productos: PRODUCTS.map((sku) => ({
        sku,
        upc: "",
        nombre: sku,
        dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
      })),
    });
    const { accessToken } = await setup.auth();

    const viaApp = async (c: Cart): Promise<number> => {
      const request = signed(c.raw);
      const at = performance.now();
      const response = await action({ request, params: {}, context: { services: ctx } });
      if (response.status !== 200) throw new Error(`callback answered ${response.status}`);
      await response.arrayBuffer();
      const upstream = upstreamMs.get(c.key) ?? 0;
      upstreamMs.delete(c.key);
      return performance.now() - at - upstream;
    };
    const viaPassThrough = async (c: Cart): Promise<void> => {
      const response = await fetch(`${sandbox.url}/api/rest/services`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
        body: c.quotation,
      });
      if (!response.ok) throw new Error(`pass-through answered ${response.status}`);
      await response.json();
    };

    const missCount = MISS_RATE * MISS_SECONDS;
    const hitCount = HIT_RATE * HIT_SECONDS;
    const warmMisses = 400;
    const missCarts = Array.from({ length: missCount + warmMisses }, (_, i) => cart(i));
    const hitCart = cart(missCount + warmMisses);
    // Warm-up at the measured rates (JIT, connections, the shop profile, the quote log's first
    // statement), on carts the measurement does not use.
    await openLoop("warm-up misses", MISS_RATE, warmMisses, (i) => viaApp(missCarts[missCount + i]!));
    await openLoop("warm-up hits", HIT_RATE, 2_000, () => viaApp(cart(missCount + warmMisses + 1)));
    await openLoop("warm-up pass-through", MISS_RATE, 200, (i) =>
      viaPassThrough(missCarts[missCount + (i % warmMisses)]!),
    );
    await ctx.rates.quoteLog.flush();

    const miss = await openLoop(`miss: app (${LATENCY_MS} ms upstream) @${MISS_RATE}/s`, MISS_RATE, missCount, (i) =>
      viaApp(missCarts[i]!),
    );
    const missBase = await openLoop(`miss: naive pass-through @${MISS_RATE}/s`, MISS_RATE, missCount, (i) =>
      viaPassThrough(missCarts[i]!),
    );
    await viaApp(hitCart);
    const hit = await openLoop(`hit: app @${HIT_RATE}/s`, HIT_RATE, hitCount, () => viaApp(hitCart));
    const hitBase = await openLoop(`hit: naive pass-through @${HIT_RATE}/s`, HIT_RATE, hitCount, () =>
      viaPassThrough(hitCart),
    );
    const hitMax = await closedLoop(
      `hit: app, closed loop (${CLOSED_LOOP_CONCURRENCY} in flight)`,
      CLOSED_LOOP_REQUESTS,
      CLOSED_LOOP_CONCURRENCY,
      () => viaApp(hitCart),
    );
    await ctx.rates.stop();
    const logged = await prisma.quoteLog.count();

    const p = (r: number[], q: number) =>
      percentile(
        [...r].sort((a, b) => a - b),
        q,
      );
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(
      `rates callback benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore} before / ${load} after`,
    );
    console.log(
      `sandbox latency ${LATENCY_MS} ms; app (route action on signed Requests) and sandbox in this one process`,
    );
    console.log(
      `${"scenario".padEnd(48)}${"requests".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"req/s".padStart(8)}${"non-200".padStart(8)}`,
    );
    for (const r of [miss, missBase]) console.log(row(r.name, r.latencies, r.seconds, r.failed));
    console.log(row("miss: own overhead (app − its upstream call)", miss.own ?? []));
    for (const r of [hit, hitBase, hitMax]) console.log(row(r.name, r.latencies, r.seconds, r.failed));
    const ownP99 = p(miss.own ?? [], 99);
    const hitP99 = p(hit.latencies, 99);
    const hitRps = hit.latencies.length / hit.seconds;
    console.log(
      `ratio pass-through / app on a hit: p50 ${(p(hitBase.latencies, 50) / p(hit.latencies, 50)).toFixed(0)}×, p99 ${(p(hitBase.latencies, 99) / hitP99).toFixed(0)}×`,
    );
    console.log(
      `ratio app / pass-through on a miss: p50 ${(p(miss.latencies, 50) / p(missBase.latencies, 50)).toFixed(3)}, p99 ${(p(miss.latencies, 99) / p(missBase.latencies, 99)).toFixed(3)}`,
    );
    console.log(`quote log rows written: ${logged}`);
    console.log(`goal own overhead p99 < 5 ms on a miss: ${ownP99.toFixed(2)} ms — ${ownP99 < 5 ? "met" : "NOT met"}`);
    console.log(
      `goal hit p99 < 3 ms at ≥ 1,000 req/s: ${hitP99.toFixed(2)} ms at ${hitRps.toFixed(0)} req/s — ${hitP99 < 3 && hitRps >= 990 ? "met" : "NOT met"}`,
    );
    await prisma.$disconnect();
  } finally {
    await sandbox.close();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
