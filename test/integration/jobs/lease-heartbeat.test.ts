// Issue 29, defect 3 (the lease case): a run whose lease ran out while it waited (Admin pacing
// waits up to a minute, the lease is a minute) could be taken over by another worker, and both
// then wrote to Shopify. The worker now renews the lease of a running job, and tells a run that
// lost its job anyway (JobLease), so it stops before an effect that must not happen twice.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { claimJobs, enqueueJob } from "~/jobs/queue.server";
import { createJobWorker } from "~/jobs/worker.server";
import prisma from "../../helpers/prisma";
import { resetDatabase } from "../../helpers/test-database";

// A second client with its own pool stands for a second app process.
const otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
afterAll(() => otherProcess.$disconnect());

const silent = { info() {}, warn() {}, error() {} };
const LEASE_MS = 300;
const row = () => prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "q", key: "order-1" } } });

describe("a running job's lease", () => {
  beforeEach(resetDatabase);

  it("is renewed while the handler runs, so a long wait never hands the job to another worker", async () => {
    // The worker's clock: the handler's slow step moves it past several leases.
    let nowMs = Date.parse("2026-11-20T10:00:00Z");
    const now = () => new Date(nowMs);
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s", runAt: now() });
    let takenOver: number | undefined;
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      leaseMs: LEASE_MS,
      now,
      handlers: {
        q: async () => {
          // WHEN the handler waits (Admin pacing) for ten leases
          nowMs += 10 * LEASE_MS;
          // THEN the worker renews the lease from the time it is now...
          while ((await row()).leaseExpiresAt!.getTime() <= nowMs) await new Promise((r) => setImmediate(r));
          // ...so another process finds no expired lease to take over
          takenOver = (
            await claimJobs(otherProcess, { queues: ["q"], owner: "B", leaseMs: LEASE_MS, limit: 1, now: now() })
          ).length;
          return { kind: "done" };
        },
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(takenOver).toBe(0);
    // AND the run's outcome is recorded (it still held the job)
    expect(await row()).toMatchObject({ state: "done", leaseOwner: null });
  });

  it("tells a run that lost its job, which then changes nothing", async () => {
    await enqueueJob(prisma, { queue: "q", key: "order-1", shop: "s" });
    let answered: boolean | undefined;
    let abortedByRenewal = false;
    const worker = createJobWorker({
      db: prisma,
      logger: silent,
      leaseMs: LEASE_MS,
      owner: "A",
      handlers: {
        q: async (_job, lease) => {
          // GIVEN the run stalls past its lease and another process takes the job over
          const [taken] = await claimJobs(otherProcess, {
            queues: ["q"],
            owner: "B",
            leaseMs: 60_000,
            limit: 1,
            now: new Date(Date.now() + 3_600_000),
          });
          expect(taken?.leaseOwner).toBe("B");
          // THEN the worker's renewal finds out and aborts the lease's signal...
          await new Promise<void>((resolve) => {
            if (lease!.signal.aborted) resolve();
            else lease!.signal.addEventListener("abort", () => resolve(), { once: true });
          });
          abortedByRenewal = true;
          // ...and a check right before an effect says the job is no longer this run's
          answered = await lease!.stillHolds();
          return { kind: "done" };
        },
      },
    });
    await worker.runOnce();
    expect(abortedByRenewal).toBe(true);
    expect(answered).toBe(false);
    // AND the job stays with the run that took it over
    expect(await row()).toMatchObject({ state: "running", leaseOwner: "B" });
  });
});
