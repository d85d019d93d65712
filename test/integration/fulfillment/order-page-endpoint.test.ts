// The order-page extensions' endpoint (/api/warehouse/orders/:orderId): what it shows for an order,
// that it is scoped to the ID token's shop, that it validates every input, and each action.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader } from "~/routes/api.warehouse.orders.$orderId";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import { updateShopSettings } from "~/shop/shop-settings.server";
import {
  SHOP,
  SHOPFRONT,
  WAREHOUSE,
  clearFulfilments,
  recordOf,
  recordsOf,
  startHarness,
  type Harness,
} from "./support/harness";
import { routeContext } from "../../helpers/app-services";
import { outcomeRecordEn } from "~/i18n/messages.en";

const OTHER_SHOP = "otra-tienda.myshopify.com";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  await storeOfflineSession(prisma, OTHER_SHOP);
  await prisma.shop.upsert({ where: { domain: OTHER_SHOP }, create: { domain: OTHER_SHOP }, update: {} });
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

async function paidAndWorked(input: Parameters<Harness["paidOrder"]>[0] = {}) {
  const payload = h.paidOrder(input);
  await h.deliver(payload);
  await h.worker().runOnce();
  return payload;
}

async function get(orderId: string | number, shop = SHOP, headers: Record<string, string> = {}) {
  const request = await bearerRequest(`/api/warehouse/orders/${orderId}`, shop, { headers });
  return (await loader({ request, params: { orderId: String(orderId) }, context: routeContext() })) as Response;
}

async function post(orderId: string | number, body: unknown, shop = SHOP) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const request = await bearerRequest(`/api/warehouse/orders/${orderId}`, shop, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://extensions.shopifycdn.com" },
    body: raw,
  });
  return (await action({ request, params: { orderId: String(orderId) }, context: routeContext() })) as Response;
}

describe("what the block reads", () => {
  it("answers the order's record with its service order, service, timeline and CORS headers", async () => {
    const payload = await paidAndWorked();
    const response = await get(payload.id, SHOP, { origin: "https://extensions.shopifycdn.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = await response.json();
    const record = await recordOf(payload);
    expect(body).toMatchObject({
      order: { id: `gid://shopify/Order/${payload.id}`, name: payload.name },
      connected: true,
      push: { allowed: false },
      records: [{ id: record.id, status: "submitted", svcOrderId: record.svcOrderId, serviceCode: record.serviceCode }],
    });
    expect(body.records[0].timeline.map((e: { to: string }) => e.to)).toContain("submitted");
    expect(body.ordersPagePath).toContain(encodeURIComponent(payload.name));
  });

  it("answers no record and offers the push for an order the app never saw, named as Shopify names it", async () => {
    const lost = h.paidOrder();
    const body = await (await get(lost.id)).json();
    expect(body).toMatchObject({
      order: { name: lost.name },
      records: [],
      connected: true,
      push: { allowed: true, reason: null },
    });
    const unknown = await (await get(987654321)).json();
    expect(unknown).toMatchObject({ order: { id: "gid://shopify/Order/987654321", name: null }, records: [] });
  });

  it("never shows another shop's records: the same order id read with another shop's token is empty", async () => {
    const payload = await paidAndWorked();
    const body = await (await get(payload.id, OTHER_SHOP)).json();
    expect(body.records).toEqual([]);
    expect(body.connected).toBe(false);
  });

  it("answers one record per fulfilment order of an order split across locations", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { locationId: h.locationId(WAREHOUSE) } } });
    try {
      const payload = await paidAndWorked({
        lineItems: [
          { sku: "TAZA-AZ", quantity: 2, location: WAREHOUSE },
          { sku: "PLATO-GR", quantity: 1, location: SHOPFRONT },
        ],
      });
      const body = await (await get(payload.id)).json();
      const [warehouseFo, shopFo] = h.fulfillmentOrdersOf(payload);
      expect(
        body.records.map((r: { fulfillmentOrderGid: string; status: string }) => [r.fulfillmentOrderGid, r.status]),
      ).toEqual([
        [warehouseFo!.id, "submitted"],
        [shopFo!.id, "skipped"],
      ]);
      expect(body.records[1].reason).toMatch(SHOPFRONT);
    } finally {
      await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { locationId: null } } });
    }
  });

  it("says an order the app has but has not read yet is queued, and a push reads it now", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    const before = await (await get(payload.id)).json();
    expect(before).toMatchObject({ queued: true, records: [], push: { allowed: true } });
    expect(await (await post(payload.id, { action: "push" })).json()).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect((await recordsOf(payload)).map((r) => r.status)).toEqual(["submitted"]);
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it.each([["abc"], ["12.5"], ["-1"], ["gid:__shopify_Order_1"], ["1".repeat(21)]])(
    "answers 400 naming the problem for the order id %j",
    async (orderId) => {
      const response = await get(orderId);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/order id/);
    },
  );

  it("answers 401 to a request without a valid ID token", async () => {
    const request = new Request("https://svc-app.example.test/api/warehouse/orders/1", {
      headers: { authorization: "Bearer not-a-token", origin: "https://extensions.shopifycdn.com" },
    });
    const outcome = await loader({ request, params: { orderId: "1" }, context: routeContext() }).then(
      (r) => r as Response,
      (thrown: unknown) => thrown as Response,
    );
    expect(outcome.status).toBe(401);
  });

  it("answers the CORS preflight", async () => {
    const request = new Request("https://svc-app.example.test/api/warehouse/orders/1", {
      method: "OPTIONS",
      headers: { origin: "https://extensions.shopifycdn.com", "access-control-request-method": "POST" },
    });
    const outcome = await action({ request, params: { orderId: "1" }, context: routeContext() }).then(
      (r) => r as Response,
      (thrown: unknown) => thrown as Response,
    );
    expect(outcome.status).toBe(204);
    expect(outcome.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  });
});

