/**
 * Shopify Flow triggers after the real events: the whole fulfilment loop (the service sandbox, the
 * simulated store with Flow's trigger intake, the app's jobs on PostgreSQL), with the store
 * accepting exactly the trigger extensions' TOML.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { flowJobHandlers } from "~/flow/trigger-jobs.server";
import { FLOW_TRIGGER_QUEUE, STOCK_LOW_THRESHOLD, type FlowTriggerJob } from "~/flow/triggers";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { enqueueJob } from "~/jobs/queue.server";
import { jobErrorCode } from "~/job-errors/error-codes";
import { createJobWorker } from "~/jobs/worker.server";
import { listJobProblems, retryJobProblem } from "~/attention/job-problems.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { deployFlowExtensions, enableWorkflows } from "./support/flow-app";
import {
  HOUR,
  MINUTE,
  SHOP,
  clearFulfilments,
  recordOf,
  enableStockSync,
  silentLogger,
  startHarness,
  type Harness,
} from "../fulfillment/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.flowTrigger.deleteMany({});
  await prisma.flowTriggerUse.deleteMany({});
  await prisma.session.updateMany({ where: { shop: SHOP }, data: { locale: null } });
  // The merchant has a workflow for each trigger (ADR 037: a trigger is sent only while one uses it).
  deployFlowExtensions(h.store, SHOP);
  await enableWorkflows(h.store, SHOP);
  // The store keeps what it received across tests: each test reads only its own.
  const { received: before, refused } = h.store.control.flowTriggers(SHOP);
  base = { received: before.length, refused: refused.length };
});
let base = { received: 0, refused: 0 };

/** The app's background work as a process runs it: fulfilment and Flow queues. */
function worker(flowAdmin: AdminGraphql | null = null) {
  const deps = { db: prisma, logger: silentLogger, now: () => h.clock.now(), adminFor: h.adminFor };
  return createJobWorker({
    db: prisma,
    errorCode: jobErrorCode,
    handlers: {
      ...fulfillmentJobHandlers({ ...deps, svcClientFor: h.svcClientFor }),
      ...flowJobHandlers(flowAdmin ? { ...deps, adminFor: async () => flowAdmin } : deps),
    },
    logger: silentLogger,
    now: deps.now,
  });
}

/** Runs due work until nothing is left (a job's follow-up work is due at once). */
async function drain(flowAdmin: AdminGraphql | null = null) {
  const w = worker(flowAdmin);
  while ((await w.runOnce()) > 0);
}

const received = (handle?: string) =>
  h.store.control
    .flowTriggers(SHOP)
    .received.slice(base.received)
    .filter((r) => handle === undefined || r.handle === handle);

