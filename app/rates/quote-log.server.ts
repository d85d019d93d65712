/**
 * Records every checkout quote for the dashboard without slowing the answer: `record` only pushes
 * to an in-memory buffer; a timer (and `flush`/`stop`) writes it in batches, one statement each. The
 * buffer is bounded: under a database outage the oldest entries are dropped, never the request.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import type { QuoteOutcome } from "./answer";

/** @internal */
export interface QuoteLogEntry {
  shop: string;
  at: Date;
  durationMs: number;
  cacheHit: boolean;
  outcome: QuoteOutcome;
  services: string[];
}

export interface QuoteLogWriter {
  /** Buffers one entry; never throws, never waits. */
  record(entry: QuoteLogEntry): void;
  /** Writes everything buffered so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
  readonly buffered: number;
  readonly dropped: number;
}

interface WarnLogger {
  warn(obj: object, msg?: string): void;
}

type Db = Pick<PrismaClient, "$executeRaw">;

/**
 * One statement per batch, the rows travelling as a single JSON parameter. createMany builds its
 * query row by row on the main thread (~0.1 ms a row with Prisma's query compiler), which showed
 * up as latency spikes at checkout; this costs one JSON.stringify. Rows of shops the database
 * doesn't know (never installed, or redacted meanwhile) are skipped instead of failing the batch;
 * the rest keep their order (ids follow the order of the quotes).
 * @internal
 */
export function insertQuoteLogBatch(batch: readonly QuoteLogEntry[]): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "QuoteLog" ("shop", "at", "durationMs", "cacheHit", "outcome", "services")
    SELECT r.shop, to_timestamp(r.at / 1000.0) AT TIME ZONE 'UTC', r."durationMs", r."cacheHit", r.outcome, r.services
    FROM ROWS FROM (
      json_to_recordset(${batchJson(batch)}::json)
        AS (shop text, at bigint, "durationMs" int, "cacheHit" boolean, outcome text, services text[])
    ) WITH ORDINALITY AS r(shop, at, "durationMs", "cacheHit", outcome, services, n)
    WHERE EXISTS (SELECT 1 FROM "Shop" s WHERE s.domain = r.shop)
    ORDER BY r.n`;
}

// Written by hand: JSON.stringify of Date-bearing objects took ~2.5 ms per 1,000 rows on the event loop.
function batchJson(batch: readonly QuoteLogEntry[]): string {
  const rows = batch.map(
    (e) =>
      `{"shop":${JSON.stringify(e.shop)},"at":${e.at.getTime()},"durationMs":${Math.round(e.durationMs)},"cacheHit":${e.cacheHit},"outcome":${JSON.stringify(e.outcome)},"services":${JSON.stringify(e.services)}}`,
  );
  return `[${rows.join(",")}]`;
}

export function createQuoteLogWriter(opts: {
  db: () => Db;
  logger: () => WarnLogger;
  flushIntervalMs?: number;
  batchSize?: number;
  maxBuffered?: number;
}): QuoteLogWriter {
  // Small, frequent batches keep each flush's work on the event loop well under a millisecond.
  const flushIntervalMs = opts.flushIntervalMs ?? 250;
  const batchSize = opts.batchSize ?? 500;
  const maxBuffered = opts.maxBuffered ?? 20_000;
  let buffer: QuoteLogEntry[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushIntervalMs);
    // A pending log write must never keep a process alive.
    timer.unref();
  };

  async function writeBatch(batch: QuoteLogEntry[]): Promise<void> {
    try {
      const inserted = await opts.db().$executeRaw(insertQuoteLogBatch(batch));
      dropped += batch.length - inserted;
    } catch (error) {
      dropped += batch.length;
      opts.logger().warn({ err: String(error), entries: batch.length }, "quote log batch dropped");
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      while (buffer.length) {
        const batch = buffer.slice(0, batchSize);
        buffer = buffer.slice(batchSize);
        await writeBatch(batch);
      }
    });
    return flushing;
  }

  return {
    record(entry) {
      buffer.push(entry);
      if (buffer.length > maxBuffered) {
        dropped += buffer.length - maxBuffered;
        buffer = buffer.slice(buffer.length - maxBuffered);
      }
      schedule();
    },
    flush,
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
    get buffered() {
      return buffer.length;
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * Rolls up and deletes at most `batch` raw quotes older than `before`, in one statement (so a
 * quote is in QuoteLog or in its hour's roll-up, never both, never neither); returns how many.
 */
export async function rollUpQuotes(db: Pick<PrismaClient, "$queryRaw">, before: Date, batch: number) {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    WITH gone AS (
      DELETE FROM "QuoteLog" WHERE id IN (
        SELECT id FROM "QuoteLog" WHERE at < ${before} ORDER BY at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING shop, at, "durationMs", "cacheHit", outcome),
    rolled AS (
      INSERT INTO "QuoteHourly" (shop, hour, quotes, "cacheHits", answered, "durationMsSum", "durationMsMax")
      SELECT shop, date_trunc('hour', at), count(*)::int, count(*) FILTER (WHERE "cacheHit")::int,
             count(*) FILTER (WHERE outcome IN ('rates', 'fallback'))::int, sum("durationMs")::bigint, max("durationMs")
      FROM gone GROUP BY 1, 2
      ON CONFLICT (shop, hour) DO UPDATE SET
        quotes = "QuoteHourly".quotes + EXCLUDED.quotes,
        "cacheHits" = "QuoteHourly"."cacheHits" + EXCLUDED."cacheHits",
        answered = "QuoteHourly".answered + EXCLUDED.answered,
        "durationMsSum" = "QuoteHourly"."durationMsSum" + EXCLUDED."durationMsSum",
        "durationMsMax" = GREATEST("QuoteHourly"."durationMsMax", EXCLUDED."durationMsMax")
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`;
  return n;
}
