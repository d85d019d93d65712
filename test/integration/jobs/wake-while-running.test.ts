// Issue 29, defect 4: an enqueue for a keyed job that is running carries news the run may have
// read past (an order cancelled while it is being submitted). The queue keeps that wake-up on the
// row and runs the job again once the running one finishes, for every queue, under two processes
// and a lease running out.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Job } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { claimJobs, enqueueJob, finishJobState } from "~/jobs/queue.server";
import { createJobWorker } from "~/jobs/worker.server";
import prisma from "../../helpers/prisma";
import { resetDatabase } from "../../helpers/test-database";

// A second client with its own pool stands for a second app process.
const otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
afterAll(() => otherProcess.$disconnect());

const silent = { info() {}, warn() {}, error() {} };
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const row = () => prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "q", key: "order-1" } } });
const claim = (db: PrismaClient, owner: string, now: Date, leaseMs = 60_000) =>
  claimJobs(db, { queues: ["q"], owner, leaseMs, limit: 1, now });

describe("a wake-up that arrives while its job runs", () => {
  beforeEach(resetDatabase);

  it("runs the job again after the running one, with the newest payload, at the earliest time asked", async () => {
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: t0, payload: { v: 1 } });
    const [running] = await claim(prisma, "A", t0);
    expect(running!.payload).toEqual({ v: 1 });
    // WHEN two wake-ups come from the other process while it runs
    await enqueueJob(otherProcess, { queue: "q", key: "order-1", shop: "s", runAt: at(2_000), payload: { v: 2 } });
    await enqueueJob(otherProcess, { queue: "q", key: "order-1", shop: "s", runAt: at(5_000), payload: { v: 3 } });
    // THEN the run is left alone (nobody else may claim it)...
    expect(await row()).toMatchObject({ state: "running", leaseOwner: "A", payload: { v: 1 } });
    expect(await claim(otherProcess, "B", at(6_000))).toHaveLength(0);
    // ...and once it is done, the job is queued again rather than finished
    expect(await finishJobState(prisma, running!, { kind: "done" })).toBe("queued");
    expect(await row()).toMatchObject({ state: "queued", attempts: 0, payload: { v: 3 }, wakeAt: null });
    expect((await row()).runAt).toEqual(at(2_000));
    const [again] = await claim(otherProcess, "B", at(2_000));
    expect(again!.payload).toEqual({ v: 3 });
    // AND with no wake-up during the second run, it ends for good
    expect(await finishJobState(otherProcess, again!, { kind: "done" })).toBe("done");
  });

  it("brings a retry or a reschedule forward to the wake-up, and revives a job that would give up", async () => {
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: t0, maxAttempts: 1 });
    let [running] = await claim(prisma, "A", t0);
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: at(1_000), maxAttempts: 1 });
    // A failed last attempt with a wake-up pending: queued again with fresh attempts, not failed.
    expect(await finishJobState(prisma, running!, { kind: "retry", at: at(60_000), error: "down" })).toBe("queued");
    expect(await row()).toMatchObject({ state: "queued", attempts: 0, lastError: null, runAt: at(1_000) });

    [running] = await claim(prisma, "A", at(1_000));
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: at(3_000) });
    expect(await finishJobState(prisma, running!, { kind: "reschedule", at: at(3_600_000) })).toBe("queued");
    expect((await row()).runAt).toEqual(at(3_000));
  });

  it("lets the run that takes over an expired lease see the wake-up, and fences the first worker", async () => {
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: t0, payload: { v: 1 } });
    const [crashed] = await claim(prisma, "A", t0, 30_000);
    await enqueueJob(otherProcess, { queue: "q", key: "order-1", shop: "s", runAt: at(1_000), payload: { v: 2 } });
    // WHEN the lease runs out and the other process takes the job over
    const [taken] = await claim(otherProcess, "B", at(31_000), 30_000);
    // THEN that run starts after the wake-up: it carries its payload, and the wake-up is settled
    expect(taken).toMatchObject({ payload: { v: 2 }, wakeAt: null, wakePayload: null });
    expect(await finishJobState(prisma, crashed!, { kind: "done" })).toBeNull();
    expect(await finishJobState(otherProcess, taken!, { kind: "done" })).toBe("done");
  });

  it("runs the handler again when its key is enqueued during the run, across two worker processes", async () => {
    // GIVEN two workers on two pools, and a handler whose first run waits until the news has come
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: t0, payload: { news: "paid" } });
    const seen: string[] = [];
    let started!: () => void;
    const firstRunStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const newsArrived = new Promise<void>((resolve) => (release = resolve));
    const handler = async (job: Job) => {
      seen.push((job.payload as { news: string }).news);
      if (seen.length === 1) {
        started();
        await newsArrived;
      }
      return { kind: "done" as const };
    };
    const now = () => at(1_000);
    const a = createJobWorker({ db: prisma, handlers: { q: handler }, logger: silent, owner: "A", now });
    const b = createJobWorker({ db: otherProcess, handlers: { q: handler }, logger: silent, owner: "B", now });
    const runs = [a.runOnce(), b.runOnce()];
    await firstRunStarted;
    // WHEN the order is cancelled while the first run is in progress
    await enqueueJob(otherProcess, {
      queue: "q",
      key: "order-1",
      shop: "s",
      runAt: t0,
      payload: { news: "cancelled" },
    });
    release();
    await Promise.all(runs);
    // Whichever worker picks it up, the job ran again and saw the news (the worker that ran the
    // first run looks again as soon as a job of it ends).
    while ((await row()).state !== "done") await Promise.all([a.runOnce(), b.runOnce()]);
    expect(seen).toEqual(["paid", "cancelled"]);
  });
});