describe("Flow triggers after the real events", () => {
  it("sends 'order sent to warehouse' once the service has the order, then 'tracking received' once Shopify has the tracking", async () => {
    // GIVEN a paid order delivered to the app
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    expect((await h.deliver(payload)).status).toBe(200);
    // WHEN the order's job sends it to the service
    await drain();
    // THEN Flow received the trigger with the order and the service's order id, and nothing else yet
    const [sent] = await h.sandboxOrders();
    expect(received()).toEqual([
      {
        handle: "order-sent-to-warehouse",
        payload: {
          order_id: payload.id,
          "Order name": payload.name,
          "Service order id": sent!.id,
          "Shipping service": "EXPRESS",
        },
        at: h.clock.now().toISOString(),
      },
    ]);

    // WHEN the warehouse picks it and the carrier takes it
    await h.clock.advance(10 * MINUTE);
    await drain();
    expect(received()).toHaveLength(1);
    await h.clock.advance(2 * HOUR);
    await drain();
    // THEN 'tracking received' carries the tracking written to the Shopify fulfilment
    const record = await recordOf(payload);
    expect(record.status).toBe("shipped");
    const fulfilment = h.store.inspect(SHOP).fulfillments.find((f) => f.orderId === payload.admin_graphql_api_id)!;
    expect(received("tracking-received")).toEqual([
      expect.objectContaining({
        payload: {
          order_id: payload.id,
          "Order name": payload.name,
          "Tracking number": fulfilment.trackingInfo[0]!.number,
          "Tracking company": "DHL",
          "Tracking URL": fulfilment.trackingInfo[0]!.url,
          "Service order id": sent!.id,
        },
      }),
    ]);

    // WHEN more polls run while the parcel travels, and it is delivered
    await h.clock.advance(26 * HOUR);
    await drain();
    // THEN no trigger is sent again
    expect(received().map((r) => r.handle)).toEqual(["order-sent-to-warehouse", "tracking-received"]);
  });

  it("a trigger job that runs again (a crash after sending) sends nothing twice", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "CAFE-500", quantity: 1 }] });
    await h.deliver(payload);
    await drain();
    expect(received("order-sent-to-warehouse")).toHaveLength(1);
    const job = await prisma.job.findFirstOrThrow({ where: { queue: FLOW_TRIGGER_QUEUE } });
    // WHEN the same job is queued and run again
    await enqueueJob(prisma, {
      queue: FLOW_TRIGGER_QUEUE,
      key: job.key,
      shop: job.shop,
      payload: job.payload as FlowTriggerJob,
      runAt: h.clock.now(),
    });
    await drain();
    // THEN Flow still has one trigger, and the row says when it was sent
    expect(received("order-sent-to-warehouse")).toHaveLength(1);
    expect(await prisma.flowTrigger.findMany()).toEqual([
      expect.objectContaining({ handle: "order-sent-to-warehouse", sentAt: expect.any(Date), error: null }),
    ]);
  });

  it("sends 'order needs attention' with the reason code and the reason in the shop's language", async () => {
    // GIVEN a product the service has no dimensions for
    const payload = h.paidOrder({ lineItems: [{ sku: "SIN-DIM", quantity: 1 }] });
    await h.deliver(payload);
    await drain();
    expect((await recordOf(payload)).status).toBe("needs_attention");
    // THEN Flow received the code and the Spanish sentence (no admin language seen yet: the app's default)
    expect(received()).toEqual([
      expect.objectContaining({
        handle: "order-needs-attention",
        payload: {
          order_id: payload.id,
          "Order name": payload.name,
          "Reason code": "noDimensions",
          Reason: expect.stringMatching(
            /^El producto SIN-DIM no tiene medidas en el servicio, así que no se puede enviar\. Registra sus medidas/,
          ),
        },
      }),
    ]);
  });

  it("words the reason in English when the merchant's admin is in English", async () => {
    await prisma.session.upsert({
      where: { id: `online_${SHOP}_flow` },
      create: {
        id: `online_${SHOP}_flow`,
        shop: SHOP,
        state: "",
        isOnline: true,
        accessToken: "x",
        locale: "en-US",
        expires: h.clock.now(),
      },
      update: { locale: "en-US" },
    });
    const payload = h.paidOrder({ lineItems: [{ sku: "SIN-DIM", quantity: 1 }] });
    await h.deliver(payload);
    await drain();
    expect(received("order-needs-attention")[0]!.payload).toMatchObject({
      "Reason code": "noDimensions",
      Reason: expect.stringMatching(
        /^Product SIN-DIM has no dimensions at the service, so it cannot be shipped\. Register its dimensions/,
      ),
    });
  });

  it("sends 'warehouse stock low' when a product's units cross down to the threshold, once per crossing", async () => {
    await enableStockSync(h);
    const taza = h.store.products.list(SHOP).find((p) => p.variants.some((v) => v.sku === "TAZA-AZ"))!;
    const sync = async (units: number) => {
      await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units });
      await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
      await drain();
    };
    // GIVEN the warehouse has plenty
    await sync(40);
    expect(received("warehouse-stock-low")).toHaveLength(0);
    // WHEN it falls to 3 units
    await sync(3);
    // THEN Flow hears it once, with the product, the quantity and the threshold
    expect(received("warehouse-stock-low")).toEqual([
      expect.objectContaining({
        payload: {
          product_id: taza.id,
          SKU: "TAZA-AZ",
          "Variant title": taza.title,
          "Warehouse quantity": 3,
          Threshold: STOCK_LOW_THRESHOLD,
          "Orders waiting for stock": 0,
        },
      }),
    ]);
    // WHEN it stays low (2), then is restocked (20) and falls again (5)
    await sync(2);
    expect(received("warehouse-stock-low")).toHaveLength(1);
    await sync(20);
    await sync(5);
    // THEN the second crossing is a second trigger
    expect(received("warehouse-stock-low").map((r) => r.payload["Warehouse quantity"])).toEqual([3, 5]);
  });

  it("says in 'warehouse stock low' how many orders wait for the product's stock", async () => {
    await enableStockSync(h);
    const sync = async () => {
      await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
      await drain();
    };
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 40 });
    await sync();
    // GIVEN the warehouse runs down to 4 mugs and an order of 6 is refused for them
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 4 });
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 6 }] });
    await h.deliver(payload);
    await drain();
    expect(await recordOf(payload)).toMatchObject({ status: "awaiting_stock" });
    // WHEN the stock read finds the product low
    await sync();
    // THEN Flow hears it with the one order waiting for it
    expect(received("warehouse-stock-low")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ SKU: "TAZA-AZ", "Orders waiting for stock": 1 }) }),
    ]);
  });
});

