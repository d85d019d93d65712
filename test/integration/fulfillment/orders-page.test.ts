import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { retryFulfillment } from "~/fulfillment/actions/merchant-actions.server";
import { listFulfillments } from "~/fulfillment/page/orders-page.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { forgetSvcKey } from "../../helpers/svc-connection";
import { action, loader, type OrdersPageData } from "~/routes/app.orders/route";
import { ensureEveryShopSchedules } from "~/orchestration/schedules.server";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest } from "../../helpers/shopify-requests";
import { API_KEY, SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";
import { routeContext } from "../../helpers/app-services";
import { outcomeRecordEn } from "~/i18n/messages.en";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

const merchant = () => ({ db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor });

async function paidAndWorked(input: Parameters<Harness["paidOrder"]>[0] = {}) {
  const payload = h.paidOrder(input);
  await h.deliver(payload);
  await h.worker().runOnce();
  return payload;
}

async function post(form: Record<string, string>) {
  const request = await bearerRequest("/app/orders", SHOP, { method: "POST", body: new URLSearchParams(form) });
  return action({ request, params: {}, context: routeContext() });
}

describe("retrying after the merchant fixed the cause", () => {
  it("submits an order waiting for stock when the merchant sends it by hand before a stock read", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const payload = await paidAndWorked({ lineItems: [{ sku: "PLATO-GR", quantity: 2 }] });
    const record = await recordOf(payload);
    expect(record.status).toBe("awaiting_stock");
    // WHEN stock arrives and the merchant retries
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 5 });
    expect(await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: true });
    await h.worker().runOnce();
    // THEN it reaches the service once
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", reason: null });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("reads the order again from Shopify, so a SKU added to the variant is used", async () => {
    const jarra = h.store.products.list(SHOP).find((p) => p.title === "Jarra artesanal")!;
    const payload = await paidAndWorked({ lineItems: [{ variantId: jarra.variants[0]!.id, quantity: 1 }] });
    const record = await recordOf(payload);
    expect(record.status).toBe("needs_attention");
    // WHEN the merchant gives the variant a SKU (registered at the service) and retries
    h.store.products.updateVariant(SHOP, jarra.variants[0]!.id, { sku: "JARRA-1" });
    await h.client.createProducts({
      productos: [
        {
          sku: "JARRA-1",
          upc: "",
          nombre: "Jarra",
          dimension: { data: { peso: "900", ancho: "15", largo: "15", altura: "20", volumen: "4500" } },
        },
      ],
    });
    expect(await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect((await h.sandboxOrders())[0]!.request.productos).toEqual([{ identificador: "JARRA-1", cantidad: 1 }]);
  });

  it("submits an order skipped while the shop was disconnected, once it is connected again", async () => {
    await forgetSvcKey(prisma, SHOP);
    const payload = await paidAndWorked();
    await connectShop({ db: prisma, config: h.svcConfig, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    const record = await recordOf(payload);
    expect(record.status).toBe("skipped");
    expect(await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: true });
    await h.worker().runOnce();
    expect((await recordOf(payload)).status).toBe("submitted");
  });

  it("refuses to retry an order that is moving, or another shop's", async () => {
    const payload = await paidAndWorked();
    const record = await recordOf(payload);
    expect(await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: false });
    const otherShops = await retryFulfillment(merchant(), { shop: "otra.myshopify.com", fulfillmentId: record.id });
    expect(otherShops).toEqual({ ok: false, code: "notFound", params: {} });
    expect(outcomeRecordEn(otherShops)).toBe("no such order");
  });
});

describe("a cancelled order", () => {
  it("is never retried: the action refuses it and the page offers no retry for it", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { enabled: false } } });
    const cancelled = await prisma.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: "9001",
        orderGid: "gid://shopify/Order/9001",
        orderName: "#9001",
        status: "skipped",
        reason: "the order was cancelled in Shopify",
        reasonCode: "cancelledInShopify",
      },
    });
    const refusal = await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: cancelled.id });
    expect(refusal).toEqual({ ok: false, code: "cancelledNotRetryable", params: { order: "#9001" } });
    expect(outcomeRecordEn(refusal)).toBe("#9001 was cancelled in Shopify");
    expect((await prisma.fulfillment.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe("skipped");
  });
});

