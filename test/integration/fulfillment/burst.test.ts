// A burst of paid orders (docs/decisions/031-order-throughput.md): the order notes wait behind the
// orders still to be sent and are all written afterwards, and several worker processes sharing the
// burst make exactly one service order per fulfilment order. Not timed: it waits on the records.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { SUBMIT_QUEUE } from "~/fulfillment/core/queues";
import { jobErrorCode } from "~/job-errors/error-codes";
import { createJobWorker } from "~/jobs/worker.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { startWorkerProcess, type WorkerProcess } from "../../helpers/worker-process";
import {
  SHOP,
  SHOPFRONT,
  WAREHOUSE,
  clearFulfilments,
  recordsOf,
  silentLogger,
  startHarness,
  type Harness,
} from "./support/harness";

let h: Harness;
let storeServer: Awaited<ReturnType<Harness["store"]["listen"]>>;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  // Worker processes run on the wall clock, so the deliveries are stamped with it too.
  h = await startHarness({ latencyMs: 20, startAt: new Date() });
  storeServer = await h.store.listen();
  // The store's clock is the harness's, which this file never moves, so its bucket never refills:
  // size it for the bursts' reads, progress reports (ADR 007) and notes, as Shopify's refill would.
  h.store.setThrottle(SHOP, { maximumAvailable: 4000, currentlyAvailable: 4000 });
});
beforeEach(() => clearFulfilments(h));
afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.stop()));
  await storeServer.close();
  await h.close();
});

const noteOf = (orderGid: string) =>
  h.store
    .inspect(SHOP)
    .metafields.find((m) => m.ownerId === orderGid && m.namespace === "svc" && m.key === "fulfillment");

describe("a burst of paid orders", () => {
  it("writes the order notes once no order waits to be sent, then every one of them", { timeout: 60_000 }, async () => {
    const calls: string[] = [];
    const adminFor = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return ((query: string, variables?: Record<string, unknown>) => {
        calls.push(
          /mutation WriteFulfilmentNote/.test(query)
            ? "note"
            : /query FulfilmentOrderState/.test(query)
              ? "read"
              : /mutation ReportWarehouseProgress/.test(query)
                ? "progress"
                : "other",
        );
        return admin(query, variables);
      }) as AdminGraphql;
    };
    const handlers = fulfillmentJobHandlers({
      db: prisma,
      logger: silentLogger,
      now: h.clock.now,
      svcClientFor: h.svcClientFor,
      adminFor,
    });
    const worker = (queues: Array<keyof typeof handlers>) =>
      createJobWorker({
        db: prisma,
        errorCode: jobErrorCode,
        handlers: Object.fromEntries(queues.map((queue) => [queue, handlers[queue]!])),
        logger: silentLogger,
        now: h.clock.now,
        concurrency: 1,
      });
    // GIVEN a first order sent, so its note is due…
    const first = h.paidOrder();
    expect((await h.deliver(first)).status).toBe(200);
    await worker([SUBMIT_QUEUE]).runOnce();
    // (read the order, then tell Shopify the warehouse has its fulfilment order: ADR 007)
    expect(calls).toEqual(["read", "progress"]);
    // …and a second later a burst of five more, due after that note
    await h.clock.advance(1_000);
    const burst = Array.from({ length: 5 }, () => h.paidOrder());
    for (const payload of burst) expect((await h.deliver(payload)).status).toBe(200);

    // WHEN one worker running one job at a time works the queue
    await worker(Object.keys(handlers) as Array<keyof typeof handlers>).runOnce();

    // THEN every order of the burst was read and sent before the note due before them was written
    expect(calls.filter((c) => c === "read")).toHaveLength(6);
    expect(calls.lastIndexOf("read")).toBeLessThan(calls.indexOf("note"));
    expect(await h.sandboxOrders()).toHaveLength(6);
    // AND every order's note was written all the same, as it was before notes waited
    for (const payload of [first, ...burst]) {
      expect(h.store.inspect(SHOP).tags[payload.admin_graphql_api_id]).toEqual(["svc:submitted"]);
      expect(JSON.parse(noteOf(payload.admin_graphql_api_id)!.value)).toMatchObject({ status: "submitted" });
      expect((await recordsOf(payload)).map((r) => [r.status, r.noteStatus])).toEqual([["submitted", "submitted"]]);
    }
  });

  it(
    "shared by three worker processes, makes exactly one service order per fulfilment order",
    { timeout: 330_000 },
    async () => {
      // GIVEN three worker processes on the one database
      workers = ["burst-a", "burst-b", "burst-c"].map((name) =>
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
      // WHEN a burst of 21 orders arrives, every third split across two locations (two fulfilment
      // orders, both sent: the shop names no warehouse location), each delivered twice. (The store's
      // Admin API bucket restores on the harness's clock, which stands still, and these worker
      // processes do not pace their calls: the file's bucket is sized for its reads and notes.)
      const payloads = Array.from({ length: 21 }, (_, i) =>
        i % 3 === 0
          ? h.paidOrder({
              lineItems: [
                { sku: "TAZA-AZ", quantity: 1, location: WAREHOUSE },
                { sku: "PLATO-GR", quantity: 1, location: SHOPFRONT },
              ],
            })
          : h.paidOrder(),
      );
      await Promise.all(payloads.flatMap((p) => [h.deliver(p), h.deliver(p)]));
      const fulfilmentOrders = payloads.flatMap((p) => h.fulfillmentOrdersOf(p));
      expect(fulfilmentOrders).toHaveLength(28);

      // THEN the processes work the burst until every fulfilment order is sent and its note written
      // (generous: a note whose Admin call fails is retried after 5, 10, 20… s)
      const deadline = Date.now() + 300_000;
      while (
        (await prisma.fulfillment.count({ where: { shop: SHOP, status: "submitted", noteStatus: "submitted" } })) <
        fulfilmentOrders.length
      ) {
        if (Date.now() > deadline) {
          const states = await prisma.fulfillment.groupBy({ by: ["status", "noteStatus"], _count: { _all: true } });
          const jobs = await prisma.job.groupBy({
            by: ["queue", "state", "attempts", "lastError"],
            _count: { _all: true },
          });
          throw new Error(
            `the burst was not worked off: ${JSON.stringify({ states, jobs })}\n${workers.map((w) => w.output()).join("\n")}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const ran = await Promise.all(workers.map((w) => w.stop()));
      workers = [];

      // AND the service has exactly one order per fulfilment order: its orders are the records' ones
      const records = await prisma.fulfillment.findMany({ where: { shop: SHOP } });
      expect(records.map((r) => r.fulfillmentOrderGid).sort()).toEqual(fulfilmentOrders.map((fo) => fo.id).sort());
      const atService = await h.sandboxOrders();
      expect(atService.map((o) => o.id).sort()).toEqual(records.map((r) => r.svcOrderId).sort());
      expect(new Set(atService.map((o) => o.id)).size).toBe(fulfilmentOrders.length);
      expect(Math.max(...records.map((r) => r.submitAttempts))).toBe(1);
      // AND each order's job ran once however the processes shared it, or twice when the order's
      // second delivery came while its job ran (the queue keeps that wake-up: issue 29, defect 4)
      const runs = ran.reduce((sum, r) => sum + (r["fulfillment.submit"] ?? 0), 0);
      expect(runs).toBeGreaterThanOrEqual(payloads.length);
      expect(runs).toBeLessThanOrEqual(2 * payloads.length);
    },
  );
});
