import { SvcUnexpectedError } from "~/svc/errors";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { claimJobs, enqueueJob, extendLease } from "~/jobs/queue.server";
import { finishJob } from "../../helpers/jobs";
import { jobErrorCode } from "~/job-errors/error-codes";
import { createJobWorker } from "~/jobs/worker.server";
import { currentRequestId, withLogContext } from "~/logger.server";
import { resetDatabase } from "../../helpers/test-database";

// A second client with its own pool stands for a second app process.
const otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
afterAll(() => otherProcess.$disconnect());

const silent = { info() {}, warn() {}, error() {} };
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("jobs as leased rows", () => {
  beforeEach(resetDatabase);

  it("keeps one row per (queue, key) however often it is enqueued", async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: t0 });
    expect(await prisma.job.count()).toBe(1);
  });

  it("hands a due job to exactly one of two competing processes", async () => {
    for (let i = 0; i < 20; i++) await enqueueJob(prisma, { queue: "q", key: `k${i}`, shop: "s", runAt: t0 });
    const [a, b] = await Promise.all([
      claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 60_000, limit: 20, now: t0 }),
      claimJobs(otherProcess, { queues: ["q"], owner: "B", leaseMs: 60_000, limit: 20, now: t0 }),
    ]);
    const keys = [...a, ...b].map((j) => j.key);
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
  });

  it("does not hand out a job before its time", async () => {
    await enqueueJob(prisma, { queue: "q", key: "later", shop: "s", runAt: at(60_000) });
    expect(await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 1000, limit: 5, now: t0 })).toHaveLength(0);
    expect(
      await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 1000, limit: 5, now: at(60_000) }),
    ).toHaveLength(1);
  });

  it("gives a crashed worker's job to another once the lease expires, and fences the first", async () => {
    await enqueueJob(prisma, { queue: "q", key: "k", shop: "s", runAt: t0 });
    const [crashed] = await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 30_000, limit: 1, now: t0 });
    expect(
      await claimJobs(otherProcess, { queues: ["q"], owner: "B", leaseMs: 30_000, limit: 1, now: at(10_000) }),
    ).toHaveLength(0);
    const [taken] = await claimJobs(otherProcess, {
      queues: ["q"],
      owner: "B",
      leaseMs: 30_000,
      limit: 1,
      now: at(31_000),
    });
    expect(taken!.attempts).toBe(2);
    // The first worker wakes up late: its writes no longer count.
    expect(await finishJob(prisma, crashed!, { kind: "done" })).toBe(false);
    expect(await extendLease(prisma, crashed!, at(90_000))).toBe(false);
    expect(await finishJob(otherProcess, taken!, { kind: "done" })).toBe(true);
    expect((await prisma.job.findFirstOrThrow()).state).toBe("done");
  });

  it("retries until maxAttempts, then marks the job failed with its last error", async () => {
    await enqueueJob(prisma, { queue: "q", key: "k", shop: "s", runAt: t0, maxAttempts: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const [job] = await claimJobs(prisma, {
        queues: ["q"],
        owner: "A",
        leaseMs: 1000,
        limit: 1,
        now: at(attempt * 10_000),
      });
      await finishJob(prisma, job!, { kind: "retry", at: at(attempt * 10_000 + 1), error: `boom ${attempt}` });
    }
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({
      state: "failed",
      lastError: "boom 2",
      // A handler that names no code: the page words it as unexpected.
      lastErrorCode: "unexpected",
      attempts: 2,
    });
  });

  it("keeps the code of what failed beside the error's text, and clears both once the job succeeds", async () => {
    await enqueueJob(prisma, { queue: "q", key: "k", shop: "s", runAt: t0 });
    const [first] = await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 1000, limit: 1, now: t0 });
    await finishJob(prisma, first!, {
      kind: "retry",
      at: at(1),
      error: "503 from the service",
      errorCode: "unavailable",
    });
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({
      lastError: "503 from the service",
      lastErrorCode: "unavailable",
    });
    const [second] = await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 1000, limit: 1, now: at(10) });
    await finishJob(prisma, second!, { kind: "done" });
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({ state: "done", lastError: null, lastErrorCode: null });
  });

  it("re-queues a finished job when the same key is enqueued again", async () => {
    await enqueueJob(prisma, { queue: "q", key: "k", shop: "s", runAt: t0 });
    const [job] = await claimJobs(prisma, { queues: ["q"], owner: "A", leaseMs: 1000, limit: 1, now: t0 });
    await finishJob(prisma, job!, { kind: "done" });
    await enqueueJob(prisma, { queue: "q", key: "k", shop: "s", runAt: at(5) });
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("runs each job's handler once across two workers, and retries a handler that throws", async () => {
    for (let i = 0; i < 10; i++) await enqueueJob(prisma, { queue: "work", key: `k${i}`, shop: "s", runAt: t0 });
    await enqueueJob(prisma, { queue: "work", key: "explodes", shop: "s", runAt: t0 });
    const runs: string[] = [];
    const handler = async (job: { key: string }) => {
      runs.push(job.key);
      if (job.key === "explodes")
        throw new SvcUnexpectedError({ endpoint: "orders", message: "service down", status: 500 });
      return { kind: "done" as const };
    };
    const now = () => at(1000);
    // The classifier of the edges' errors, as the composition root hands it to the worker.
    const errorCode = jobErrorCode;
    const a = createJobWorker({ db: prisma, handlers: { work: handler }, logger: silent, owner: "A", now, errorCode });
    const b = createJobWorker({ db: otherProcess, handlers: { work: handler }, logger: silent, owner: "B", now, errorCode });
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `k${i}`), "explodes"].sort());
    const failed = await prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "work", key: "explodes" } } });
    // The worker records what the thrown error was, by its type, for the page to word.
    expect(failed).toMatchObject({ state: "queued", lastError: "service down", lastErrorCode: "unavailable" });
    expect(failed.runAt.getTime()).toBeGreaterThan(now().getTime());
  });

  it("keeps its slots busy: one slow job does not hold up the jobs behind it", async () => {
    // GIVEN two slots, one job that takes half a second and ten quick ones behind it
    await enqueueJob(prisma, { queue: "work", key: "slow", shop: "s", runAt: t0 });
    for (let i = 0; i < 10; i++) await enqueueJob(prisma, { queue: "work", key: `q${i}`, shop: "s", runAt: at(1) });
    const finished: string[] = [];
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(1000),
      concurrency: 2,
      handlers: {
        work: async (job) => {
          if (job.key === "slow") await new Promise((r) => setTimeout(r, 500));
          finished.push(job.key);
          return { kind: "done" as const };
        },
      },
    });
    // WHEN the worker runs them
    expect(await worker.runOnce()).toBe(11);
    // THEN the quick ones all went through the other slot while the slow one ran
    expect(finished.indexOf("slow")).toBe(10);
  });

  it("takes up work added while a long job runs in another slot", async () => {
    // GIVEN a running worker busy with a job that takes a second
    await enqueueJob(prisma, { queue: "work", key: "long", shop: "s", runAt: t0 });
    const finished: string[] = [];
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(1000),
      pollIntervalMs: 60_000,
      handlers: {
        work: async (job) => {
          if (job.key === "long") await new Promise((r) => setTimeout(r, 1_000));
          finished.push(job.key);
          return { kind: "done" as const };
        },
      },
    });
    worker.start();
    try {
      while (!(await prisma.job.findFirst({ where: { key: "long", state: "running" } })))
        await new Promise((r) => setTimeout(r, 10));
      // WHEN an order's job is added in this process meanwhile
      await enqueueJob(prisma, { queue: "work", key: "order", shop: "s", runAt: t0 });
      while (finished.length < 2) await new Promise((r) => setTimeout(r, 10));
      // THEN it ran at once in a free slot, not after the long job
      expect(finished).toEqual(["order", "long"]);
    } finally {
      await worker.stop();
    }
  });

  it("stops promptly on shutdown even when a job keeps rescheduling itself at once", async () => {
    // GIVEN a job that asks to run again immediately, as a long sync does between steps
    await enqueueJob(prisma, { queue: "loop", key: "k", shop: "s", runAt: t0 });
    let runs = 0;
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(1000),
      handlers: { loop: async () => (runs++, { kind: "reschedule", at: t0 }) },
    });
    worker.start();
    while (runs < 3) await new Promise((r) => setTimeout(r, 10));
    // WHEN the process shuts down THEN the worker stops instead of draining forever
    await worker.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
    expect((await prisma.job.findFirstOrThrow()).state).toBe("queued");
  });

  it("carries the id of the request that enqueued a job into the job's log context", async () => {
    // GIVEN a job enqueued while serving a request, another enqueued outside any
    await withLogContext({ requestId: "req-42" }, () =>
      enqueueJob(prisma, { queue: "work", key: "from-request", shop: "s", runAt: t0 }),
    );
    await enqueueJob(prisma, { queue: "work", key: "background", shop: "s", runAt: t0 });
    expect(
      await prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "work", key: "from-request" } } }),
    ).toMatchObject({
      requestId: "req-42",
      traceparent: null, // tracing is off in this process
    });
    // WHEN they run THEN each handler sees its enqueuer's request id (what its log lines carry)
    const seen: Record<string, string | undefined> = {};
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(1000),
      handlers: { work: async (job) => ((seen[job.key] = currentRequestId()), { kind: "done" }) },
    });
    await worker.runOnce();
    expect(seen).toEqual({ "from-request": "req-42", background: undefined });
  });
});