describe("what the block and the action may do", () => {
  it("retries a record that needs attention once the cause is fixed", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const payload = await paidAndWorked({ lineItems: [{ sku: "PLATO-GR", quantity: 2 }] });
    const record = await recordOf(payload);
    expect(record.status).toBe("awaiting_stock");
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 5 });
    const response = await post(payload.id, { action: "retry", recordId: record.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("refuses a retry of a record that is not waiting for one, with 409 and the reason", async () => {
    const payload = await paidAndWorked();
    const record = await recordOf(payload);
    const response = await post(payload.id, { action: "retry", recordId: record.id });
    expect(response.status).toBe(409);
    expect(outcomeRecordEn(await response.json())).toMatch(/submitted/);
  });

  it("confirms an unknown outcome with the service's order id, or as absent", async () => {
    const first = h.paidOrder();
    h.faults.set(first.name, ["commit-then-timeout"]);
    await h.deliver(first);
    await h.worker().runOnce();
    const [atService] = await h.sandboxOrders();
    const unknown = await recordOf(first);
    expect(unknown.status).toBe("unknown_outcome");
    const confirmed = await post(first.id, {
      action: "confirm",
      recordId: unknown.id,
      exists: true,
      svcOrderId: atService!.id,
    });
    expect(await confirmed.json()).toMatchObject({ ok: true });
    expect(await recordOf(first)).toMatchObject({ status: "submitted", svcOrderId: atService!.id });

    const second = h.paidOrder();
    h.faults.set(second.name, ["timeout"]);
    await h.deliver(second);
    await h.worker().runOnce();
    const absent = await recordOf(second);
    expect(absent.status).toBe("unknown_outcome");
    const answered = await post(second.id, { action: "confirm", recordId: absent.id, exists: false });
    expect(await answered.json()).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect(await recordOf(second)).toMatchObject({ status: "submitted" });
    expect(await h.sandboxOrders()).toHaveLength(2);
  });

  it("refuses a record of another order or another shop with 404, and changes nothing", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const payload = await paidAndWorked({ lineItems: [{ sku: "PLATO-GR", quantity: 1 }] });
    const record = await recordOf(payload);
    const otherOrder = await post(Number(payload.id) + 1, { action: "retry", recordId: record.id });
    expect(otherOrder.status).toBe(404);
    const otherShop = await post(payload.id, { action: "retry", recordId: record.id }, OTHER_SHOP);
    expect(otherShop.status).toBe(404);
    expect((await recordOf(payload)).status).toBe("awaiting_stock");
  });

  it("sends an order whose orders/paid never arrived: read from Shopify, submitted once, a second push refused", async () => {
    // GIVEN a paid order whose webhook was lost
    const payload = h.paidOrder();
    // WHEN the merchant pushes it from the order page
    const pushed = await post(payload.id, { action: "push" });
    const answer = await pushed.json();
    expect(answer).toMatchObject({ ok: true });
    // Coded only: its English record is the catalogue's (app/i18n/messages.en.ts outcomeRecordEn).
    expect(answer).toMatchObject({ code: "readAgain", params: { order: payload.name } });
    await h.worker().runOnce();
    // THEN it is at the service once, with the order's lines
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "submitted", orderName: payload.name });
    const [order, ...more] = await h.sandboxOrders();
    expect(more).toEqual([]);
    expect(order!.request.tienda_orden_ref).toBe(payload.name);
    const again = await post(payload.id, { action: "push" });
    expect(again.status).toBe(409);
    const refusal = await again.json();
    expect(outcomeRecordEn(refusal)).toMatch(/already with the warehouse/);
    expect(refusal.code).toBe("nothingToPush");
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("refuses to push an order cancelled in Shopify, and one Shopify does not have", async () => {
    const payload = h.paidOrder();
    h.store.orders.cancel(SHOP, payload.id);
    const cancelled = await post(payload.id, { action: "push" });
    expect(cancelled.status).toBe(409);
    const cancelledAnswer = await cancelled.json();
    expect(outcomeRecordEn(cancelledAnswer)).toMatch(/cancelled in Shopify/);
    expect(cancelledAnswer).toMatchObject({ code: "cancelledNotRetryable", params: { order: payload.name } });
    const missing = await post(424242424242, { action: "push" });
    const missingAnswer = await missing.json();
    expect(outcomeRecordEn(missingAnswer)).toMatch(/no such order/);
    expect(missingAnswer.code).toBe("noSuchShopifyOrder");
    expect(await h.sandboxOrders()).toEqual([]);
  });

  it("a push of an order that waits on the merchant retries it", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const payload = await paidAndWorked({ lineItems: [{ sku: "PLATO-GR", quantity: 1 }] });
    expect((await recordOf(payload)).status).toBe("awaiting_stock");
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 3 });
    expect(await (await post(payload.id, { action: "push" })).json()).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect((await recordOf(payload)).status).toBe("submitted");
  });

  it("refuses a push for a shop that is not connected", async () => {
    const response = await post(1001, { action: "push" }, OTHER_SHOP);
    expect(response.status).toBe(409);
    expect(outcomeRecordEn(await response.json())).toMatch(/not connected/);
  });

  it.each([
    ["not JSON", "{", 400, /JSON/],
    ["an unknown action", { action: "delete" }, 400, /action/],
    ["a record id that is not one", { action: "retry", recordId: "1; DROP TABLE" }, 400, /recordId/],
    [
      "a confirmation without the service's id",
      { action: "confirm", recordId: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01", exists: true, svcOrderId: " " },
      400,
      /svcOrderId/,
    ],
    ["a body over 4 KB", { action: "push", padding: "x".repeat(5000) }, 413, /larger/],
  ])("answers %s with a clear error", async (_what, body, status, message) => {
    const response = await post(1001, body);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
  });
});
