/**
 * Our job queue (app/jobs, ADR 004) against graphile-worker (issue 30: "try the well-kept library
 * itself"), on the same embedded PostgreSQL, directly and behind PgBouncer in transaction mode
 * (Debian's pgbouncer, the settings docs/operations.md gives for the app). For each: N no-op jobs
 * enqueued one statement each (jobs/s), then run by one worker of concurrency 4 until all are done
 * (jobs/s, and CPU ms per job: this process plus PostgreSQL's, read from /proc), then the wake-up:
 * one job added to an idle worker, 10 times, and how long until its handler starts (LISTEN/NOTIFY
 * for graphile-worker, which PgBouncer's transaction mode does not pass; for ours, the in-process
 * signal of the enqueuing process, and its poll for work another process adds).
 * The decision it feeds: docs/decisions/035-job-queue.md. Two shared cores: numbers from a loaded
 * machine are relative, not absolute (the load average is printed).
 * Run: tsx bench/queue-compare.ts [jobs]   (default 3000)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Logger, makeWorkerUtils, run, runMigrations, type Runner } from "graphile-worker";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { startPgBouncer } from "../test/scale/support/debian-servers";
import { cpuSeconds } from "./lib/cpu";
import { ROOT } from "./lib/processes";

const JOBS = Number(process.argv[2] ?? 3_000);
const CONCURRENCY = 4;
const WAKE_SAMPLES = 10;
const quiet = new Logger(() => () => {});
const silentLogger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLogger };

interface Result {
  queue: string;
  via: string;
  enqueuePerSecond: number;
  runPerSecond: number;
  cpuMsPerJob: number;
  wakeMedianMs: number;
  wakeMaxMs: number;
}

function cpuNow(): number {
  const groups = cpuSeconds({ bench: [process.pid] });
  return (groups.bench ?? 0) + (groups.postgres ?? 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ours(url: string, via: string): Promise<Result> {
  const { enqueueJob } = await import("../app/jobs/queue.server");
  const { createJobWorker } = await import("../app/jobs/worker.server");
  await import("../test/helpers/test-queues");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    await db.$executeRaw`DELETE FROM "Job"`;
    let started = performance.now();
    for (let i = 0; i < JOBS; i++) await enqueueJob(db, { queue: "work", key: `k${i}`, shop: "bench" });
    const enqueueSeconds = (performance.now() - started) / 1000;
    let done = 0;
    const worker = createJobWorker({
      db,
      handlers: {
        work: async () => {
          done++;
          return { kind: "done" };
        },
      },
      logger: silentLogger,
      concurrency: CONCURRENCY,
      pollIntervalMs: 1_000,
    });
    const cpuBefore = cpuNow();
    started = performance.now();
    while (done < JOBS) await worker.runOnce();
    const runSeconds = (performance.now() - started) / 1000;
    const cpu = cpuNow() - cpuBefore;
    // The wake-up: a started worker, idle, and one job added (by this process: its signal wakes it).
    const waits: number[] = [];
    let ran: (() => void) | undefined;
    const idle = createJobWorker({
      db,
      handlers: {
        t: async () => {
          ran?.();
          return { kind: "done" };
        },
      },
      logger: silentLogger,
      concurrency: CONCURRENCY,
      pollIntervalMs: 1_000,
    });
    idle.start();
    for (let i = 0; i < WAKE_SAMPLES; i++) {
      const handled = new Promise<void>((resolve) => (ran = resolve));
      const at = performance.now();
      await enqueueJob(db, { queue: "t", key: `w${i}`, shop: "bench" });
      await handled;
      waits.push(performance.now() - at);
    }
    await idle.stop();
    return {
      queue: "ours (app/jobs)",
      via,
      enqueuePerSecond: JOBS / enqueueSeconds,
      runPerSecond: JOBS / runSeconds,
      cpuMsPerJob: (cpu * 1000) / JOBS,
      wakeMedianMs: median(waits),
      wakeMaxMs: Math.max(...waits),
    };
  } finally {
    await db.$disconnect();
  }
}

async function graphile(url: string, via: string, migrateUrl: string): Promise<Result> {
  await runMigrations({ connectionString: migrateUrl, logger: quiet });
  const admin = new pg.Client({ connectionString: migrateUrl });
  await admin.connect();
  await admin.query("DELETE FROM graphile_worker._private_jobs");
  await admin.end();
  const utils = await makeWorkerUtils({ connectionString: url, logger: quiet });
  let runner: Runner | undefined;
  try {
    let started = performance.now();
    for (let i = 0; i < JOBS; i++) await utils.addJob("work", {}, { jobKey: `k${i}` });
    const enqueueSeconds = (performance.now() - started) / 1000;
    let done = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => (allDone = resolve));
    let ran: (() => void) | undefined;
    const cpuBefore = cpuNow();
    started = performance.now();
    runner = await run({
      connectionString: url,
      concurrency: CONCURRENCY,
      noHandleSignals: true,
      logger: quiet,
      pollInterval: 1_000,
      taskList: {
        work: async () => {
          if (++done === JOBS) allDone();
        },
        t: async () => {
          ran?.();
        },
      },
    });
    await finished;
    const runSeconds = (performance.now() - started) / 1000;
    const cpu = cpuNow() - cpuBefore;
    const waits: number[] = [];
    for (let i = 0; i < WAKE_SAMPLES; i++) {
      const handled = new Promise<void>((resolve) => (ran = resolve));
      const at = performance.now();
      await utils.addJob("t", {}, { jobKey: `w${i}` });
      await handled;
      waits.push(performance.now() - at);
    }
    return {
      queue: "graphile-worker 0.16",
      via,
      enqueuePerSecond: JOBS / enqueueSeconds,
      runPerSecond: JOBS / runSeconds,
      cpuMsPerJob: (cpu * 1000) / JOBS,
      wakeMedianMs: median(waits),
      wakeMaxMs: Math.max(...waits),
    };
  } finally {
    await runner?.stop();
    await utils.release();
  }
}

/** PgBouncer logs in to the bench's own PostgreSQL as postgres without a password: loopback is trusted. */
async function trustLoopback(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ hba_file: string }>("SHOW hba_file");
    const file = rows[0]!.hba_file;
    fs.writeFileSync(file, `host all all 127.0.0.1/32 trust\n${fs.readFileSync(file, "utf8")}`);
    await client.query("SELECT pg_reload_conf()");
  } finally {
    await client.end();
  }
}

