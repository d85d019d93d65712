// Isolation: a session of one shop cannot read or change another shop's fulfilment records
// through the orders page (loader and every action) or the order-page endpoint.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader, type OrdersPageData } from "~/routes/app.orders/route";
import { loader as endpointLoader, action as endpointAction } from "~/routes/api.warehouse.orders.$orderId";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";
import { routeContext } from "../../helpers/app-services";

const OTHER = "otra-tienda.myshopify.com";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  await storeOfflineSession(prisma, OTHER);
  await prisma.shop.upsert({ where: { domain: OTHER }, create: { domain: OTHER }, update: {} });
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

/** One record of SHOP that needs attention (the warehouse has no stock), as the merchant sees it. */
async function victimRecord() {
  await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
  const payload = h.paidOrder({ lineItems: [{ sku: "PLATO-GR", quantity: 1 }] });
  await h.deliver(payload);
  await h.worker().runOnce();
  const record = await recordOf(payload);
  expect(record.status).toBe("awaiting_stock");
  return { payload, record };
}

async function postAs(shop: string, form: Record<string, string>) {
  const request = await bearerRequest("/app/orders", shop, { method: "POST", body: new URLSearchParams(form) });
  return action({ request, params: {}, context: routeContext() });
}

describe("another shop's session", () => {
  it("GET /app/orders lists none of the first shop's records", async () => {
    await victimRecord();
    const request = await bearerRequest("/app/orders", OTHER);
    // A valid URL: the page itself (a wrong filter would be a 400 with the page).
    const data = (await loader({ request, params: {}, context: routeContext() })) as OrdersPageData;
    expect(data.rows).toEqual([]);
  });

  it.each(["retry", "confirm-absent", "confirm-exists"])(
    "POST /app/orders intent=%s on the first shop's record changes nothing",
    async (intent) => {
      const { payload, record } = await victimRecord();
      const jobsBefore = await prisma.job.count();
      const result = await postAs(OTHER, { intent, fulfillmentId: record.id, svcOrderId: "SVC-1" });
      expect(result).toMatchObject({ ok: false });
      expect(await recordOf(payload)).toEqual(record);
      expect(await prisma.job.count()).toBe(jobsBefore);
      await h.worker().runOnce();
      expect(await h.sandboxOrders()).toEqual([]);
    },
  );

  it("GET /api/warehouse/orders/:orderId does not show the first shop's order", async () => {
    const { payload } = await victimRecord();
    const request = await bearerRequest(`/api/warehouse/orders/${payload.id}`, OTHER);
    const response = (await endpointLoader({
      request,
      params: { orderId: String(payload.id) },
      context: routeContext(),
    })) as Response;
    const text = await response.text();
    expect(text).not.toContain(payload.name);
    expect(text).not.toContain("needs_attention");
  });

  it.each(["push", "retry", "confirm"])(
    "POST /api/warehouse/orders/:orderId action=%s does not touch the first shop's order",
    async (kind) => {
      const { payload, record } = await victimRecord();
      const request = await bearerRequest(`/api/warehouse/orders/${payload.id}`, OTHER, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://extensions.shopifycdn.com" },
        body: JSON.stringify({ action: kind, recordId: record.id, ...(kind === "confirm" ? { exists: false } : {}) }),
      });
      await endpointAction({ request, params: { orderId: String(payload.id) }, context: routeContext() });
      expect(await recordOf(payload)).toEqual(record);
      await h.worker().runOnce();
      expect(await h.sandboxOrders()).toEqual([]);
    },
  );
});