describe("Flow's intake refuses what Shopify refuses, and the app keeps the refusal", () => {
  const RECEIVE = /* GraphQL */ `
    mutation ($handle: String, $payload: JSON) {
      flowTriggerReceive(handle: $handle, payload: $payload) {
        userErrors {
          field
          message
        }
      }
    }
  `;
  const errorsOf = async (variables: Record<string, unknown>) =>
    (
      (await h.store.graphql(SHOP, RECEIVE, variables)).data as {
        flowTriggerReceive: { userErrors: { field: string[]; message: string }[] };
      }
    ).flowTriggerReceive.userErrors;

  it("answers userErrors for an unknown handle, a payload over 50 KB, and fields the TOML does not declare", async () => {
    const valid = { order_id: 1, "Order name": "#1", "Service order id": "S-1", "Shipping service": "EXPRESS" };
    expect(await errorsOf({ handle: "order-sent-to-warehouse", payload: valid })).toEqual([]);
    expect(await errorsOf({ handle: "no-such-trigger", payload: valid })).toEqual([
      { field: ["handle"], message: expect.stringMatching(/Invalid handle 'no-such-trigger'/) },
    ]);
    const big = { ...valid, "Order name": "x".repeat(50_001) };
    expect(await errorsOf({ handle: "order-sent-to-warehouse", payload: big })).toEqual([
      { field: ["payload"], message: expect.stringMatching(/exceeds the limit of 50000 bytes/) },
    ]);
    expect(await errorsOf({ handle: "order-sent-to-warehouse", payload: { ...valid, extra: 1 } })).toEqual([
      { field: ["payload"], message: expect.stringMatching(/Invalid field identifier 'extra'/) },
    ]);
    expect(received()).toHaveLength(1);
  });

  it("a trigger Shopify refuses is recorded with Shopify's words and not sent again and again", async () => {
    // GIVEN a shop where the app's trigger extensions are not deployed (an older app version)
    h.store.control.defineFlowTriggers(SHOP, []);
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(payload);
    await drain();
    // THEN the row keeps the refusal, the job is done, and the store saw one attempt
    expect(await prisma.flowTrigger.findMany()).toEqual([
      expect.objectContaining({
        handle: "order-sent-to-warehouse",
        sentAt: null,
        error: expect.stringMatching(/Invalid handle/),
      }),
    ]);
    expect(await prisma.job.findFirstOrThrow({ where: { queue: FLOW_TRIGGER_QUEUE } })).toMatchObject({
      state: "done",
    });
    expect(h.store.control.flowTriggers(SHOP).refused.slice(base.refused)).toHaveLength(1);
  });

  it("a trigger Shopify cannot take now is tried again, shows on Inicio once it gives up, and goes with its retry", async () => {
    // GIVEN Shopify's Admin API answers an internal error to every Flow call
    const outage: AdminGraphql = async () => ({
      errors: [{ message: "Internal error", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
    });
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(payload);
    // WHEN the order is sent and the trigger's job keeps failing until it gives up
    for (let attempt = 0; attempt < 12; attempt++) {
      await drain(outage);
      await h.clock.advance(MINUTE + 1_000);
    }
    expect(received()).toEqual([]);
    // THEN Inicio lists it with the order and Shopify's error
    const problems = await listJobProblems(prisma, { shop: SHOP, page: "home" });
    expect(problems).toEqual([
      expect.objectContaining({
        kind: "flowTrigger",
        state: "failed",
        subject: payload.name,
        error: expect.stringMatching(/Internal error/),
      }),
    ]);
    // WHEN the merchant retries it with Shopify back
    expect(await retryJobProblem(prisma, { shop: SHOP, id: problems[0]!.id, page: "home", now: h.clock.now() })).toBe(
      true,
    );
    await drain();
    // THEN Flow receives the trigger, once
    expect(received().map((r) => r.handle)).toEqual(["order-sent-to-warehouse"]);
  });
});
