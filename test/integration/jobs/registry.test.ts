// Jobs as policy: a queue declared once (payload schema, retries, backoff, priority, recurring
// work) decides what its rows carry and how a failed run comes back, and a stored payload that no
// longer fits its queue's schema is a dead job naming the queue and the field, never a crash loop.
import type { Job } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import prisma from "../../helpers/prisma";
import { claimJobs, enqueueJob, ensureRecurringJobs, finishJobState, type StatementConn as Conn } from "~/jobs/queue.server";
import { defineQueue, JobPriority, type JobOf } from "~/jobs/registry";
import { createJobWorker, runJobByHand } from "~/jobs/worker.server";
import { resetDatabase } from "../../helpers/test-database";

const empty = z.object({});
declare module "~/jobs/registry" {
  interface JobPayloads {
    "test.typed": { orderId: string; attempt?: number };
    "test.urgent": { n: number };
    "test.recurring": z.infer<typeof empty>;
  }
}

const TYPED = defineQueue("test.typed", {
  payload: z.object({ orderId: z.string().min(1), attempt: z.number().int().optional() }),
  retryLimit: 3,
  retryDelayMs: 1_000,
  retryBackoff: true,
  retryMaxDelayMs: 3_000,
});
const URGENT = defineQueue("test.urgent", {
  payload: z.object({ n: z.number() }),
  priority: JobPriority.ORDERS,
  retryDelayMs: 60_000,
  retryBackoff: false,
});
const RECURRING = defineQueue("test.recurring", {
  payload: empty,
  recurring: { key: "every" },
});

const otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
afterAll(() => otherProcess.$disconnect());

