/**
 * Shipments that add up (issue 23, item 4): nothing is fulfilled in Shopify that the warehouse did
 * not report, and a shipment short of its fulfilment order waits for the merchant's choice — send
 * the rest as a new service order, or leave it for a refund — over the simulated store, the
 * service sandbox and the test's PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader, type OrdersPageData } from "~/routes/app.orders/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest } from "../../helpers/shopify-requests";
import { HOUR, MINUTE, SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

// Every job due now, including those the previous ones queued (notes after a transition).
async function work(): Promise<void> {
  const worker = h.worker();
  for (let i = 0; i < 4; i++) await worker.runOnce();
}

const fulfilmentsOf = (payload: { admin_graphql_api_id: string }) =>
  h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);
const remainingOf = (payload: { admin_graphql_api_id: string }) =>
  h.fulfillmentOrdersOf(payload)[0]!.lineItems.map((l) => [l.sku, l.remainingQuantity]);
const tagsOf = (payload: { admin_graphql_api_id: string }) =>
  [...(h.store.inspect(SHOP).tags[payload.admin_graphql_api_id] ?? [])].sort();
function noteOf(payload: { admin_graphql_api_id: string }): Record<string, unknown> {
  const note = h.store
    .inspect(SHOP)
    .metafields.find(
      (m) => m.ownerId === payload.admin_graphql_api_id && m.namespace === "svc" && m.key === "fulfillment",
    );
  return JSON.parse(note!.value) as Record<string, unknown>;
}

async function post(form: Record<string, string>) {
  const request = await bearerRequest("/app/orders", SHOP, { method: "POST", body: new URLSearchParams(form) });
  return action({ request, params: {}, context: routeContext() });
}

async function page(): Promise<OrdersPageData> {
  const response = await loader({
    request: await sessionTokenRequest("/app/orders", SHOP),
    params: {},
    context: routeContext(),
  });
  return (response instanceof Response ? await response.json() : response) as OrdersPageData;
}

/** A paid order of 2 mugs and 1 coffee, sent to the warehouse, which then packs only `packed`. */
async function sentAndPacked(packed: { sku: string; cantidad: number }[]) {
  const payload = h.paidOrder({
    lineItems: [
      { sku: "TAZA-AZ", quantity: 2 },
      { sku: "CAFE-500", quantity: 1 },
    ],
  });
  await h.deliver(payload);
  await work();
  const [sent] = await h.sandboxOrders();
  await h.control("POST", `/__sandbox/orders/${sent!.id}/packed`, { productos: packed });
  return { payload, svcOrderId: sent!.id };
}

describe("a warehouse report that lists nothing shipped", () => {
  it("fulfils nothing in Shopify and asks a person, naming the service's status", async () => {
    // GIVEN the warehouse packed nothing, yet reports the order in transit with tracking
    const { payload } = await sentAndPacked([
      { sku: "TAZA-AZ", cantidad: 0 },
      { sku: "CAFE-500", cantidad: 0 },
    ]);
    const atService = (await h.client.getOrder((await recordOf(payload)).svcOrderId!)) as { detalle_orden?: unknown[] };
    expect(atService.detalle_orden).toEqual([]);
    // WHEN the poll reads it in transit
    await h.clock.advance(HOUR + MINUTE);
    await work();
    // THEN nothing is fulfilled in Shopify, every unit still expected
    expect(fulfilmentsOf(payload)).toHaveLength(0);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 2],
      ["CAFE-500", 1],
    ]);
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "needs_attention", shopifyFulfillmentId: null, missingLines: null });
    expect(record.reason).toMatch(/^the service reports the order IN_TRANSIT but lists nothing shipped/);
    const row = (await page()).rows.find((r) => r.id === record.id)!;
    expect(row.reasonMessage).toEqual({ code: "nothingShipped", params: { status: "IN_TRANSIT" } });
    expect(row.shortChoice).toBe(false);
    expect(tagsOf(payload)).toEqual(["svc:needs-attention"]);
  });
});

