import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { HOUR, MINUTE, SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

const ORDER_NOTE = /* GraphQL */ `
  query Note($id: ID!) {
    order(id: $id) {
      tags
      metafield(namespace: "svc", key: "fulfillment") {
        type
        value
      }
      displayFulfillmentStatus
    }
  }
`;

const fulfilmentsOf = (payload: { admin_graphql_api_id: string }) =>
  h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);

async function noteOf(orderGid: string) {
  const result = await h.store.graphql(SHOP, ORDER_NOTE, { id: orderGid });
  const order = (
    result.data as { order: { tags: string[]; metafield: { value: string } | null; displayFulfillmentStatus: string } }
  ).order;
  return {
    tags: order.tags,
    note: order.metafield && JSON.parse(order.metafield.value),
    fulfilment: order.displayFulfillmentStatus,
  };
}

describe("a paid order, from the webhook to the buyer's door", () => {
  it("becomes one service order with the chosen service, one Shopify fulfilment with the sandbox's tracking, then delivered", async () => {
    // GIVEN a buyer paid two mugs on the EXPRESS rate
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    // WHEN Shopify delivers orders/paid
    const response = await h.deliver(payload);
    // THEN the app answers 200 at once, with the work only recorded: the order is followed, and
    // its fulfilment orders are read from Shopify by the job
    expect(response.status).toBe(200);
    expect(await prisma.shopifyOrder.findFirst({ where: { shopifyOrderId: String(payload.id) } })).toMatchObject({
      orderName: payload.name,
      plannedAt: null,
    });
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(await h.sandboxOrders()).toHaveLength(0);

    // WHEN the worker runs
    const worker = h.worker();
    await worker.runOnce();
    // THEN exactly one order reached the service, with the products, the address and EXPRESS
    const [sent, ...more] = await h.sandboxOrders();
    expect(more).toHaveLength(0);
    expect(sent!.request).toMatchObject({
      productos: [
        { identificador: "TAZA-AZ", cantidad: 2 },
        { identificador: "CAFE-500", cantidad: 1 },
      ],
      servicio_svc: "EXPRESS",
      tienda_orden_ref: payload.name,
      consumidor_destino: { codigo_postal: "06500", colonia: expect.stringMatching(/Cuauht/), pais: "Mexico" },
    });
    expect(await recordOf(payload)).toMatchObject({
      status: "submitted",
      svcOrderId: sent!.id,
      serviceCode: "EXPRESS",
      serviceCodeSource: "shipping_line",
      submitAttempts: 1,
    });
    expect(await noteOf(payload.admin_graphql_api_id)).toMatchObject({
      tags: ["svc:submitted"],
      note: { status: "submitted", serviceOrderId: sent!.id },
    });

    // WHEN the warehouse picks it (sandbox time +10 min) and the first poll runs
    await h.clock.advance(10 * MINUTE);
    await worker.runOnce();
    expect(await recordOf(payload)).toMatchObject({ status: "in_progress", svcStatus: "PICK" });
    expect(fulfilmentsOf(payload)).toHaveLength(0);

    // WHEN the carrier takes it (+2 h) and the poll runs again
    await h.clock.advance(2 * HOUR);
    await worker.runOnce();
    // THEN one Shopify fulfilment carries the service's tracking, and the record says shipped
    const atService = await h.client.getOrder(sent!.id);
    const record = await recordOf(payload);
    expect(record.reason).toBeNull();
    expect(record).toMatchObject({
      status: "shipped",
      svcStatus: "IN_TRANSIT",
      trackingNumber: atService!.rastreo_numero,
      trackingCompany: "DHL",
      trackingUrl: atService!.rastreo_url,
    });
    const fulfillments = fulfilmentsOf(payload);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({
      id: record.shopifyFulfillmentId,
      orderId: payload.admin_graphql_api_id,
      notifyCustomer: true,
      trackingInfo: [{ company: "DHL", number: atService!.rastreo_numero, url: atService!.rastreo_url }],
    });
    expect(await noteOf(payload.admin_graphql_api_id)).toMatchObject({
      tags: ["svc:shipped"],
      fulfilment: "FULFILLED",
    });

    // WHEN more polls run while the parcel travels
    await h.clock.advance(HOUR);
    await worker.runOnce();
    // THEN nothing is fulfilled twice
    expect(fulfilmentsOf(payload)).toHaveLength(1);

    // WHEN it is delivered (EXPRESS in Mexico City: 1 day)
    await h.clock.advance(26 * HOUR);
    await worker.runOnce();
    // THEN the record is delivered, polling stopped, and the history tells the whole story
    expect(await recordOf(payload)).toMatchObject({ status: "delivered", deliveredAt: h.clock.now() });
    expect(await prisma.job.findFirst({ where: { queue: "fulfillment.poll" } })).toMatchObject({ state: "done" });
    const events = await prisma.fulfillmentEvent.findMany({
      where: { fulfillmentId: record.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.toStatus).filter((s, i, all) => s !== all[i - 1])).toEqual([
      "pending",
      "submitting",
      "submitted",
      "in_progress",
      "shipped",
      "delivered",
    ]);
    expect(await noteOf(payload.admin_graphql_api_id)).toMatchObject({ tags: ["svc:delivered"] });
    expect(fulfilmentsOf(payload)).toHaveLength(1);
  });

  it("polls again 5 minutes after a change and twice as late while nothing changes", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    const worker = h.worker();
    await worker.runOnce();
    const record = await recordOf(payload);
    const pollJob = () =>
      prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "fulfillment.poll", key: record.id } } });
    expect((await pollJob()).runAt).toEqual(new Date(h.clock.now().getTime() + 5 * MINUTE));
    // Between two warehouse steps nothing changes: the next poll waits twice as long.
    await h.clock.advance(6 * MINUTE);
    await worker.runOnce();
    const afterChange = (await pollJob()).runAt.getTime() - h.clock.now().getTime();
    await h.clock.advance(afterChange);
    await worker.runOnce();
    const unchanged = (await pollJob()).runAt.getTime() - h.clock.now().getTime();
    expect(afterChange).toBe(5 * MINUTE);
    expect(unchanged).toBe(10 * MINUTE);
  });

  it("uses the shop's default service for an order paid on Shopify's backup rate, and says so", async () => {
    const payload = h.paidOrder({ shippingLine: undefined });
    await h.deliver(payload);
    await h.worker().runOnce();
    expect(await recordOf(payload)).toMatchObject({
      status: "submitted",
      serviceCode: "NACIONAL",
      serviceCodeSource: "shop_default",
    });
    expect((await h.sandboxOrders())[0]!.request.servicio_svc).toBe("NACIONAL");
  });
});
