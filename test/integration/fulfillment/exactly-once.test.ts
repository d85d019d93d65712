import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { confirmServiceOrderAbsent, confirmServiceOrderExists } from "~/fulfillment/actions/merchant-actions.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import type { SvcClient } from "~/svc";
import {
  HOUR,
  MINUTE,
  SHOP,
  clearFulfilments,
  recordOf,
  recordsOf,
  startHarness,
  type Harness,
} from "./support/harness";
import { outcomeRecordEn } from "~/i18n/messages.en";

const fulfilmentsOf = (payload: { admin_graphql_api_id: string }) =>
  h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);

// A second client with its own pool stands for a second app process.
const otherProcess = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ latencyMs: 5 });
});
afterAll(async () => {
  await h.close();
  await otherProcess.$disconnect();
});
beforeEach(() => clearFulfilments(h));

const LEASE_MS = 60_000;
const merchant = () => ({ db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor });

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A client whose createOrder reaches the service and then hangs until `release` (a stuck or dying process). */
function stallingClient(): { svcClientFor: (shop: string) => Promise<SvcClient | null>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    svcClientFor: async (shop) => {
      const client = await h.svcClientFor(shop);
      return (
        client && {
          ...client,
          createOrder: async (params) => {
            const result = await client.createOrder(params);
            await gate;
            return result;
          },
        }
      );
    },
  };
}