async function main() {
  const dataDir = path.join(ROOT, ".data", `bench-queue-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, logger: silentLogger });
  await trustLoopback(database.url);
  const bouncer = await startPgBouncer({ port: Number(new URL(database.url).port) }).catch((error: unknown) => {
    console.log(`PgBouncer did not start: ${String(error)}`);
    return undefined;
  });
  const results: Result[] = [];
  try {
    await migrateDatabase(database.url);
    const viaBouncer = bouncer
      ? database.url.replace(`127.0.0.1:${new URL(database.url).port}`, `127.0.0.1:${bouncer.port}`)
      : undefined;
    results.push(await ours(database.url, "direct"));
    results.push(await graphile(database.url, "direct", database.url));
    if (viaBouncer) {
      results.push(await ours(viaBouncer, "PgBouncer (transaction)"));
      const run = graphile(viaBouncer, "PgBouncer (transaction)", database.url);
      // LISTEN never hears a NOTIFY through PgBouncer's transaction pooling: the worker falls back to its poll.
      results.push(
        await Promise.race([
          run,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no result in 120 s")), 120_000).unref()),
        ]).catch((error: unknown) => {
          console.log(`graphile-worker behind PgBouncer: ${String(error)}`);
          return { queue: "graphile-worker 0.16", via: "PgBouncer (transaction)", failed: String(error) } as never;
        }),
      );
    }
  } finally {
    await bouncer?.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : n);
  console.log(`\n${JOBS} no-op jobs, concurrency ${CONCURRENCY}; load average ${os.loadavg().map(round).join(" ")} on ${os.cpus().length} cores`);
  console.table(
    results.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? round(v) : v])),
    ),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