const silent = { info() {}, warn() {}, error() {} };
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("queues declared as policy", () => {
  beforeEach(resetDatabase);

  it("writes the declared attempts and priority on every row of the queue", async () => {
    await enqueueJob(prisma, { queue: TYPED, key: "a", shop: "s", payload: { orderId: "o-1" }, runAt: t0 });
    await enqueueJob(prisma, { queue: URGENT, key: "b", shop: "s", payload: { n: 1 }, runAt: t0 });
    const rows = await prisma.job.findMany({ orderBy: { key: "asc" }, select: { maxAttempts: true, priority: true } });
    expect(rows).toEqual([
      { maxAttempts: 3, priority: JobPriority.BACKGROUND },
      { maxAttempts: 10, priority: JobPriority.ORDERS },
    ]);
  });

  it("hands the handler the payload its schema read, and retries a failure by the queue's backoff until its limit", async () => {
    await enqueueJob(prisma, { queue: TYPED, key: "a", shop: "s", payload: { orderId: "o-1" }, runAt: t0 });
    const seen: Array<JobOf<typeof TYPED>["payload"]> = [];
    let now = t0;
    const worker = createJobWorker({
      db: prisma,
      handlers: {
        [TYPED]: async (job) => {
          seen.push(job.payload);
          throw new Error(`order ${job.payload.orderId} refused`);
        },
      },
      logger: silent,
      now: () => now,
    });
    const runAts: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await worker.runOnce()).toBe(1);
      const row = await prisma.job.findFirstOrThrow();
      runAts.push(row.runAt.getTime() - now.getTime());
      now = row.runAt;
    }
    expect(seen).toEqual([{ orderId: "o-1" }, { orderId: "o-1" }, { orderId: "o-1" }]);
    // 1 s, then doubled to 2 s, then capped at 3 s — and with its third attempt spent, it gives up
    expect(runAts).toEqual([1_000, 2_000, 3_000]);
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({
      state: "failed",
      attempts: 3,
      lastError: "order o-1 refused",
    });
  });

  it("waits the queue's fixed delay for a retry and for a failed periodic run that leave their time to it", async () => {
    await enqueueJob(prisma, { queue: URGENT, key: "retry", shop: "s", payload: { n: 1 }, runAt: t0 });
    await enqueueJob(prisma, { queue: URGENT, key: "periodic", shop: "s", payload: { n: 2 }, runAt: t0 });
    const worker = createJobWorker({
      db: prisma,
      handlers: {
        [URGENT]: async (job) =>
          job.payload.n === 1 ? { kind: "retry", error: "not yet" } : { kind: "reschedule", error: "read failed" },
      },
      logger: silent,
      now: () => t0,
    });
    expect(await worker.runOnce()).toBe(2);
    const rows = await prisma.job.findMany({ orderBy: { key: "asc" } });
    expect(rows.map((r) => ({ key: r.key, state: r.state, runAt: r.runAt, attempts: r.attempts }))).toEqual([
      { key: "periodic", state: "queued", runAt: at(60_000), attempts: 0 },
      { key: "retry", state: "queued", runAt: at(60_000), attempts: 1 },
    ]);
  });

  it("fails a job whose stored payload no longer fits its queue, naming the queue and the field, without running it", async () => {
    await prisma.job.create({
      data: { queue: TYPED, key: "bad", shop: "s", payload: { orderId: 42 }, runAt: t0, maxAttempts: 3 },
    });
    await enqueueJob(prisma, { queue: TYPED, key: "good", shop: "s", payload: { orderId: "o-2" }, runAt: t0 });
    const ran: string[] = [];
    const errors: unknown[] = [];
    const worker = createJobWorker({
      db: prisma,
      handlers: {
        [TYPED]: async (job) => {
          ran.push(job.key);
          return { kind: "done" };
        },
      },
      logger: { ...silent, error: (fields: unknown) => errors.push(fields) },
      now: () => t0,
    });
    expect(await worker.runOnce()).toBe(2);
    // Run again later: nothing is due, the bad row is not retried (no crash loop)
    const later = createJobWorker({
      db: prisma,
      handlers: { [TYPED]: async () => ({ kind: "done" }) },
      logger: silent,
      now: () => at(3_600_000),
    });
    expect(await later.runOnce()).toBe(0);
    expect(ran).toEqual(["good"]);
    const bad = await prisma.job.findFirstOrThrow({ where: { key: "bad" } });
    expect(bad).toMatchObject({ state: "failed", attempts: 1, lastErrorCode: "unexpected" });
    expect(bad.lastError).toContain("queue test.typed");
    expect(bad.lastError).toContain("job bad");
    expect(bad.lastError).toContain("orderId");
    expect(errors).toHaveLength(1);
    // Run by hand (a test, a script), the same payload throws with the same words
    await expect(runJobByHand({ [TYPED]: async () => ({ kind: "done" }) }, bad)).rejects.toThrow(
      /queue test\.typed, job bad: stored payload is invalid at orderId/,
    );
  });

  it("queues a failed-payload job again with its new payload when it was woken while running", async () => {
    await prisma.job.create({
      data: { queue: TYPED, key: "k", shop: "s", payload: { orderId: 42 }, runAt: t0 },
    });
    const [claimed] = await claimJobs(prisma, { queues: [TYPED], owner: "A", leaseMs: 60_000, limit: 1, now: t0 });
    // A new enqueue while it runs is its wake-up, with a payload that fits
    await enqueueJob(prisma, { queue: TYPED, key: "k", shop: "s", payload: { orderId: "o-3" }, runAt: at(5) });
    expect(await finishJobState(prisma, claimed!, { kind: "fail", error: "bad" })).toBe("queued");
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({
      state: "queued",
      runAt: at(5),
      attempts: 0,
      lastError: null,
      payload: { orderId: "o-3" },
    });
  });

  it("keeps one row per declared recurring job however many workers make sure of it", async () => {
    await Promise.all([ensureRecurringJobs(prisma, t0), ensureRecurringJobs(otherProcess, t0)]);
    await ensureRecurringJobs(prisma, at(1_000), [RECURRING]);
    const rows = await prisma.job.findMany({ where: { queue: RECURRING } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: "every", shop: "", state: "queued", runAt: t0 });
  });
});