describe("exactly one service order per paid order", () => {
  it("creates one service order when the same webhook is delivered three times", async () => {
    // GIVEN one paid order delivered three times with the same event id (Shopify's retries)
    const payload = h.paidOrder();
    const eventId = randomUUID();
    for (let i = 0; i < 3; i++) expect((await h.deliver(payload, { eventId })).status).toBe(200);
    // AND once more as a different event for the same order
    expect((await h.deliver(payload)).status).toBe(200);
    // WHEN the worker runs
    await h.worker().runOnce();
    // THEN there is one record, one submission job and one order at the service
    expect(await prisma.fulfillment.count()).toBe(1);
    expect(await prisma.webhookDelivery.count()).toBe(2);
    expect(await prisma.job.count({ where: { queue: "fulfillment.submit" } })).toBe(1);
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", submitAttempts: 1 });
  });

  it("creates one service order each for 20 orders delivered concurrently with duplicates, worked by two processes", async () => {
    // GIVEN 20 paid orders, each delivered three times (twice the same event, once a new one), all at once
    const payloads = Array.from({ length: 20 }, (_, i) =>
      h.paidOrder({ lineItems: [{ sku: i % 2 ? "TAZA-AZ" : "PLATO-GR", quantity: 1 + (i % 3) }] }),
    );
    const deliveries = payloads.flatMap((payload) => {
      const eventId = randomUUID();
      return [
        { payload, eventId },
        { payload, eventId },
        { payload, eventId: randomUUID() },
      ];
    });
    deliveries.sort(() => Math.random() - 0.5);
    const statuses = await Promise.all(
      deliveries.map((d) => h.deliver(d.payload, { eventId: d.eventId }).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // WHEN two workers on two connection pools drain the queue at the same time
    await Promise.all([h.worker({ owner: "A" }).runOnce(), h.worker({ owner: "B", db: otherProcess }).runOnce()]);
    // THEN each order reached the service exactly once
    const orders = await h.sandboxOrders();
    const refs = orders.map((o) => o.request.tienda_orden_ref).sort();
    expect(refs).toEqual(payloads.map((p) => p.name).sort());
    expect(await prisma.fulfillment.count({ where: { status: "submitted" } })).toBe(20);
    expect(await prisma.fulfillment.aggregate({ _max: { submitAttempts: true } })).toMatchObject({
      _max: { submitAttempts: 1 },
    });
  });
});

describe("a crash while submitting", () => {
  it("is detected as unknown_outcome when the service accepted but the worker died before saving, and is not resubmitted", async () => {
    // GIVEN a worker that sends the order and then stops dead (its process froze or died)
    const payload = h.paidOrder();
    await h.deliver(payload);
    const dying = stallingClient();
    // (It never finishes in the test; when the harness closes under it, its failure is a dead
    // process's and must not surface as an unhandled rejection of the run.)
    void h
      .worker({ owner: "dies", leaseMs: LEASE_MS, svcClientFor: dying.svcClientFor })
      .runOnce()
      .catch(() => {});
    await until(async () => (await h.sandboxOrders()).length === 1, "the service to accept the order");
    expect(await recordOf(payload)).toMatchObject({ status: "submitting" });
    // WHEN its lease expires and another worker picks the job up
    await h.clock.advance(LEASE_MS + 1000);
    await h.worker({ owner: "survivor" }).runOnce();
    // THEN the record asks a person, and the service still holds exactly one order
    const record = await recordOf(payload);
    expect(record).toMatchObject({
      status: "unknown_outcome",
      svcOrderId: null,
      reason: expect.stringMatching(/interrupted.*not sent again/),
    });
    await h.clock.advance(HOUR);
    await h.worker().runOnce();
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect((await recordOf(payload)).status).toBe("unknown_outcome");
    expect(h.store.inspect(SHOP).tags[payload.admin_graphql_api_id]).toEqual(["svc:unknown-outcome"]);
  });

  it("does not send again the units split off a part whose worker died after sending it (seed 6001936)", async () => {
    // GIVEN a worker that sends the order's only part (TAZA-AZ ×2) and dies before saving the answer
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
    await h.deliver(payload);
    const dying = stallingClient();
    const dead = h.worker({ owner: "dies", leaseMs: LEASE_MS, svcClientFor: dying.svcClientFor }).runOnce();
    await until(async () => (await h.sandboxOrders()).length === 1, "the service to accept the order");
    const [whole] = h.fulfillmentOrdersOf(payload);
    expect(await recordOf(payload)).toMatchObject({ fulfillmentOrderGid: whole!.id, status: "submitting" });
    // AND the merchant splits one unit off that part meanwhile (its webhook delivered)
    const split = h.store.orders.split(SHOP, whole!.id, { "TAZA-AZ": 1 });
    expect((await h.send("fulfillment_orders/split", split)).status).toBe(200);
    // WHEN the lease runs out and another worker takes the order's job over
    await h.clock.advance(LEASE_MS + 1000);
    await h.worker({ owner: "survivor" }).runOnce();
    // THEN the service still holds the one order of 2 units: the split-off unit was not sent again
    const orders = await h.sandboxOrders();
    expect(orders.map((o) => o.request.productos)).toEqual([[{ identificador: "TAZA-AZ", cantidad: 2 }]]);
    // AND the dead claim is an unknown outcome, and the split-off part waits for a person
    const records = await recordsOf(payload);
    expect(records.find((r) => r.fulfillmentOrderGid === whole!.id)).toMatchObject({ status: "unknown_outcome" });
    expect(records.find((r) => r.fulfillmentOrderGid !== whole!.id)).toMatchObject({
      status: "needs_attention",
      reasonCode: "contested",
    });
    // (The dead run's answer, heard at last, settles the unknown outcome; it sends nothing.)
    dying.release();
    await dead;
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("takes the late answer of the stalled worker as the confirmation it is", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    const stalled = stallingClient();
    const first = h.worker({ owner: "slow", leaseMs: LEASE_MS, svcClientFor: stalled.svcClientFor }).runOnce();
    await until(async () => (await h.sandboxOrders()).length === 1, "the service to accept the order");
    await h.clock.advance(LEASE_MS + 1000);
    await h.worker({ owner: "other" }).runOnce();
    expect((await recordOf(payload)).status).toBe("unknown_outcome");
    // WHEN the stalled worker gets its answer after all
    stalled.release();
    await first;
    // THEN the record follows the order the service created
    const [order] = await h.sandboxOrders();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", svcOrderId: order!.id });
  });

  it("lands in unknown_outcome when the service commits the order and never answers; the merchant confirms its id", async () => {
    // GIVEN the service will store the order and then never answer
    const payload = h.paidOrder();
    h.faults.set(payload.name, ["commit-then-timeout"]);
    await h.deliver(payload);
    await h.worker().runOnce();
    const [order, ...more] = await h.sandboxOrders();
    expect(more).toHaveLength(0);
    const record = await recordOf(payload);
    expect(record).toMatchObject({
      status: "unknown_outcome",
      reason: expect.stringMatching(/no answer within 1500 ms.*may exist/),
    });
    // WHEN the merchant names a wrong id, then the right one
    const wrong = await confirmServiceOrderExists(merchant(), {
      shop: SHOP,
      fulfillmentId: record.id,
      svcOrderId: randomUUID(),
    });
    expect(wrong).toMatchObject({ ok: false });
    expect(outcomeRecordEn(wrong)).toMatch(/has no order/);
    expect(
      await confirmServiceOrderExists(merchant(), { shop: SHOP, fulfillmentId: record.id, svcOrderId: order!.id }),
    ).toMatchObject({ ok: true });
    // THEN the order is followed to shipment like any other, still one order at the service
    await h.clock.advance(2 * HOUR);
    await h.worker().runOnce();
    expect(await recordOf(payload)).toMatchObject({ status: "shipped", svcOrderId: order!.id });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("submits again only when the merchant confirms the service has no such order", async () => {
    // GIVEN a timeout where the service in fact stored nothing
    const payload = h.paidOrder();
    h.faults.set(payload.name, ["timeout"]);
    await h.deliver(payload);
    await h.worker().runOnce();
    const record = await recordOf(payload);
    expect(record.status).toBe("unknown_outcome");
    expect(await h.sandboxOrders()).toHaveLength(0);
    // WHEN the merchant confirms it does not exist
    expect(await confirmServiceOrderAbsent(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({
      ok: true,
    });
    await h.worker().runOnce();
    // THEN it is sent once more, and only once
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", submitAttempts: 1 });
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await confirmServiceOrderAbsent(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({
      ok: false,
    });
  });
});

describe("a crash while writing the shipment back to Shopify", () => {
  it("adopts the fulfilment Shopify made instead of fulfilling twice", async () => {
    // GIVEN a submitted order that left the warehouse
    const payload = h.paidOrder();
    await h.deliver(payload);
    await h.worker().runOnce();
    await h.clock.advance(2 * HOUR);
    // AND an Admin API whose fulfillmentCreate succeeds but whose answer is lost (the worker dies)
    const losingAnswers = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return (async (query: string, variables?: Record<string, unknown>) => {
        const result = await admin(query, variables);
        if (query.includes("fulfillmentCreate")) throw new Error("connection reset after Shopify answered");
        return result;
      }) as AdminGraphql;
    };
    await h.worker({ adminFor: losingAnswers }).runOnce();
    expect(fulfilmentsOf(payload)).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({
      status: "in_progress",
      shopifyFulfillmentId: null,
      reason: expect.stringMatching(/will retry/),
    });
    // WHEN the next poll runs with a working connection
    await h.clock.advance(10 * MINUTE);
    await h.worker().runOnce();
    // THEN the existing fulfilment is adopted: still exactly one
    const fulfillments = fulfilmentsOf(payload);
    expect(fulfillments).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({
      status: "shipped",
      shopifyFulfillmentId: fulfillments[0]!.id,
      reason: null,
    });
  });

  it("updates Shopify's tracking when the carrier's number changes", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await h.worker().runOnce();
    await h.clock.advance(2 * HOUR);
    await h.worker().runOnce();
    expect((await recordOf(payload)).status).toBe("shipped");
    // WHEN the service reports a new tracking number (a relabelled parcel)
    const relabelled = async (shop: string) => {
      const client = await h.svcClientFor(shop);
      return (
        client && {
          ...client,
          getOrder: async (id: string) => {
            const order = await client.getOrder(id);
            return (
              order && { ...order, rastreo_numero: "RELABEL-001", rastreo_url: "https://rastreo.example/RELABEL-001" }
            );
          },
        }
      );
    };
    await h.clock.advance(10 * MINUTE);
    await h.worker({ svcClientFor: relabelled }).runOnce();
    // THEN the one fulfilment carries the new number, and the record too
    const [fulfilment, ...others] = fulfilmentsOf(payload);
    expect(others).toHaveLength(0);
    expect(fulfilment!.trackingInfo).toEqual([
      { company: "DHL", number: "RELABEL-001", url: "https://rastreo.example/RELABEL-001" },
    ]);
    expect(fulfilment!.trackingUpdates).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "shipped", trackingNumber: "RELABEL-001" });
  });
});
