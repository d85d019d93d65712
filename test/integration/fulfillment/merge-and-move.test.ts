/**
 * Issue 29, defect 2: a merge or a move after a fulfilment order reached the warehouse. Shopify
 * closes fulfilment orders it merges (and some it moves) and moves a whole one by changing its
 * location; neither may make the warehouse and anyone else ship the same units. Over the
 * simulated store (merge, move, progress reports as the published schema describes them), the
 * service sandbox and the test's PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { retryFulfillment } from "~/fulfillment/actions/merchant-actions.server";
import {
  MINUTE,
  SHOP,
  SHOPFRONT,
  WAREHOUSE,
  clearFulfilments,
  recordOf,
  recordsOf,
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
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { holdBackMinutes: 0, locationIds: [] }, stock: { locationId: h.locationId(WAREHOUSE) } },
  });
});

const work = () => h.worker().runOnce();
const twoLines = {
  lineItems: [
    { sku: "TAZA-AZ", quantity: 2, location: WAREHOUSE },
    { sku: "CAFE-500", quantity: 1, location: WAREHOUSE },
  ],
};
const foOf = (id: string) => h.store.inspect(SHOP).fulfillmentOrders.find((fo) => fo.id === id)!;

/** An order in two parts at the warehouse: the TAZA part sent, the CAFE part held by the merchant. */
async function oneSentOneHeld() {
  const payload = h.paidOrder(twoLines);
  const [whole] = h.fulfillmentOrdersOf(payload);
  const split = h.store.orders.split(SHOP, whole!.id, { "CAFE-500": 1 });
  const cafe = split.remaining_fulfillment_order.id;
  await h.store.control.hold(SHOP, cafe, { reason: "OTHER", deliver: false });
  await h.deliver(payload);
  await work();
  const orders = await h.sandboxOrders();
  expect(orders.map((o) => o.request.productos)).toEqual([[{ identificador: "TAZA-AZ", cantidad: 2 }]]);
  return { payload, taza: whole!.id, cafe };
}

describe("once the warehouse has a fulfilment order (merchant-managed)", () => {
  it("Shopify is told it is in progress, once, so it refuses to move or merge it", async () => {
    const { payload, taza } = await oneSentOneHeld();
    const record = (await recordsOf(payload)).find((r) => r.fulfillmentOrderGid === taza);
    expect(foOf(taza)).toMatchObject({
      status: "IN_PROGRESS",
      progressReported: true,
      progressReports: [
        {
          reasonNotes: `reported in Shopify as in progress: the warehouse has it (service order ${record!.svcOrderId})`,
        },
      ],
    });
    await expect(
      h.store.control.move(SHOP, taza, { locationId: h.locationId(SHOPFRONT), deliver: false }),
    ).rejects.toThrow(/progress/);
    // The merchant marks it open again: their choice; the app does not report a second time.
    await h.clock.advance(MINUTE);
    await h.store.control.markAsOpen(SHOP, taza);
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id)!);
    await work();
    const tracked = await prisma.shopifyOrder.findFirstOrThrow({
      where: { shop: SHOP, orderGid: payload.admin_graphql_api_id },
    });
    expect(tracked.plannedAt).toEqual(h.clock.now());
    expect(foOf(taza)).toMatchObject({ status: "OPEN", progressReports: [expect.anything()] });
  });
});

describe("a merge after submission", () => {
  it("flags the part the warehouse has and never sends its units again in the merged fulfilment order", async () => {
    const { payload, taza, cafe } = await oneSentOneHeld();
    await h.store.control.markAsOpen(SHOP, taza);
    await h.store.control.releaseHold(SHOP, cafe, { deliver: false });
    const merged = await h.store.control.merge(SHOP, { ids: [taza, cafe], deliver: false });
    await h.send("fulfillment_orders/merged", merged.payload);
    await work();
    await work();
    // THEN the warehouse still has one order: the merged fulfilment order (TAZA ×2 + CAFE ×1) was not sent
    expect(await h.sandboxOrders()).toHaveLength(1);
    const records = await recordsOf(payload);
    expect(records.find((r) => r.fulfillmentOrderGid === taza)).toMatchObject({
      status: "needs_attention",
      reasonCode: "closedAfterWarehouse",
    });
    const combined = records.find((r) => r.fulfillmentOrderGid !== taza && r.fulfillmentOrderGid !== cafe);
    expect(combined).toMatchObject({ status: "needs_attention", reasonCode: "contested" });
    // A later change that creates yet another part from it is still not sent.
    const combinedFo = combined!.fulfillmentOrderGid!;
    h.store.orders.split(SHOP, combinedFo, { "TAZA-AZ": 1 });
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id)!);
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
  });
});

