/**
 * Retention under a backlog of 1,000,000 checkout quotes (issue 21): the built app (`build/start.js`,
 * PROCESS_ROLE=worker) runs its periodic retention job in its job thread against a real PostgreSQL
 * (embedded, .data/bench-postgres-<pid>) holding five days of quotes for 20 shops — three of those
 * days older than the two days raw quotes are kept. Meanwhile the bench writes one quote at a time
 * the way the rate callback's log does (a short INSERT) and times each, to show retention never
 * holds checkout up. Reports the tables' rows and sizes before and after, the app's resident memory
 * (VmRSS, sampled every 250 ms) and the insert latencies, against the same inserts before the app
 * starts. (The rate callback itself never waits on these inserts: its log is written in batches
 * after the answer; the inserts show whether retention makes the database wait.)
 *
 * Goals: every quote older than two days rolled up and deleted, the roll-ups adding up to the raw
 * quotes; QuoteLog left with only the last two days; app RSS < 256 MiB throughout; quote insert
 * p99 while retention runs at most 2× the p99 without it.
 * Run: tsx bench/retention.ts [quotes]   (default 1000000)
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { benchAppEnv, ensureBuilt, ROOT, rssMiB, startApp, stopChildren } from "./lib/processes";

const QUOTES = Number(process.argv[2] ?? 1_000_000);
const SHOPS = 20;
const DAYS = 5;
const KEPT_HOURS = 48;
const GOALS = { rssMiB: 256, insertP99Ratio: 2 };

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

async function tables(client: pg.Client) {
  const { rows } = await client.query<{ name: string; rows: number; mib: number }>(`
    SELECT t AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', t), false, true, '')))[1]::text::int AS rows,
           round(pg_total_relation_size(format('%I', t)::regclass) / 1048576.0, 1)::float8 AS mib
    FROM unnest(ARRAY['QuoteLog', 'QuoteHourly', 'Job', 'WebhookDelivery']) AS t`);
  return rows;
}

async function main() {
  ensureBuilt();
  const dataDir = path.join(ROOT, `.data/bench-postgres-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, logger: { info() {}, warn: console.warn } });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await migrateDatabase(database.url, ROOT);
    await client.connect();

    // GIVEN five days of quotes for 20 shops, written with one statement per day.
    const started = performance.now();
    await client.query(
      `INSERT INTO "Shop" (domain, "updatedAt") SELECT 'tienda-' || i || '.myshopify.com', now() FROM generate_series(1, ${SHOPS}) i`,
    );
    const perDay = Math.ceil(QUOTES / DAYS);
    for (let day = 0; day < DAYS; day++)
      await client.query(
        `INSERT INTO "QuoteLog" (shop, at, "durationMs", "cacheHit", outcome, services)
         SELECT 'tienda-' || (1 + i % ${SHOPS}) || '.myshopify.com',
                now() - interval '${day + 1} days' + (i::float8 / ${perDay}) * interval '1 day',
                3 + (i * 37) % 400, i % 3 = 0, (ARRAY['rates','no_rates','fallback','backup'])[1 + i % 4], ARRAY['NACIONAL']
         FROM generate_series(0, ${perDay - 1}) i`,
      );
    await client.query(`ANALYZE "QuoteLog"`);
    // Fixed now: rows keep crossing the two-day line as the clock moves; these are the ones the
    // app's first complete retention run must have rolled up.
    const cutoff = new Date(Date.now() - KEPT_HOURS * 3_600_000);
    const old = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "QuoteLog" WHERE at < $1`, [cutoff]);
    const written = await client.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, sum("durationMs")::text AS sum FROM "QuoteLog"`,
    );
    const before = await tables(client);
    console.log(
      `wrote ${perDay * DAYS} quotes in ${((performance.now() - started) / 1000).toFixed(1)} s; ${old.rows[0]!.n} older than ${KEPT_HOURS} h`,
    );
    console.table(before);

    // The same single-row inserts without retention running, for comparison.
    const insertOnce = async (into: number[]) => {
      const s = performance.now();
      await client.query(
        `INSERT INTO "QuoteLog" (shop, at, "durationMs", "cacheHit", outcome, services) VALUES ('tienda-1.myshopify.com', now(), 5, false, 'rates', ARRAY['BENCH'])`,
      );
      into.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 10));
    };
    const baseline: number[] = [];
    for (let i = 0; i < 1_000; i++) await insertOnce(baseline);
    baseline.sort((a, b) => a - b);

    // WHEN the app's worker starts (it schedules the retention job at once) while checkout writes quotes
    const app = await startApp({
      ...benchAppEnv({
        databaseUrl: database.url,
        qa: "http://127.0.0.1:9",
        production: "http://127.0.0.1:9",
        scopes: "read_products",
      }),
      LOG_LEVEL: "info",
      PROCESS_ROLE: "worker",
    });
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(rssMiB(app.pid)), 250);
    const inserts: number[] = [];
    const t0 = performance.now();
    let remaining = old.rows[0]!.n;
    while (remaining > 0) {
      for (let i = 0; i < 20; i++) await insertOnce(inserts);
      remaining = (
        await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "QuoteLog" WHERE at < $1`, [cutoff])
      ).rows[0]!.n;
      if (performance.now() - t0 > 15 * 60_000)
        throw new Error(`retention did not finish in 15 minutes (${remaining} left)`);
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    // Every quote written is either still raw or in its hour's roll-up, exactly once.
    const accounted = await client.query<{ n: number; sum: string }>(
      `SELECT (SELECT sum(quotes) FROM "QuoteHourly") + (SELECT count(*) FROM "QuoteLog" WHERE services <> ARRAY['BENCH']) AS n,
              ((SELECT sum("durationMsSum") FROM "QuoteHourly") + (SELECT sum("durationMs") FROM "QuoteLog" WHERE services <> ARRAY['BENCH']))::text AS sum`,
    );
    await client.query(`VACUUM "QuoteLog"`);
    const after = await tables(client);

    // THEN
    inserts.sort((a, b) => a - b);
    const peak = Math.max(...rss);
    const exact =
      Number(accounted.rows[0]!.n) === written.rows[0]!.n && accounted.rows[0]!.sum === written.rows[0]!.sum;
    console.log(
      `\nretention of ${old.rows[0]!.n} quotes by the app's job: ${seconds.toFixed(1)} s (${Math.round(old.rows[0]!.n / seconds)} rows/s)`,
    );
    console.table(after);
    console.log(`roll-ups + raw rows add up to the quotes written (count, sum of durations): ${exact ? "yes" : "NO"}`);
    console.log(
      `app RSS: start ${rss[0]?.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, end ${rss.at(-1)?.toFixed(0)} MiB`,
    );
    console.log(
      `quote inserts during retention: n=${inserts.length}, p50 ${percentile(inserts, 50).toFixed(1)} ms, p99 ${percentile(inserts, 99).toFixed(1)} ms, max ${inserts.at(-1)!.toFixed(1)} ms`,
    );
    const quoteLog = after.find((t) => t.name === "QuoteLog")!;
    console.log(`goal: old quotes gone, roll-ups exact — ${exact ? "met" : "missed"}`);
    console.log(
      `goal: QuoteLog keeps only ${KEPT_HOURS} h (${quoteLog.rows} rows; ${(perDay * KEPT_HOURS) / 24} quotes of ${KEPT_HOURS} h + the bench's own + the hour crossing the line while it ran) — ${quoteLog.rows <= (perDay * KEPT_HOURS) / 24 + inserts.length + baseline.length + perDay / 24 ? "met" : "missed"}`,
    );
    console.log(`goal: app RSS < ${GOALS.rssMiB} MiB — ${peak < GOALS.rssMiB ? "met" : "missed"} (${peak.toFixed(0)})`);
    console.log(
      `the same inserts without retention: n=${baseline.length}, p50 ${percentile(baseline, 50).toFixed(1)} ms, p99 ${percentile(baseline, 99).toFixed(1)} ms, max ${baseline.at(-1)!.toFixed(1)} ms`,
    );
    const ratio = percentile(inserts, 99) / percentile(baseline, 99);
    console.log(
      `goal: quote insert p99 during retention ≤ ${GOALS.insertP99Ratio}× without it — ${ratio <= GOALS.insertP99Ratio ? "met" : "missed"} (${ratio.toFixed(2)}×)`,
    );
  } finally {
    await client.end().catch(() => {});
    await stopChildren();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
