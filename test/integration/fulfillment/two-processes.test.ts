import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { startWorkerProcess, type WorkerProcess } from "../../helpers/worker-process";
import { SHOP, startHarness, type Harness } from "./support/harness";

const ORDERS = 40;
let h: Harness;
let storeServer: Awaited<ReturnType<Harness["store"]["listen"]>>;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  // Latency at the service widens the window in which two workers could race for one order. The
  // worker processes run on the wall clock, so the deliveries are stamped with it too.
  h = await startHarness({ latencyMs: 30, startAt: new Date() });
  storeServer = await h.store.listen();
  // The store's clock is the harness's, which this test never moves, so its bucket never refills:
  // size it for 40 orders' reads, progress reports (ADR 007) and notes, as Shopify's refill would.
  h.store.setThrottle(SHOP, { maximumAvailable: 4000, currentlyAvailable: 4000 });
});
afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.stop()));
  await storeServer.close();
  await h.close();
});

describe("two app processes on one database", () => {
  it("never submit the same order twice", { timeout: 120_000 }, async () => {
    // GIVEN two worker processes polling the same database
    workers = ["worker-a", "worker-b"].map((name) =>
      startWorkerProcess({
        name,
        databaseUrl: process.env.DATABASE_URL!,
        sandboxUrl: h.sandbox.url,
        storeUrl: storeServer.url,
        storeAccessToken: h.store.accessToken(SHOP),
        storeApiVersion: h.store.apiVersion,
      }),
    );
    await Promise.all(workers.map((w) => w.ready));
    // WHEN 40 orders are paid, each delivered twice
    const payloads = Array.from({ length: ORDERS }, () => h.paidOrder());
    await Promise.all(payloads.flatMap((p) => [h.deliver(p), h.deliver(p)]));
    // THEN both processes work the queue until every order is submitted
    const deadline = Date.now() + 90_000;
    while ((await prisma.fulfillment.count({ where: { status: "submitted", noteStatus: "submitted" } })) < ORDERS) {
      if (Date.now() > deadline) {
        const states = await prisma.fulfillment.groupBy({ by: ["status", "noteStatus"], _count: { _all: true } });
        const jobs = await prisma.job.groupBy({ by: ["queue", "state", "lastError"], _count: { _all: true } });
        throw new Error(
          `not all orders were submitted: ${JSON.stringify({ states, jobs })}\n${workers.map((w) => w.output()).join("\n")}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const ran = await Promise.all(workers.map((w) => w.stop()));
    // AND the service received each order exactly once
    const orders = await h.sandboxOrders();
    expect(orders).toHaveLength(ORDERS);
    expect(orders.map((o) => o.request.tienda_orden_ref).sort()).toEqual(payloads.map((p) => p.name).sort());
    expect(await prisma.fulfillment.aggregate({ _max: { submitAttempts: true } })).toMatchObject({
      _max: { submitAttempts: 1 },
    });
    // AND the work really was shared: each process submitted some, together at least one run per
    // order (a second delivery that comes while its order's job runs wakes the job once more, which
    // then finds the order at the service and sends nothing: issue 29, defect 4), at most two
    const submits = ran.map((r) => r["fulfillment.submit"] ?? 0);
    expect(submits.every((n) => n > 0)).toBe(true);
    const runs = submits.reduce((a, b) => a + b, 0);
    expect(runs).toBeGreaterThanOrEqual(ORDERS);
    expect(runs).toBeLessThanOrEqual(2 * ORDERS);
  });
});
