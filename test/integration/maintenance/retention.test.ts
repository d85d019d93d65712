// Retention of the tables that grow with traffic (app/maintenance/retention.server.ts), on a real
// PostgreSQL: what is deleted, what is kept, that Inicio's figures do not move, and that the
// roll-ups add up to exactly the raw quotes they replace however the work is batched.
import { beforeEach, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pino from "pino";
import prisma from "../../helpers/prisma";
import { createJobWorker } from "~/jobs/worker.server";
import { shopOverview } from "~/orchestration/overview.server";
import { quotesPerHour } from "~/rates/quote-hours.server";
import {
  ensureRetentionJob,
  RAW_QUOTES_MS,
  RETENTION_QUEUE,
  retentionJobHandlers,
  runRetention,
} from "~/maintenance/retention.server";
import { recordWebhookDelivery } from "~/shopify/webhooks/webhook-delivery.server";
import { resetDatabase } from "../../helpers/test-database";

const SHOP = "tienda-retencion.myshopify.com";
const OTHER = "otra-tienda.myshopify.com";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-20T12:30:00.000Z");
const OUTCOMES = ["rates", "no_rates", "fallback", "backup", "rejected"];

beforeEach(async () => {
  await resetDatabase();
  await prisma.shop.createMany({ data: [{ domain: SHOP }, { domain: OTHER }] });
});

/** `n` quotes of `shop` spread evenly over [from, to), with varied durations, cache hits and outcomes. */
async function quotes(shop: string, n: number, from: number, to: number) {
  const data = Array.from({ length: n }, (_, i) => ({
    shop,
    at: new Date(from + Math.floor(((to - from) * i) / n)),
    durationMs: 3 + ((i * 37) % 400),
    cacheHit: i % 3 === 0,
    outcome: OUTCOMES[i % OUTCOMES.length]!,
    services: ["NACIONAL"],
  }));
  for (let i = 0; i < data.length; i += 5_000) await prisma.quoteLog.createMany({ data: data.slice(i, i + 5_000) });
}

async function rawTotals(shop: string, before: Date) {
  const [row] = await prisma.$queryRaw<{ quotes: number; hits: number; answered: number; sum: number; max: number }[]>`
    SELECT count(*)::int AS quotes, count(*) FILTER (WHERE "cacheHit")::int AS hits,
           count(*) FILTER (WHERE outcome IN ('rates', 'fallback'))::int AS answered,
           coalesce(sum("durationMs"), 0)::int AS sum, coalesce(max("durationMs"), 0)::int AS max
    FROM "QuoteLog" WHERE shop = ${shop} AND at < ${before}`;
  return row!;
}

async function rolledTotals(shop: string) {
  const [row] = await prisma.$queryRaw<{ quotes: number; hits: number; answered: number; sum: number; max: number }[]>`
    SELECT coalesce(sum(quotes), 0)::int AS quotes, coalesce(sum("cacheHits"), 0)::int AS hits,
           coalesce(sum(answered), 0)::int AS answered, coalesce(sum("durationMsSum"), 0)::int AS sum,
           coalesce(max("durationMsMax"), 0)::int AS max
    FROM "QuoteHourly" WHERE shop = ${shop}`;
  return row!;
}

describe("retention", () => {
  it("rolls up quotes older than two days into hours that add up exactly, and leaves Inicio's figures as they were", async () => {
    // GIVEN five days of quotes for two shops
    const cutoff = new Date(NOW.getTime() - RAW_QUOTES_MS);
    await quotes(SHOP, 3_000, NOW.getTime() - 5 * DAY, NOW.getTime());
    await quotes(OTHER, 1_000, NOW.getTime() - 4 * DAY, NOW.getTime());
    const expected = { [SHOP]: await rawTotals(SHOP, cutoff), [OTHER]: await rawTotals(OTHER, cutoff) };
    const recent = await prisma.quoteLog.count({ where: { at: { gte: cutoff } } });
    const inicioBefore = await shopOverview({ db: prisma, shop: SHOP, now: NOW });
    const chartBefore = await quotesPerHour({ db: prisma, shop: SHOP, now: NOW });

    // WHEN retention runs in small batches
    const run = await runRetention({ db: prisma, now: NOW, batch: 173 });

    // THEN every old quote went into its hour's roll-up, exactly once, and none is left raw
    expect(run.more).toBe(false);
    expect(run.quotes).toBe(expected[SHOP]!.quotes + expected[OTHER]!.quotes);
    expect(run.batches).toBeGreaterThan(run.quotes / 173);
    expect(await prisma.quoteLog.count({ where: { at: { lt: cutoff } } })).toBe(0);
    expect(await prisma.quoteLog.count()).toBe(recent);
    expect(await rolledTotals(SHOP)).toEqual(expected[SHOP]);
    expect(await rolledTotals(OTHER)).toEqual(expected[OTHER]);
    const hours = await prisma.quoteHourly.findMany({ where: { shop: SHOP } });
    expect(hours.every((h) => h.hour.getTime() % HOUR === 0 && h.hour < cutoff)).toBe(true);
    // AND Inicio (the last 24 hours, from raw rows) shows the same figures
    expect(await shopOverview({ db: prisma, shop: SHOP, now: NOW })).toEqual(inicioBefore);
    expect(await quotesPerHour({ db: prisma, shop: SHOP, now: NOW })).toEqual(chartBefore);

    // AND a second run finds nothing to do
    expect(await runRetention({ db: prisma, now: NOW, batch: 173 })).toEqual({
      quotes: 0,
      jobs: 0,
      deliveries: 0,
      stops: 0,
      batches: 4,
      more: false,
    });
  });

  it("adds later batches of an hour to its roll-up rather than replacing it", async () => {
    const hour = NOW.getTime() - 3 * DAY;
    await quotes(SHOP, 10, hour, hour + 10 * 60_000);
    await runRetention({ db: prisma, now: NOW });
    // A quote of the same hour written late (a batch flushed after a crash) still counts.
    await quotes(SHOP, 5, hour + 20 * 60_000, hour + 30 * 60_000);
    await runRetention({ db: prisma, now: NOW });
    expect(await prisma.quoteHourly.findMany({ where: { shop: SHOP }, select: { quotes: true } })).toEqual([
      { quotes: 15 },
    ]);
  });

  it("deletes jobs finished over a week ago, deliveries past the de-duplication window and order stops over a day old, keeping the rest", async () => {
    const old = new Date(NOW.getTime() - 8 * DAY);
    const fresh = new Date(NOW.getTime() - DAY);
    const job = (key: string, state: string, updatedAt: Date) =>
      prisma.$executeRaw`INSERT INTO "Job" (id, queue, key, shop, state, "updatedAt")
        VALUES (gen_random_uuid(), 'q', ${key}, ${SHOP}, ${state}, ${updatedAt})`;
    await job("old-done", "done", old);
    await job("old-failed", "failed", old);
    await job("old-queued", "queued", old);
    await job("old-running", "running", old);
    await job("fresh-done", "done", fresh);
    for (const [eventId, receivedAt] of [
      ["old-event", old],
      ["fresh-event", fresh],
    ] as const)
      await prisma.webhookDelivery.create({ data: { shop: SHOP, topic: "orders/paid", eventId, receivedAt } });
    const stopAt = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR);
    for (const [shopifyOrderId, acceptedAt] of [
      ["1", stopAt(25)],
      ["2", stopAt(23)],
    ] as const)
      await prisma.orderStop.create({ data: { shop: SHOP, shopifyOrderId, topic: "orders/cancelled", acceptedAt } });

    const run = await runRetention({ db: prisma, now: NOW });

    expect(run).toMatchObject({ jobs: 1, deliveries: 1, stops: 1 });
    expect(
      (await prisma.orderStop.findMany({ select: { shopifyOrderId: true } })).map((s) => s.shopifyOrderId),
    ).toEqual(["2"]);
    const keys = (await prisma.job.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((j) => j.key);
    expect(keys).toEqual(["fresh-done", "old-failed", "old-queued", "old-running"]);
    // A redelivery inside the window is still recognised as a duplicate.
    expect(await recordWebhookDelivery(prisma, { shop: SHOP, topic: "orders/paid", eventId: "fresh-event" })).toBe(
      false,
    );
    expect(await prisma.webhookDelivery.count()).toBe(1);
  });

  it("stops at its time budget with the rest left for the next run", async () => {
    await quotes(SHOP, 1_000, NOW.getTime() - 5 * DAY, NOW.getTime() - 3 * DAY);
    let ticks = 0;
    // A clock that moves a second per look, from 0: the 3 s budget ends at the third look after the start, so two batches run.
    const run = await runRetention({ db: prisma, now: NOW, batch: 100, budgetMs: 3_000, clock: () => ticks++ * 1_000 });
    expect(run).toMatchObject({ quotes: 200, batches: 2, more: true });
    expect(await prisma.quoteLog.count()).toBe(800);
  });

  it("runs as one leased periodic job that every worker schedules and that comes back later", async () => {
    await quotes(SHOP, 50, NOW.getTime() - 3 * DAY, NOW.getTime() - 2.5 * DAY);
    // GIVEN two processes' workers have each scheduled it: still one job
    const second = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
    await ensureRetentionJob(prisma, NOW);
    await ensureRetentionJob(second, NOW);
    await second.$disconnect();
    expect(await prisma.job.count({ where: { queue: RETENTION_QUEUE } })).toBe(1);
    // WHEN a worker runs due jobs
    const logger = pino({ level: "silent" });
    const worker = createJobWorker({
      db: prisma,
      handlers: retentionJobHandlers({ db: prisma, logger, now: () => NOW }),
      logger,
      now: () => NOW,
    });
    expect(await worker.runOnce()).toBe(1);
    // THEN the old quotes are rolled up and the job waits for its next run, ten minutes on
    expect(await prisma.quoteLog.count()).toBe(0);
    const job = await prisma.job.findFirstOrThrow({ where: { queue: RETENTION_QUEUE } });
    expect(job).toMatchObject({ state: "queued", attempts: 0, runAt: new Date(NOW.getTime() + 10 * 60_000) });
  });
});
