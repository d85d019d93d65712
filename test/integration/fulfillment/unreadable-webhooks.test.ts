// A signed order webhook the app cannot read is answered 200 and kept (UnreadableWebhook) instead
// of a 400 Shopify would retry and then drop with the order: Pedidos shows it with what was wrong,
// and the merchant sends the order by its id (the "send now" path) or dismisses it (issue 11).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action as ordersAction, loader as ordersLoader, type OrdersPageData } from "~/routes/app.orders/route";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersEdited } from "~/routes/webhooks.orders.edited";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as holdReleased } from "~/routes/webhooks.fulfillment_orders.hold_released";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, signedWebhookRequest, type WebhookRequestArgs } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, startHarness, type Harness } from "./support/harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

type Action = typeof ordersPaid;
async function post(action: Action, args: WebhookRequestArgs) {
  try {
    const response = await action({ request: await signedWebhookRequest(args), params: {}, context: routeContext() });
    return { status: response.status, text: await response.text() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
}

async function pedidos(shop = SHOP) {
  return (await ordersLoader({
    request: await bearerRequest("/app/orders", shop),
    params: {},
    context: routeContext(),
  })) as OrdersPageData;
}

async function act(form: Record<string, string>, shop = SHOP) {
  const request = await bearerRequest("/app/orders", shop, { method: "POST", body: new URLSearchParams(form) });
  const response = (await ordersAction({ request, params: {}, context: routeContext() })) as unknown as {
    data: { ok: boolean; message?: string; error?: string };
    init: { status: number } | null;
  };
  return { status: response.init?.status ?? 200, body: response.data };
}

describe("a signed order webhook the app cannot read", () => {
  it("orders/paid with a wrong field: 200, kept once per event id with the field, the raw payload and the order id", async () => {
    const order = h.paidOrder();
    const broken = { ...order, line_items: [{ ...order.line_items[0], quantity: "2" }] };
    const rawBody = JSON.stringify(broken);
    const first = await post(ordersPaid, { topic: "orders/paid", body: null, rawBody, eventId: "evt-broken" });
    const again = await post(ordersPaid, { topic: "orders/paid", body: null, rawBody, eventId: "evt-broken" });
    expect([first.status, again.status]).toEqual([200, 200]);
    const records = await prisma.unreadableWebhook.findMany();
    expect(records).toEqual([
      expect.objectContaining({
        shop: SHOP,
        topic: "orders/paid",
        eventId: "evt-broken",
        orderId: String(order.id),
        issues: ["line_items.0.quantity"],
        payload: rawBody,
      }),
    ]);
    expect(records[0]!.reason).toContain("line_items.0.quantity");
    // Nothing else started: no order followed, no job.
    expect(await prisma.shopifyOrder.count()).toBe(0);
    expect(await prisma.job.count()).toBe(0);
  });

  it("a body that is not JSON is kept with the reason, the order id read from its start", async () => {
    const rawBody = '{"id": 820982911946154508, "name": "#1001", "line_items": [{"id": 1,';
    const answer = await post(ordersPaid, { topic: "orders/paid", body: null, rawBody });
    expect(answer.status).toBe(200);
    const [record] = await prisma.unreadableWebhook.findMany();
    expect(record).toMatchObject({ orderId: "820982911946154508", payload: rawBody, issues: ["$"] });
    expect(record!.reason).toContain("not JSON");
    // Not even a leading id: kept, with nothing to send by.
    await post(ordersPaid, { topic: "orders/paid", body: null, rawBody: "\u0000garbage\u00ff" });
    expect(await prisma.unreadableWebhook.count({ where: { orderId: null } })).toBe(1);
  });

  it.each([
    ["orders/cancelled", ordersCancelled, { id: "abc", name: "#1" }, null, "id"],
    ["orders/edited", ordersEdited, { order_edit: { order_id: "abc" } }, null, "order_edit.order_id"],
    ["orders/edited", ordersEdited, { order_edit: { order_id: 77, created_at: 5 } }, "77", "created_at"],
    [
      "fulfillment_orders/hold_released",
      holdReleased,
      { fulfillment_order: { id: "x" } },
      null,
      "names no fulfilment order",
    ],
  ] as const)(
    "%s: kept, with the order id when the payload names one and the reason",
    async (topic, action, body, orderId, named) => {
      const answer = await post(action, { topic, body });
      expect(answer.status).toBe(200);
      const [record] = await prisma.unreadableWebhook.findMany();
      expect(record).toMatchObject({ topic, orderId });
      expect(record!.reason).toContain(named);
      expect(await prisma.job.count()).toBe(0);
    },
  );

  it("unsigned, wrongly signed or for a non-shop header: 401 / 400 as before, nothing kept", async () => {
    const rawBody = "{not json";
    expect((await post(ordersPaid, { topic: "orders/paid", body: null, rawBody, hmac: null })).status).toBe(401);
    expect((await post(ordersPaid, { topic: "orders/paid", body: null, rawBody, secret: "other" })).status).toBe(401);
    expect(
      (await post(ordersPaid, { topic: "orders/paid", body: null, rawBody, shop: "evil.example.com" })).status,
    ).toBe(400);
    expect(await prisma.unreadableWebhook.count()).toBe(0);
    expect(await prisma.webhookDelivery.count()).toBe(0);
  });
});

describe("on Pedidos", () => {
  it("shows the record with its reason; sending it by id sends the order to the warehouse and clears it", async () => {
    const order = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await post(ordersPaid, { topic: "orders/paid", body: null, rawBody: JSON.stringify({ ...order, name: 5 }) });
    const page = await pedidos();
    expect(page.attention.unreadable).toEqual([
      expect.objectContaining({ topic: "orders/paid", orderId: String(order.id), issues: ["name"] }),
    ]);
    const id = page.attention.unreadable[0]!.id;
    // Another shop cannot send or dismiss it.
    await storeOfflineSession(prisma, "otra-tienda.myshopify.com");
    expect((await act({ intent: "unreadable-send", id }, "otra-tienda.myshopify.com")).status).toBe(404);
    expect((await act({ intent: "unreadable-dismiss", id }, "otra-tienda.myshopify.com")).status).toBe(404);
    expect((await pedidos("otra-tienda.myshopify.com")).attention.unreadable).toEqual([]);

    const sent = await act({ intent: "unreadable-send", id });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    expect(await prisma.unreadableWebhook.count()).toBe(0);
    await h.worker().runOnce();
    // (Opening Pedidos also started reconciliation, which may send the store's other paid orders.)
    const orders = await h.sandboxOrders();
    expect(orders.filter((o) => o.request.tienda_orden_ref === order.name)).toHaveLength(1);
  });

  it("an unreadable cancellation of a sent order: reading it again wakes the order's job, which sees the cancellation", async () => {
    const order = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(order);
    await h.worker().runOnce();
    expect((await prisma.fulfillment.findFirstOrThrow({ where: { shopifyOrderId: String(order.id) } })).status).toBe(
      "submitted",
    );
    h.store.orders.cancel(SHOP, order.id);
    await post(ordersCancelled, { topic: "orders/cancelled", body: { id: order.id, name: 5 } });
    const [record] = (await pedidos()).attention.unreadable;
    expect(record).toMatchObject({ topic: "orders/cancelled", orderId: String(order.id) });
    expect(await act({ intent: "unreadable-send", id: record!.id })).toMatchObject({
      status: 200,
      body: { kind: "attention", outcome: "reread" },
    });
    await h.worker().runOnce();
    const after = await prisma.fulfillment.findFirstOrThrow({ where: { shopifyOrderId: String(order.id) } });
    expect(after.status).toBe("needs_attention");
    expect(after.reason).toMatch(/cancel/i);
    // One the app never followed: nothing to read again, said plainly.
    await post(ordersCancelled, { topic: "orders/cancelled", body: { id: 424242, name: 5 } });
    const [stranger] = (await pedidos()).attention.unreadable;
    expect(await act({ intent: "unreadable-send", id: stranger!.id })).toMatchObject({
      status: 409,
      body: { outcome: "notFollowed" },
    });
  });

  it("dismiss removes it; a bad id is a 400 naming it", async () => {
    await post(ordersPaid, { topic: "orders/paid", body: null, rawBody: "[]" });
    const [record] = (await pedidos()).attention.unreadable;
    expect(record?.orderId).toBeNull();
    expect(await act({ intent: "unreadable-send", id: record!.id })).toMatchObject({ status: 400 });
    expect(await act({ intent: "unreadable-dismiss", id: "nope" })).toMatchObject({
      status: 400,
      body: { outcome: "invalidId", params: { field: "id" } },
    });
    expect(await act({ intent: "unreadable-dismiss", id: record!.id })).toMatchObject({ status: 200 });
    expect(await prisma.unreadableWebhook.count()).toBe(0);
  });
});

describe("privacy", () => {
  it("customers/redact erases the records of the customer's orders (by id, or named in an unparsed body); shop/redact erases all", async () => {
    await post(ordersPaid, { topic: "orders/paid", body: { id: 111, name: 1 } });
    await post(ordersPaid, { topic: "orders/paid", body: null, rawBody: '{"customer": {"id": 999}, "id": "x' });
    await post(ordersPaid, { topic: "orders/paid", body: { id: 222, name: 1 } });
    expect(await prisma.unreadableWebhook.count()).toBe(3);
    // A data request of that customer exports them (what the app holds about them), not the other.
    const asked = await post(dataRequest, {
      topic: "customers/data_request",
      body: { shop_domain: SHOP, customer: { id: 999 }, orders_requested: [111], data_request: { id: 5 } },
    });
    expect(asked.status).toBe(200);
    const { export: exported } = await prisma.customerDataRequest.findFirstOrThrow();
    const kept = (exported as { unreadableNotifications: { orderId: string | null; payload: string }[] })
      .unreadableNotifications;
    expect(kept.map((k) => k.orderId)).toEqual(["111", null]);
    expect(kept[1]!.payload).toContain('"id": 999');
    const redact = await post(customersRedact, {
      topic: "customers/redact",
      body: { shop_domain: SHOP, customer: { id: 999 }, orders_to_redact: [111] },
    });
    expect(redact.status).toBe(200);
    expect((await prisma.unreadableWebhook.findMany()).map((r) => r.orderId)).toEqual(["222"]);
    const gone = await post(shopRedact, { topic: "shop/redact", body: { shop_domain: SHOP } });
    expect(gone.status).toBe(200);
    expect(await prisma.unreadableWebhook.count()).toBe(0);
  });
});