describe("the orders page", () => {
  it("lists each record with status, reason, warnings, service and tracking, and counts per status", async () => {
    await paidAndWorked();
    await paidAndWorked({ shippingAddress: { phone: null } });
    await paidAndWorked({ test: true });
    const { rows, counts } = await listFulfillments(prisma, { shop: SHOP });
    expect(rows).toHaveLength(3);
    expect(counts).toMatchObject({ submitted: 2, skipped: 1, needs_attention: 0 });
    expect(rows.find((r) => r.status === "skipped")).toMatchObject({ reason: expect.stringMatching(/test order/) });
    expect(rows.some((r) => r.warnings.some((w) => w.field === "phone"))).toBe(true);
    expect(rows.filter((r) => r.status === "submitted").every((r) => r.serviceCode === "EXPRESS" && r.svcOrderId)).toBe(
      true,
    );
    expect((await listFulfillments(prisma, { shop: SHOP, status: "skipped" })).rows).toHaveLength(1);
  });

  it("shows when a waiting order goes, the paid orders not read from Shopify yet, and the last reconciliation", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 45 } } });
    try {
      const waiting = await paidAndWorked();
      const received = h.paidOrder();
      await h.deliver(received);
      await prisma.shop.update({ where: { domain: SHOP }, data: { ordersReconciledAt: h.clock.now() } });
      const page = await listFulfillments(prisma, { shop: SHOP });
      expect(page.rows).toEqual([
        expect.objectContaining({
          orderName: waiting.name,
          status: "waiting",
          waitUntil: new Date(h.clock.now().getTime() + 45 * 60_000).toISOString(),
          reason: expect.stringMatching(/held back 45 minutes after payment/),
        }),
      ]);
      expect(page.received).toEqual([expect.objectContaining({ orderName: received.name })]);
      expect(page.reconciledAt).toBe(h.clock.now().toISOString());
    } finally {
      await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 0 } } });
      await prisma.shop.update({ where: { domain: SHOP }, data: { ordersReconciledAt: null } });
    }
  });

  it("serves the list to the embedded admin and takes the merchant's actions", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const payload = await paidAndWorked({ lineItems: [{ sku: "PLATO-GR", quantity: 1 }] });
    const request = await sessionTokenRequest("/app/orders", SHOP);
    // A valid URL: the page itself (a wrong filter would be a 400 with the page).
    const data = (await loader({ request, params: {}, context: routeContext() })) as OrdersPageData;
    expect(data.rows).toEqual([expect.objectContaining({ orderName: payload.name, status: "awaiting_stock" })]);

    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 5 });
    expect(await post({ intent: "retry", fulfillmentId: data.rows[0]!.id })).toMatchObject({ ok: true });
    // Stock sync's «now» lives on Almacén (/app/warehouse): Pedidos does not take it.
    expect(await post({ intent: "sync-stock" })).toMatchObject({
      data: { kind: "invalid", error: { field: "intent" } },
      init: { status: 400 },
    });
    expect(await post({ intent: "nonsense" })).toMatchObject({
      data: { kind: "invalid", error: { field: "intent" } },
      init: { status: 400 },
    });
    // A missing or malformed record id is named in a 400, not a database cast error (a 500).
    for (const form of [{ intent: "retry" }, { intent: "confirm-absent", fulfillmentId: "42" }] as Record<string, string>[]) {
      const answer = await post(form);
      expect(answer).toMatchObject({ data: { ok: false, code: "invalidRecordId" }, init: { status: 400 } });
      expect(outcomeRecordEn((answer as { data: { code: string } }).data)).toBe(
        "fulfillmentId: missing or not a record id",
      );
    }
    expect((await recordOf(payload)).status).toBe("pending");
    expect(await prisma.job.findUnique({ where: { queue_key: { queue: "stock.sync", key: SHOP } } })).toBeNull();
    // A shop connected before reconciliation existed starts being reconciled by the worker's sweep
    // (and after auth), no longer by the page's GET, which only reads (issue 20).
    expect(await prisma.job.findUnique({ where: { queue_key: { queue: "orders.reconcile", key: SHOP } } })).toBeNull();
    await ensureEveryShopSchedules(prisma, new Date());
    expect(await prisma.job.findUnique({ where: { queue_key: { queue: "orders.reconcile", key: SHOP } } })).toMatchObject({
      state: "queued",
    });
  });
});
