import { beforeEach, describe, expect, it } from "vitest";
import { PRODUCT_QUEUE } from "~/catalog/product-sync.server";
import prisma from "../../helpers/prisma";
import { POLL_QUEUE, REQUESTS_QUEUE, SUBMIT_QUEUE } from "~/fulfillment/core/queues";
import { JobPriority, queuePriority } from "~/jobs/registry";
// The app's wiring: the composition root declares the order queues' priorities to the generic queue.
import "~/composition.server";
import { claimJobs, enqueueJob } from "~/jobs/queue.server";
import { createJobWorker } from "~/jobs/worker.server";
import { resetDatabase } from "../../helpers/test-database";

const silent = { info() {}, warn() {}, error() {} };
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const QUEUES = [PRODUCT_QUEUE, POLL_QUEUE, SUBMIT_QUEUE];

/** A flood of product webhooks: `n` catalogue jobs, all due before the order. */
async function queueCatalogueFlood(n: number) {
  for (let i = 0; i < n; i++)
    await enqueueJob(prisma, {
      queue: PRODUCT_QUEUE,
      key: `s:product-${i}`,
      shop: "s",
      payload: { kind: "product", productId: `product-${i}` },
      runAt: at(i),
    });
}

describe("job priority", () => {
  beforeEach(resetDatabase);

  it("declares order submission and fulfilment requests before catalogue work and polls", () => {
    expect(queuePriority(SUBMIT_QUEUE)).toBe(JobPriority.ORDERS);
    expect(queuePriority(REQUESTS_QUEUE)).toBe(JobPriority.ORDERS);
    expect(queuePriority(PRODUCT_QUEUE)).toBe(JobPriority.BACKGROUND);
    expect(queuePriority(POLL_QUEUE)).toBe(JobPriority.BACKGROUND);
    expect(JobPriority.ORDERS).toBeLessThan(JobPriority.BACKGROUND);
  });

  it("claims an order queued after 500 catalogue jobs in the very next claim", async () => {
    // GIVEN 500 product jobs waiting, every one due before the order arrives
    await queueCatalogueFlood(500);
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: at(10_000) });
    // WHEN a worker claims one job
    const [first] = await claimJobs(prisma, { queues: QUEUES, owner: "A", leaseMs: 60_000, limit: 1, now: at(20_000) });
    // THEN it is the order
    expect(first).toMatchObject({ queue: SUBMIT_QUEUE, key: "s:order-1", state: "running", priority: 0 });
    // …and a batch claim hands it out first, then the catalogue in the order it was due
    await resetDatabase();
    await queueCatalogueFlood(500);
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-2", shop: "s", runAt: at(10_000) });
    const batch = await claimJobs(prisma, { queues: QUEUES, owner: "A", leaseMs: 60_000, limit: 16, now: at(20_000) });
    expect(batch.map((job) => job.key)).toEqual([
      "s:order-2",
      ...Array.from({ length: 15 }, (_, i) => `s:product-${i}`),
    ]);
  });

  it("keeps a row's priority when the same job is enqueued again", async () => {
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: t0 });
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: t0 });
    await enqueueJob(prisma, {
      queue: PRODUCT_QUEUE,
      key: "s:product-1",
      shop: "s",
      payload: { kind: "product", productId: "product-1" },
      runAt: t0,
    });
    const rows = await prisma.job.findMany({ orderBy: { priority: "asc" }, select: { queue: true, priority: true } });
    expect(rows).toEqual([
      { queue: SUBMIT_QUEUE, priority: JobPriority.ORDERS },
      { queue: PRODUCT_QUEUE, priority: JobPriority.BACKGROUND },
    ]);
  });

  it("runs an order that arrives during a catalogue flood as soon as a slot frees, before the rest of the flood", async () => {
    // GIVEN a one-slot worker busy with the first of 50 product jobs
    await queueCatalogueFlood(50);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const ran: string[] = [];
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(60_000),
      concurrency: 1,
      pollIntervalMs: 60_000,
      handlers: {
        [PRODUCT_QUEUE]: async (job) => {
          ran.push(job.key);
          if (ran.length === 1) {
            started();
            await gate;
          }
          return { kind: "done" };
        },
        [SUBMIT_QUEUE]: async (job) => (ran.push(job.key), { kind: "done" }),
      },
    });
    const run = worker.runOnce();
    await firstStarted;
    // WHEN an order is paid meanwhile
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: at(30_000) });
    release();
    // THEN it is the next job run, and the flood still completes after it
    expect(await run).toBe(51);
    expect(ran.slice(0, 2)).toEqual(["s:product-0", "s:order-1"]);
    expect(await prisma.job.count({ where: { state: "done" } })).toBe(51);
  });

  it("still runs background work whenever no order job is due", async () => {
    // GIVEN catalogue work and a poll due now, and an order job waiting to be retried later
    await queueCatalogueFlood(20);
    await enqueueJob(prisma, { queue: POLL_QUEUE, key: "f-1", shop: "s", runAt: at(100) });
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: at(10 * 60_000) });
    const ran: string[] = [];
    const handler = async (job: { key: string }) => (ran.push(job.key), { kind: "done" as const });
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      owner: "A",
      now: () => at(60_000),
      concurrency: 4,
      handlers: { [PRODUCT_QUEUE]: handler, [POLL_QUEUE]: handler, [SUBMIT_QUEUE]: handler },
    });
    // WHEN the worker runs what is due
    expect(await worker.runOnce()).toBe(21);
    // THEN every background job completed; the order waits only for its own time
    expect(ran).not.toContain("s:order-1");
    expect(await prisma.job.count({ where: { state: "done" } })).toBe(21);
    expect(
      await prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: SUBMIT_QUEUE, key: "s:order-1" } } }),
    ).toMatchObject({
      state: "queued",
    });
  });

  it("reclaims an order whose worker died before background work that is merely due", async () => {
    await enqueueJob(prisma, { queue: SUBMIT_QUEUE, key: "s:order-1", shop: "s", runAt: t0 });
    await claimJobs(prisma, { queues: QUEUES, owner: "dead", leaseMs: 1_000, limit: 1, now: t0 });
    await queueCatalogueFlood(10);
    const [first] = await claimJobs(prisma, { queues: QUEUES, owner: "B", leaseMs: 60_000, limit: 1, now: at(5_000) });
    expect(first).toMatchObject({ key: "s:order-1", leaseOwner: "B", attempts: 2 });
  });
});