describe("a move after submission", () => {
  it("a whole move (same id, another location) is flagged and sent nowhere else", async () => {
    const { payload, taza } = await oneSentOneHeld();
    await h.store.control.markAsOpen(SHOP, taza);
    const moved = await h.store.control.move(SHOP, taza, { locationId: h.locationId(SHOPFRONT), deliver: false });
    expect(foOf(taza).locationId).toBe(h.locationId(SHOPFRONT));
    await h.send("fulfillment_orders/moved", moved.payload);
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect((await recordsOf(payload)).find((r) => r.fulfillmentOrderGid === taza)).toMatchObject({
      status: "needs_attention",
      reasonCode: "movedAfterWarehouse",
      reasonParams: { location: SHOPFRONT },
    });
  });

  it("a move of some units flags the part, and the units moved are not sent from anywhere", async () => {
    const { payload, taza } = await oneSentOneHeld();
    await h.store.control.markAsOpen(SHOP, taza);
    const moved = await h.store.control.move(SHOP, taza, {
      locationId: h.locationId(SHOPFRONT),
      lines: { "TAZA-AZ": 1 },
      deliver: false,
    });
    await h.send("fulfillment_orders/moved", moved.payload);
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
    const records = await recordsOf(payload);
    expect(records.find((r) => r.fulfillmentOrderGid === taza)).toMatchObject({
      status: "needs_attention",
      reasonCode: "changedAfterWarehouse",
    });
  });
});

describe("a move before submission", () => {
  it("a part skipped at another location, moved to the warehouse and retried, is sent from the warehouse: nothing to ask after", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1, location: SHOPFRONT }] });
    const [fo] = h.fulfillmentOrdersOf(payload);
    await h.deliver(payload);
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "otherLocation" });
    // The merchant moves it to the warehouse (its webhook not heard yet) and retries it on Pedidos:
    // the record goes back to pending with what the skip saw, and the order's job sends it.
    await h.store.control.move(SHOP, fo!.id, { locationId: h.locationId(WAREHOUSE), deliver: false });
    const record = await recordOf(payload);
    const merchant = { db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor };
    expect(await retryFulfillment(merchant, { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: true });
    await work();
    expect(await h.sandboxOrders()).toHaveLength(1);
    // THEN it is kept as sent from the warehouse, and the next read of the order asks nobody (seed 6006041).
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", locationGid: h.locationId(WAREHOUSE) });
    await h.clock.advance(MINUTE);
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id)!);
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", reasonCode: null });
  });
});

describe("a fulfilment order the warehouse has, closed in Shopify", () => {
  it("closed by a fulfilment of every unit sent: nothing to ask", async () => {
    const { payload, taza } = await oneSentOneHeld();
    const line = foOf(taza).lineItems[0]!;
    const answer = await h.store.graphql(
      SHOP,
      `mutation($id: ID!, $line: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 2 }] }] }) { userErrors { message } } }`,
      { id: taza, line: line.id },
    );
    expect(answer.errors).toBeUndefined();
    expect(foOf(taza).status).toBe("CLOSED");
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id)!);
    await work();
    expect((await recordsOf(payload)).find((r) => r.fulfillmentOrderGid === taza)).toMatchObject({
      status: "submitted",
      reasonCode: null,
    });
  });

  it("closed because its units were refunded: a person is asked", async () => {
    const { payload, taza } = await oneSentOneHeld();
    await h.store.control.markAsOpen(SHOP, taza);
    const refund = await h.store.control.refund(SHOP, String(payload.id), { lines: { "TAZA-AZ": 2 }, deliver: false });
    expect(refund).toBeDefined();
    expect(foOf(taza).status).toBe("CLOSED");
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id)!);
    await work();
    expect((await recordsOf(payload)).find((r) => r.fulfillmentOrderGid === taza)).toMatchObject({
      status: "needs_attention",
      reasonCode: "closedAfterWarehouse",
    });
  });
});
