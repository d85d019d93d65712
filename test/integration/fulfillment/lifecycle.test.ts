/**
 * Only what should ship goes to the warehouse: each case of issue 15's "Done when", over the
 * simulated store, the service sandbox and the test's PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { reconcileOrders, startReconciliation } from "~/fulfillment/jobs/reconcile.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import {
  HOUR,
  MINUTE,
  SHOP,
  SHOPFRONT,
  WAREHOUSE,
  clearFulfilments,
  recordOf,
  recordsOf,
  silentLogger,
  startHarness,
  type Harness,
} from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.shop.update({ where: { domain: SHOP }, data: { ordersWatermark: null, ordersReconciledAt: null } });
  await settings({ holdBackMinutes: 0, locationIds: [] }, { locationId: null });
});

async function settings(fulfillment: Record<string, unknown>, stock: Record<string, unknown> = {}): Promise<void> {
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment, stock } });
}

const work = () => h.worker().runOnce();
const fulfilmentsOf = (payload: { admin_graphql_api_id: string }) =>
  h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);

describe("cancellations", () => {
  it("an order cancelled before submission never reaches the warehouse", async () => {
    // GIVEN the merchant holds orders back 30 minutes after payment
    await settings({ holdBackMinutes: 30 });
    const payload = h.paidOrder();
    await h.deliver(payload);
    await work();
    // THEN the order waits, and says until when
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      waitUntil: new Date(h.clock.now().getTime() + 30 * MINUTE),
      reason: expect.stringMatching(/held back 30 minutes/),
    });
    // WHEN the buyer cancels within those minutes
    await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
    await work();
    await h.clock.advance(31 * MINUTE);
    await work();
    // THEN nothing was sent, and the reason is plain
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reason: "the order was cancelled in Shopify" });
  });

  it("an order cancelled after submission needs attention, with what to do", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await work();
    const [sent] = await h.sandboxOrders();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", svcOrderId: sent!.id });
    // WHEN the order is cancelled in Shopify
    await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
    await work();
    // THEN a person is told to stop it with the service (which has no cancel endpoint)
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      reason: `cancelled in Shopify after it reached the warehouse — stop it with the service (service order ${sent!.id})`,
    });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });
});

describe("holds", () => {
  it("a fulfilment order on hold is sent only after its release", async () => {
    // GIVEN a fraud check holds the order as soon as it is paid
    const payload = h.paidOrder();
    const [fo] = h.fulfillmentOrdersOf(payload);
    const held = h.store.orders.hold(SHOP, fo!.id, "HIGH_RISK_OF_FRAUD");
    await h.deliver(payload);
    await h.send("fulfillment_orders/placed_on_hold", held);
    await work();
    // THEN nothing is sent while it is held
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      waitUntil: null,
      reason: expect.stringMatching(/on hold in Shopify \(high risk of fraud\)/),
    });
    // WHEN the merchant releases it
    await h.send("fulfillment_orders/hold_released", h.store.orders.releaseHold(SHOP, fo!.id));
    await work();
    // THEN it goes, once
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", fulfillmentOrderGid: fo!.id });
  });
});

describe("delivery methods and locations", () => {
  it("pickup and local-delivery lines are never sent", async () => {
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "PLATO-GR", quantity: 1, deliveryMethod: "PICK_UP" },
        { sku: "CAFE-500", quantity: 1, deliveryMethod: "LOCAL" },
      ],
    });
    await h.deliver(payload);
    await work();
    const orders = await h.sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.request.productos).toEqual([{ identificador: "TAZA-AZ", cantidad: 2 }]);
    const records = await recordsOf(payload);
    expect(records.map((r) => [r.status, r.reason])).toEqual([
      ["submitted", null],
      ["skipped", "the buyer picks it up in store; the warehouse only ships parcels"],
      ["skipped", "it is a local delivery by the shop; the warehouse only ships parcels"],
    ]);
  });

  it("an order split across two locations: one service order and one fulfilment for the warehouse's part, the other untouched", async () => {
    // GIVEN the warehouse is the stock location (the default for which locations it fulfils)
    await settings({}, { locationId: h.locationId(WAREHOUSE) });
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2, location: WAREHOUSE },
        { sku: "PLATO-GR", quantity: 1, location: SHOPFRONT },
      ],
    });
    await h.deliver(payload);
    await work();
    const [warehouseFo, shopFo] = h.fulfillmentOrdersOf(payload);
    const orders = await h.sandboxOrders();
    expect(orders.map((o) => o.request.productos)).toEqual([[{ identificador: "TAZA-AZ", cantidad: 2 }]]);
    expect((await recordsOf(payload)).map((r) => [r.fulfillmentOrderGid, r.status, r.reason])).toEqual([
      [warehouseFo!.id, "submitted", null],
      [shopFo!.id, "skipped", `it is assigned to the location "${SHOPFRONT}", which the warehouse does not fulfil`],
    ]);
    // The order's tag shows the part that went, and its note lists both parts.
    expect(h.store.inspect(SHOP).tags[payload.admin_graphql_api_id]).toEqual(["svc:submitted"]);
    const note = h.store
      .inspect(SHOP)
      .metafields.find(
        (m) => m.ownerId === payload.admin_graphql_api_id && m.namespace === "svc" && m.key === "fulfillment",
      );
    expect(JSON.parse(note!.value)).toMatchObject({
      status: "submitted",
      parts: [
        { fulfillmentOrder: warehouseFo!.id, status: "submitted" },
        { fulfillmentOrder: shopFo!.id, status: "skipped" },
      ],
    });
    // WHEN the parcel leaves the warehouse
    await h.clock.advance(HOUR + MINUTE);
    await work();
    // THEN one fulfilment, of the warehouse's fulfilment order only; the shop's part is untouched
    const fulfilments = fulfilmentsOf(payload);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]!.lineItems.map((l) => [l.fulfillmentOrderId, l.quantity])).toEqual([[warehouseFo!.id, 2]]);
    const after = h.fulfillmentOrdersOf(payload);
    expect(after.find((fo) => fo.id === shopFo!.id)).toMatchObject({
      status: "OPEN",
      lineItems: [{ remainingQuantity: 1 }],
    });
    expect(await recordOf(payload)).toMatchObject({ status: "shipped" });
  });
});

describe("order edits", () => {
  it("a line removed by an edit before submission is not sent", async () => {
    await settings({ holdBackMinutes: 30 });
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    expect((await recordOf(payload)).status).toBe("waiting");
    // WHEN the merchant removes the coffee and adds a plate within the delay
    await h.send(
      "orders/edited",
      h.store.orders.edit(SHOP, payload.id, { quantities: { "CAFE-500": 0 }, add: [{ sku: "PLATO-GR", quantity: 1 }] }),
    );
    await work();
    await h.clock.advance(30 * MINUTE);
    await work();
    // THEN exactly what remains goes
    const orders = await h.sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.request.productos).toEqual([
      { identificador: "TAZA-AZ", cantidad: 2 },
      { identificador: "PLATO-GR", cantidad: 1 },
    ]);
  });

  it("an edit after submission needs attention, saying what changed", async () => {
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    const [sent] = await h.sandboxOrders();
    await h.send("orders/edited", h.store.orders.edit(SHOP, payload.id, { quantities: { "TAZA-AZ": 1 } }));
    await work();
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      reason:
        "changed in Shopify after it reached the warehouse (now TAZA-AZ × 1, CAFE-500 × 1; the warehouse has " +
        `TAZA-AZ × 2, CAFE-500 × 1) — change it with the service (service order ${sent!.id})`,
    });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });
});

describe("splits", () => {
  const twoLines = {
    lineItems: [
      { sku: "TAZA-AZ", quantity: 2 },
      { sku: "CAFE-500", quantity: 1 },
    ],
  };

  it("a part split off before submission is sent on its own, and nothing twice", async () => {
    await settings({ holdBackMinutes: 30 });
    const payload = h.paidOrder(twoLines);
    await h.deliver(payload);
    await work();
    const [fo] = h.fulfillmentOrdersOf(payload);
    await h.send("fulfillment_orders/split", h.store.orders.split(SHOP, fo!.id, { "CAFE-500": 1 }));
    await work();
    await h.clock.advance(30 * MINUTE);
    await work();
    await work();
    const orders = await h.sandboxOrders();
    expect(orders.map((o) => o.request.productos).sort((a, b) => a.length - b.length)).toEqual(
      [[{ identificador: "TAZA-AZ", cantidad: 2 }], [{ identificador: "CAFE-500", cantidad: 1 }]].sort(
        (a, b) => a.length - b.length,
      ),
    );
    expect((await recordsOf(payload)).map((r) => r.status)).toEqual(["submitted", "submitted"]);
  });

  it("a split after submission sends nothing more and asks a person about both parts", async () => {
    const payload = h.paidOrder(twoLines);
    await h.deliver(payload);
    await work();
    const [fo] = h.fulfillmentOrdersOf(payload);
    // The app reported it in progress (ADR 007): Shopify splits it only once the merchant marks it open.
    expect(fo).toMatchObject({ status: "IN_PROGRESS", progressReported: true });
    await h.store.control.markAsOpen(SHOP, fo!.id);
    await h.send("fulfillment_orders/split", h.store.orders.split(SHOP, fo!.id, { "CAFE-500": 1 }));
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
    const [original, split] = await recordsOf(payload);
    expect(original).toMatchObject({
      status: "needs_attention",
      reason: expect.stringMatching(/^changed in Shopify after it reached the warehouse/),
    });
    expect(split).toMatchObject({
      status: "needs_attention",
      reason: expect.stringMatching(/^created in Shopify from a part of the order the warehouse already has/),
    });
  });
});

describe("write-back of what shipped", () => {
  it("a partial shipment becomes a fulfilment of only those lines; the order stays partly fulfilled", async () => {
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    const [sent] = await h.sandboxOrders();
    // GIVEN the warehouse was short of coffee: it packs the mugs only
    await h.control("POST", `/__sandbox/orders/${sent!.id}/packed`, { productos: [{ sku: "TAZA-AZ", cantidad: 2 }] });
    await h.clock.advance(HOUR + MINUTE);
    await work();
    const fulfilments = fulfilmentsOf(payload);
    expect(fulfilments).toHaveLength(1);
    const [fo] = h.fulfillmentOrdersOf(payload);
    expect(fo!.lineItems.map((l) => [l.sku, l.remainingQuantity])).toEqual([
      ["TAZA-AZ", 0],
      ["CAFE-500", 1],
    ]);
    expect(fo!.status).toBe("IN_PROGRESS");
    expect(fulfilments[0]!.trackingInfo[0]!.number).toMatch(/^\d+$/);
    expect(h.store.orders.get(SHOP, payload.id)!.fulfillment_status).toBe("partial");
  });
});

describe("stale deliveries", () => {
  it("a late redelivery of an old orders/paid payload changes nothing", async () => {
    const payload = h.paidOrder();
    const paidAt = h.clock.now().toISOString();
    await h.deliver(payload);
    await work();
    await h.clock.advance(10 * MINUTE);
    await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
    await work();
    const before = await recordOf(payload);
    expect(before.status).toBe("needs_attention");
    // What the order's job decides (the poll keeps reading the service for the status and tracking).
    const decided = () =>
      prisma.fulfillmentEvent.count({
        where: { fulfillmentId: before.id, NOT: { detailCode: { in: ["serviceStatus", "trackingChanged"] } } },
      });
    const decisions = await decided();
    // WHEN the old payload arrives again as a new event, a day late
    await h.clock.advance(24 * HOUR);
    expect((await h.deliver(payload, { triggeredAt: paidAt })).status).toBe(200);
    // THEN it wakes nothing, and nothing changes
    expect(await prisma.job.count({ where: { queue: "fulfillment.submit", state: "queued" } })).toBe(0);
    await work();
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      reason: before.reason,
      reasonCode: before.reasonCode,
    });
    expect(await decided()).toBe(decisions);
    expect(await h.sandboxOrders()).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("a dropped orders/paid is submitted after one reconciliation, and the run time is kept", async () => {
    await startReconciliation(prisma, { shop: SHOP, now: h.clock.now() });
    // GIVEN a paid order whose orders/paid never arrives
    await h.clock.advance(MINUTE);
    const payload = h.paidOrder();
    // WHEN the reconciliation runs (and then the order's job it starts)
    await work();
    await work();
    // THEN the order reached the warehouse once, and the shop shows when it last ran
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toMatchObject({
      ordersReconciledAt: h.clock.now(),
    });
    // AND its next run is booked, and finds nothing more to send
    const job = await prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "orders.reconcile", key: SHOP } } });
    expect(job).toMatchObject({ state: "queued", runAt: new Date(h.clock.now().getTime() + 30 * MINUTE) });
    await h.clock.advance(31 * MINUTE);
    await work();
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("an edit in the second a run read the order, its webhooks lost, is found by the next run", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
    await h.deliver(payload);
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    // GIVEN a run reads the order, and in that same second the merchant edits it: Shopify's
    // updatedAt (one-second precision) reads as before, and the edit's webhooks never arrive
    await startReconciliation(prisma, { shop: SHOP, now: h.clock.now() });
    await work();
    await work();
    h.store.orders.edit(SHOP, payload.id, { quantities: { "TAZA-AZ": 1 } });
    // WHEN the next run reads the order (and then the order's job it wakes)
    await h.clock.advance(31 * MINUTE);
    await work();
    await work();
    // THEN the change after submission is before a person (seed 4111836)
    expect(await recordOf(payload)).toMatchObject({ status: "needs_attention", reasonCode: "changedAfterWarehouse" });
  });

  it("pages through every updated order within Shopify's cost budget", async () => {
    await startReconciliation(prisma, { shop: SHOP, now: h.clock.now() });
    await h.clock.advance(MINUTE);
    const paid = Array.from({ length: 60 }, () => h.paidOrder());
    // GIVEN the shop's bucket is nearly empty (another app spent it)
    h.store.setThrottle(SHOP, { maximumAvailable: 1000, restoreRate: 50, currentlyAvailable: 10 });
    const waits: number[] = [];
    const result = await reconcileOrders(
      {
        db: prisma,
        logger: silentLogger,
        now: h.clock.now,
        adminFor: h.adminFor,
        sleep: async (ms) => {
          waits.push(ms);
          await h.clock.advance(ms);
        },
      },
      SHOP,
    );
    // THEN it waited for the bucket instead of failing, and every order is followed
    expect(waits.length).toBeGreaterThan(0);
    // (an order of an earlier case whose note was written at the watermark counts too)
    expect(result.read).toBeGreaterThanOrEqual(60);
    expect(await prisma.shopifyOrder.count({ where: { shopifyOrderId: { in: paid.map((p) => String(p.id)) } } })).toBe(
      60,
    );
    h.store.setThrottle(SHOP, { maximumAvailable: 2000, restoreRate: 100, currentlyAvailable: 2000 });
  });

  it("connecting can import the open paid orders of the last N days, and only those", async () => {
    await prisma.shop.update({ where: { domain: SHOP }, data: { ordersWatermark: null } });
    await settings({ importDays: 2 });
    const old = h.paidOrder({ lineItems: [{ sku: "PLATO-GR", quantity: 1 }] });
    await h.clock.advance(3 * 24 * HOUR);
    const recent = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const cancelled = h.paidOrder({ lineItems: [{ sku: "CAFE-500", quantity: 1 }] });
    h.store.orders.cancel(SHOP, cancelled.id);
    await startReconciliation(prisma, { shop: SHOP, now: h.clock.now() });
    await work();
    await work();
    const sent = await h.sandboxOrders();
    expect(sent.map((o) => o.request.tienda_orden_ref)).toEqual([recent.name]);
    expect(
      await prisma.shopifyOrder.count({ where: { shopifyOrderId: { in: [String(old.id), String(cancelled.id)] } } }),
    ).toBe(0);
    await settings({ importDays: 0 });
  });
});

describe("lifecycle webhook routes", () => {
  it("answer 200 to a signed payload they cannot read, keep it for the merchant naming what is wrong, and wake nothing", async () => {
    const bad = await h.send("orders/edited", { order_edit: { order_id: "abc" } });
    expect(bad.status).toBe(200);
    const none = await h.send("fulfillment_orders/hold_released", {
      fulfillment_order: { id: "gid://shopify/Order/1" },
    });
    expect(none.status).toBe(200);
    const kept = await prisma.unreadableWebhook.findMany({ orderBy: { receivedAt: "asc" } });
    expect(kept.map((k) => k.reason)).toEqual([
      expect.stringContaining("order_edit.order_id"),
      expect.stringContaining("names no fulfilment order"),
    ]);
    expect(await prisma.job.count()).toBe(0);
  });

  it("ignore a duplicate delivery, and look up a fulfilment order the app has no record of", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await prisma.job.deleteMany({});
    // A hold on an order whose fulfilment orders the job has not read yet: the app asks Shopify.
    const [fo] = h.fulfillmentOrdersOf(payload);
    const held = h.store.orders.hold(SHOP, fo!.id, "INCORRECT_ADDRESS");
    expect((await h.send("fulfillment_orders/placed_on_hold", held, { eventId: "evt-hold" })).status).toBe(200);
    expect((await h.send("fulfillment_orders/placed_on_hold", held, { eventId: "evt-hold" })).status).toBe(200);
    expect(await prisma.job.findMany({ select: { queue: true, key: true } })).toEqual([
      { queue: "fulfillment.resolve", key: `${SHOP}:${fo!.id}` },
    ]);
    await work(); // resolves the order and wakes its job
    await work(); // the order's job reads the hold
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      reason: expect.stringMatching(/on hold in Shopify \(incorrect address\)/),
    });
  });
});

describe("orders recorded before fulfilment orders were followed", () => {
  async function legacy(status: string, svcOrderId: string | null) {
    const payload = h.paidOrder();
    const id = String(payload.id);
    await prisma.shopifyOrder.create({
      data: { shop: SHOP, shopifyOrderId: id, orderGid: payload.admin_graphql_api_id, orderName: payload.name },
    });
    await prisma.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: id,
        orderGid: payload.admin_graphql_api_id,
        orderName: payload.name,
        status,
        svcOrderId,
      },
    });
    return payload;
  }

  it("one already at the service is left as it is: nothing is sent again", async () => {
    const payload = await legacy("submitted", "svc-legacy-1");
    await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
    await work();
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect((await recordsOf(payload)).map((r) => [r.status, r.fulfillmentOrderGid])).toEqual([["submitted", null]]);
  });

  it("one never sent gives way to a record per fulfilment order, sent once", async () => {
    const payload = await legacy("pending", null);
    await h.deliver(payload);
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect((await recordsOf(payload)).map((r) => [r.status, r.fulfillmentOrderGid])).toEqual([
      ["submitted", h.fulfillmentOrdersOf(payload)[0]!.id],
    ]);
  });
});
