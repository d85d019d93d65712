/**
 * Answer time of POST /webhooks/orders/paid (the route's action, HMAC check included) against a
 * real PostgreSQL (embedded, migrated), over signed deliveries of distinct orders with Shopify-style
 * duplicates (the same event again, or a new event for the same order).
 *
 * Three runs: one delivery at a time, 4 in flight, and 16 in flight (a burst of Shopify retries
 * into one app process). Each reports p50 / p99 / max answer time and throughput; afterwards it
 * checks that every order is followed once, with one job. Answer times under
 * concurrency include waiting behind the other deliveries in the same Node process.
 * Run: tsx bench/orders-paid.ts [deliveries]   (goal: p99 < 50 ms; Shopify's limit is 5 s)
 */
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import fixture from "../test/fixtures/orders-paid.mx.json" with { type: "json" };

const DELIVERIES = Number(process.argv[2] ?? 1000);
const WARMUP = 50;
const CONCURRENCY = [1, 4, 16];
const GOAL_P99_MS = 50;
const SHOP = "tienda-bench.myshopify.com";
const SECRET = "bench-api-secret";
const APP_URL = "https://svc-app.example.test";

Object.assign(process.env, {
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  SHOPIFY_API_KEY: "bench-api-key",
  SHOPIFY_API_SECRET: SECRET,
  SHOPIFY_APP_URL: APP_URL,
  SCOPES: process.env.SCOPES ?? "read_orders,write_merchant_managed_fulfillment_orders",
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  SVC_BASE_URL: "http://127.0.0.1:4010",
  SVC_QA_BASE_URL: "http://127.0.0.1:4010",
});

interface Delivery {
  body: string;
  eventId: string;
}

/** `count` deliveries: 80 % first deliveries of distinct orders, 10 % repeated events, 10 % new events for a known order. */
function deliveries(count: number, firstOrder: number): { list: Delivery[]; orders: number } {
  const list: Delivery[] = [];
  let orders = 0;
  for (let i = 0; i < count; i++) {
    const roll = i % 10;
    if (list.length > 0 && roll === 3) {
      list.push(list[Math.floor(Math.random() * list.length)]!);
    } else if (list.length > 0 && roll === 7) {
      list.push({ body: list[Math.floor(Math.random() * list.length)]!.body, eventId: randomUUID() });
    } else {
      const id = firstOrder + orders++;
      const body = JSON.stringify({
        ...fixture,
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        name: `#B${id}`,
      });
      list.push({ body, eventId: randomUUID() });
    }
  }
  return { list, orders };
}

function signed(delivery: Delivery): Request {
  return new Request(`${APP_URL}/webhooks/orders/paid`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-hmac-sha256": createHmac("sha256", SECRET).update(delivery.body).digest("base64"),
      "x-shopify-shop-domain": SHOP,
      "x-shopify-api-version": "2026-01",
      "x-shopify-webhook-id": randomUUID(),
      "x-shopify-event-id": delivery.eventId,
      "x-shopify-triggered-at": new Date().toISOString(),
    },
    body: delivery.body,
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dataDir = path.resolve(`.data/bench-postgres-${process.pid}`);
  const quiet = { info() {}, warn() {} };
  const database = await startEmbeddedPostgres({ dataDir, logger: quiet });
  try {
    await migrateDatabase(database.url);
    process.env.DATABASE_URL = database.url;
    const { action } = await import("../app/routes/webhooks.orders.paid");
    const { createAppServices } = await import("../app/composition.server");
    const { parseEnv } = await import("../app/env.server");
    // The route's services as the composition root builds them.
    const services = createAppServices(parseEnv());
    const prisma = services.db;
    await prisma.shop.create({ data: { domain: SHOP } });

    const answer = async (delivery: Delivery): Promise<number> => {
      const request = signed(delivery);
      const started = performance.now();
      const response = await action({ request, params: {}, context: { services } });
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`the route answered ${response.status}: ${await response.text()}`);
      return ms;
    };

    const warm = deliveries(WARMUP, 1);
    for (const delivery of warm.list) await answer(delivery);

    const runs: { name: string; ms: number[]; perSecond: number }[] = [];
    let expectedOrders = warm.orders;
    for (const [index, inFlight] of CONCURRENCY.entries()) {
      const run = deliveries(DELIVERIES, 100_000 * (index + 1));
      expectedOrders += run.orders;
      const ms: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < run.list.length) ms.push(await answer(run.list[next++]!));
        }),
      );
      const perSecond = (run.list.length / (performance.now() - started)) * 1000;
      runs.push({ name: inFlight === 1 ? "one at a time" : `${inFlight} in flight`, ms, perSecond });
    }

    const [records, jobs] = await Promise.all([
      prisma.shopifyOrder.count(),
      prisma.job.count({ where: { queue: "fulfillment.submit" } }),
    ]);
    if (records !== expectedOrders || jobs !== expectedOrders) {
      throw new Error(`expected ${expectedOrders} records and jobs, found ${records} records and ${jobs} jobs`);
    }

    console.log(
      `orders/paid webhook benchmark: ${DELIVERIES} signed deliveries per run (~20 % duplicates), embedded PostgreSQL, node ${process.version}`,
    );
    console.log(
      `${"run".padEnd(16)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"max ms".padStart(10)}${"answers/s".padStart(12)}  goal p99 < ${GOAL_P99_MS} ms`,
    );
    for (const { name, ms, perSecond } of runs) {
      const sorted = [...ms].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const cells = [percentile(sorted, 50), p99, sorted.at(-1)!].map((v) => v.toFixed(2).padStart(10)).join("");
      console.log(
        `${name.padEnd(16)}${cells}${perSecond.toFixed(0).padStart(12)}  ${p99 < GOAL_P99_MS ? "met" : "missed"}`,
      );
    }
    console.log(`records: ${records} orders, one record and one submission job each`);
    await prisma.$disconnect();
  } finally {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