describe("claims in batches", () => {
  beforeEach(resetDatabase);

  /** The database, counting the statements run through it. */
  function counting(db: Conn): Conn & { statements: number } {
    const counted = {
      statements: 0,
      $queryRaw: ((...args: Parameters<Conn["$queryRaw"]>) => {
        counted.statements++;
        return db.$queryRaw(...args);
      }) as Conn["$queryRaw"],
      $executeRaw: ((...args: Parameters<Conn["$executeRaw"]>) => {
        counted.statements++;
        return db.$executeRaw(...args);
      }) as Conn["$executeRaw"],
      // A client the composition root did not make runs the prepared statements' text through these (ADR 036).
      $queryRawUnsafe: ((...args: Parameters<Conn["$queryRawUnsafe"]>) => {
        counted.statements++;
        return db.$queryRawUnsafe(...args);
      }) as Conn["$queryRawUnsafe"],
      $executeRawUnsafe: ((...args: Parameters<Conn["$executeRawUnsafe"]>) => {
        counted.statements++;
        return db.$executeRawUnsafe(...args);
      }) as Conn["$executeRawUnsafe"],
    };
    return counted;
  }

  it("claims an expired lease and the most urgent due jobs up to the limit in one statement", async () => {
    for (let i = 0; i < 5; i++)
      await enqueueJob(prisma, { queue: TYPED, key: `bg${i}`, shop: "s", payload: { orderId: `o${i}` }, runAt: at(i) });
    await enqueueJob(prisma, { queue: URGENT, key: "order", shop: "s", payload: { n: 1 }, runAt: at(10) });
    // A worker died holding bg0: its lease runs out
    const [dead] = await claimJobs(prisma, { queues: [TYPED], owner: "dead", leaseMs: 1_000, limit: 1, now: at(10) });
    expect(dead).toMatchObject({ key: "bg0" });
    const db = counting(prisma);
    const batch = await claimJobs(db, { queues: [TYPED, URGENT], owner: "B", leaseMs: 60_000, limit: 3, now: at(5_000) });
    expect(db.statements).toBe(1);
    // The order first (priority), then the taken-over job, then the oldest background one
    expect(batch.map((j) => j.key)).toEqual(["order", "bg0", "bg1"]);
    expect(batch.every((j) => j.leaseOwner === "B" && j.state === "running")).toBe(true);
    expect(batch.find((j) => j.key === "bg0")).toMatchObject({ attempts: 2 });
    // The rest wait, queued
    expect(await prisma.job.count({ where: { state: "queued" } })).toBe(3);
  });

  it("skips expired leases when asked for queued rows only, still in one statement", async () => {
    await enqueueJob(prisma, { queue: TYPED, key: "a", shop: "s", payload: { orderId: "a" }, runAt: t0 });
    await enqueueJob(prisma, { queue: TYPED, key: "b", shop: "s", payload: { orderId: "b" }, runAt: t0 });
    await claimJobs(prisma, { queues: [TYPED], owner: "dead", leaseMs: 1, limit: 1, now: t0 });
    const db = counting(prisma);
    const batch = await claimJobs(db, {
      queues: [TYPED],
      owner: "B",
      leaseMs: 60_000,
      limit: 5,
      now: at(1_000),
      expired: false,
    });
    expect(db.statements).toBe(1);
    expect(batch).toHaveLength(1);
    expect(batch[0]!.leaseOwner).toBe("B");
  });

  it("never hands the same job to two workers claiming batches at once", async () => {
    for (let i = 0; i < 40; i++)
      await enqueueJob(prisma, { queue: TYPED, key: `k${i}`, shop: "s", payload: { orderId: `o${i}` }, runAt: t0 });
    const claim = (db: Conn, owner: string) =>
      claimJobs(db, { queues: [TYPED], owner, leaseMs: 60_000, limit: 7, now: t0 });
    const batches: Job[][] = await Promise.all([
      claim(prisma, "A"),
      claim(otherProcess, "B"),
      claim(prisma, "C"),
      claim(otherProcess, "D"),
    ]);
    const keys = batches.flat().map((j) => j.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
    expect(batches.every((b) => b.length <= 7)).toBe(true);
    const running = await prisma.job.count({ where: { state: "running" } });
    expect(running).toBe(keys.length);
  });
});
