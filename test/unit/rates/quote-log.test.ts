import { describe, expect, it } from "vitest";
import type { Prisma } from "@prisma/client";
import { createQuoteLogWriter, insertQuoteLogBatch, type QuoteLogEntry } from "~/rates/quote-log.server";

const entry = (shop: string): QuoteLogEntry => ({
  shop,
  at: new Date(),
  durationMs: 3,
  cacheHit: false,
  outcome: "rates",
  services: ["NACIONAL"],
});

/** A database fake that runs the batch statement's logic: rows of unknown shops are skipped. */
function fakeDb(shops: string[]) {
  const rows: QuoteLogEntry[] = [];
  let batches = 0;
  const db = {
    $executeRaw: async (sql: Prisma.Sql) => {
      batches += 1;
      const batch = JSON.parse(String(sql.values[0])) as QuoteLogEntry[];
      const kept = batch.filter((row) => shops.includes(row.shop));
      rows.push(...kept);
      return kept.length;
    },
  };
  return { db: db as never, rows, batches: () => batches };
}

const quiet = () => ({ warn: () => {} });

describe("quote log writer", () => {
  it("buffers entries and writes them in batches on flush", async () => {
    const fake = fakeDb(["a.myshopify.com"]);
    const log = createQuoteLogWriter({ db: () => fake.db, logger: quiet, batchSize: 2, flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i++) log.record(entry("a.myshopify.com"));
    expect(fake.rows).toHaveLength(0);
    await log.stop();
    expect(fake.rows).toHaveLength(5);
    expect(fake.batches()).toBe(3);
  });

  it("flushes by itself after the interval", async () => {
    const fake = fakeDb(["a.myshopify.com"]);
    const log = createQuoteLogWriter({ db: () => fake.db, logger: quiet, flushIntervalMs: 20 });
    log.record(entry("a.myshopify.com"));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.rows).toHaveLength(1);
  });

  it("sends a whole batch as one statement with one JSON parameter", () => {
    const sql = insertQuoteLogBatch([entry("a.myshopify.com"), entry("b.myshopify.com")]);
    expect(sql.values).toHaveLength(1);
    expect(JSON.parse(String(sql.values[0]))).toHaveLength(2);
    expect(sql.sql).toMatch(/INSERT INTO "QuoteLog"/);
  });

  it("keeps the entries of known shops when a batch names an unknown one", async () => {
    const fake = fakeDb(["a.myshopify.com"]);
    const log = createQuoteLogWriter({ db: () => fake.db, logger: quiet });
    log.record(entry("a.myshopify.com"));
    log.record(entry("nadie.myshopify.com"));
    await log.flush();
    expect(fake.rows.map((r) => r.shop)).toEqual(["a.myshopify.com"]);
    expect(log.dropped).toBe(1);
  });

  it("drops the oldest entries beyond its bound instead of growing", () => {
    const fake = fakeDb([]);
    const log = createQuoteLogWriter({ db: () => fake.db, logger: quiet, maxBuffered: 10, flushIntervalMs: 60_000 });
    for (let i = 0; i < 25; i++) log.record(entry("a.myshopify.com"));
    expect(log.buffered).toBe(10);
    expect(log.dropped).toBe(15);
  });

  it("never throws when the database is down", async () => {
    const log = createQuoteLogWriter({
      db: () =>
        ({
          quoteLog: { createMany: () => Promise.reject(new Error("down")) },
          shop: { findMany: () => Promise.reject(new Error("down")) },
        }) as never,
      logger: quiet,
    });
    log.record(entry("a.myshopify.com"));
    await expect(log.flush()).resolves.toBeUndefined();
    expect(log.dropped).toBe(1);
  });
});