describe("a shipment short of its fulfilment order", () => {
  it("fulfils only what shipped, names what is missing, and marks the order short in Shopify", async () => {
    // GIVEN the warehouse packs 1 of the 2 mugs and no coffee
    const { payload, svcOrderId } = await sentAndPacked([{ sku: "TAZA-AZ", cantidad: 1 }]);
    await h.clock.advance(HOUR + MINUTE);
    await work();
    // THEN Shopify has one fulfilment of the one mug that left, the rest still expected
    const fulfilments = fulfilmentsOf(payload);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]!.lineItems.map((l) => l.quantity)).toEqual([1]);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 1],
      ["CAFE-500", 1],
    ]);
    // AND the record is not "shipped": it needs a person, with the missing units named
    const record = await recordOf(payload);
    expect(record).toMatchObject({
      status: "needs_attention",
      svcOrderId,
      shopifyFulfillmentId: fulfilments[0]!.id,
      trackingNumber: fulfilments[0]!.trackingInfo[0]!.number,
      missingLines: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    const row = (await page()).rows.find((r) => r.id === record.id)!;
    expect(row.reasonMessage).toEqual({ code: "shippedShort", params: { missing: "TAZA-AZ × 1, CAFE-500 × 1" } });
    expect(row.shortChoice).toBe(true);
    // AND the order's tag and metafield say so
    expect(tagsOf(payload)).toEqual(["svc:needs-attention", "svc:shipped-short"]);
    expect(noteOf(payload)).toMatchObject({
      status: "needs_attention",
      shippedShort: true,
      missing: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    // AND a plain retry is refused: it asks for one of the two choices
    expect(await post({ intent: "retry", fulfillmentId: record.id })).toMatchObject({
      ok: false,
      code: "chooseForShort",
    });
  });

  it("sends the rest to the warehouse as a new service order, which then completes the fulfilment order", async () => {
    const { payload, svcOrderId } = await sentAndPacked([{ sku: "TAZA-AZ", cantidad: 1 }]);
    await h.clock.advance(HOUR + MINUTE);
    await work();
    const short = await recordOf(payload);
    // WHEN the merchant sends the rest
    expect(await post({ intent: "short-resend", fulfillmentId: short.id })).toMatchObject({
      ok: true,
      code: "willSend",
    });
    await work();
    // THEN the warehouse has a second order with exactly the missing units
    const orders = await h.sandboxOrders();
    expect(orders).toHaveLength(2);
    const second = orders.find((o) => o.id !== svcOrderId)!;
    expect(second.request.productos).toEqual([
      { identificador: "TAZA-AZ", cantidad: 1 },
      { identificador: "CAFE-500", cantidad: 1 },
    ]);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", svcOrderId: second.id, missingLines: null });
    // The short tag goes once the rest is on its way.
    expect(tagsOf(payload)).toEqual(["svc:submitted"]);
    // WHEN the second order ships in full
    await h.clock.advance(HOUR + MINUTE);
    await work();
    // THEN Shopify has a second fulfilment, and the fulfilment order expects nothing more
    const fulfilments = fulfilmentsOf(payload);
    expect(fulfilments).toHaveLength(2);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 0],
      ["CAFE-500", 0],
    ]);
    expect(h.fulfillmentOrdersOf(payload)[0]!.status).toBe("CLOSED");
    expect(await recordOf(payload)).toMatchObject({ status: "shipped", shopifyFulfillmentId: fulfilments[1]!.id });
    // AND the history keeps the first shipment
    const events = await prisma.fulfillmentEvent.findMany({
      where: { fulfillmentId: short.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.detail)).toContainEqual(
      `the merchant sends the rest (TAZA-AZ × 1, CAFE-500 × 1) to the warehouse as a new order; the first shipment ` +
        `was service order ${svcOrderId}, Shopify fulfilment ${short.shopifyFulfillmentId}`,
    );
    // AND choosing again does nothing more
    expect(await post({ intent: "short-resend", fulfillmentId: short.id })).toMatchObject({
      ok: false,
      code: "notShort",
    });
    await work();
    expect(await h.sandboxOrders()).toHaveLength(2);
  });

  it("leaves the rest for a refund: the shipment is followed to delivery and the order stays marked short", async () => {
    const { payload } = await sentAndPacked([{ sku: "TAZA-AZ", cantidad: 2 }]);
    await h.clock.advance(HOUR + MINUTE);
    await work();
    const short = await recordOf(payload);
    expect(short.missingLines).toEqual([{ sku: "CAFE-500", quantity: 1 }]);
    // WHEN the merchant leaves the coffee for a refund
    expect(await post({ intent: "short-refund", fulfillmentId: short.id })).toMatchObject({
      ok: true,
      code: "leftForRefund",
      params: { missing: "CAFE-500 × 1" },
    });
    await work();
    // THEN nothing more goes to the warehouse; the order reads shipped, and short
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "shipped", reason: null });
    expect(tagsOf(payload)).toEqual(["svc:shipped", "svc:shipped-short"]);
    expect(noteOf(payload)).toMatchObject({ status: "shipped", missing: [{ sku: "CAFE-500", quantity: 1 }] });
    const row = (await page()).rows.find((r) => r.id === short.id)!;
    expect(row).toMatchObject({ shortChoice: false, missingLines: [{ sku: "CAFE-500", quantity: 1 }] });
    expect(row.timeline.at(-1)).toMatchObject({
      kind: "merchant",
      from: "needs_attention",
      to: "shipped",
      message: { code: "merchantLeftMissing", params: { missing: "CAFE-500 × 1" } },
    });
    // WHEN the parcel is delivered
    await h.clock.advance(26 * HOUR);
    await work();
    // THEN it is followed to the end, with one fulfilment only
    expect(await recordOf(payload)).toMatchObject({ status: "delivered" });
    expect(fulfilmentsOf(payload)).toHaveLength(1);
    expect(tagsOf(payload)).toEqual(["svc:delivered", "svc:shipped-short"]);
    // AND the choice cannot be made twice
    expect(await post({ intent: "short-refund", fulfillmentId: short.id })).toMatchObject({
      ok: false,
      code: "notShort",
    });
  });
});
