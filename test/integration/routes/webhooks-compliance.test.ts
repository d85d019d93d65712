import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { downloadCustomerDataExport, listCustomerDataRequests, purgeExpiredExports } from "~/privacy/customer-data.server";
import { loader as privacyPage } from "~/routes/app.privacy";
import { action as downloadExport } from "~/routes/app.privacy.$id";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, signedWebhookRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

type Action = typeof dataRequest;

async function status(fn: Action, request: Request) {
  try {
    return (await fn({ request, params: {}, context: routeContext() })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function seedShopWithOrder(orderId: string) {
  await prisma.shop.create({ data: { domain: TEST_SHOP } });
  await prisma.fulfillment.create({
    data: {
      shop: TEST_SHOP,
      shopifyOrderId: orderId,
      orderGid: `gid://shopify/Order/${orderId}`,
      orderName: "#1001",
      request: { consumidor_destino: { nombre: "Ana López", calle: "Río Lerma" } },
    },
  });
}

const topics: [string, Action][] = [
  ["customers/data_request", dataRequest],
  ["customers/redact", customersRedact],
  ["shop/redact", shopRedact],
];

describe("compliance webhooks", () => {
  beforeEach(resetDatabase);

  it.each(topics)("%s answers 401 to a bad signature", async (topic, action) => {
    const request = await signedWebhookRequest({ topic, body: { shop_domain: TEST_SHOP }, hmac: "bad" });
    expect(await status(action, request)).toBe(401);
  });

  it("answers a customer data request with an export the merchant sees and downloads in the admin", async () => {
    await seedShopWithOrder("5512345678901");
    await storeOfflineSession(prisma, TEST_SHOP);
    const record = await prisma.fulfillment.findFirstOrThrow();
    await prisma.fulfillment.update({
      where: { id: record.id },
      data: { trackingNumber: "GUIA-1", status: "shipped", svcOrderId: "SVC-9", warnings: [{ field: "colonia" }] },
    });
    await prisma.fulfillmentEvent.create({ data: { fulfillmentId: record.id, toStatus: "submitted", detail: "sent" } });
    // WHEN Shopify sends the customer's data request (their email and phone included)
    const request = await signedWebhookRequest({
      topic: "customers/data_request",
      body: {
        shop_domain: TEST_SHOP,
        customer: { id: 7, email: "ana@example.com", phone: "5512345678" },
        orders_requested: [5512345678901, 999],
        data_request: { id: 42 },
      },
    });
    expect(await status(dataRequest, request)).toBe(200);
    // THEN it is recorded as answered, without the email or phone of the payload
    const stored = await prisma.customerDataRequest.findFirstOrThrow();
    expect(stored).toMatchObject({ shop: TEST_SHOP, customerId: "7", dataRequestId: "42", downloadedAt: null });
    expect(stored.ordersRequested).toEqual(["5512345678901", "999"]);
    expect(JSON.stringify(stored)).not.toMatch(/ana@example\.com|5512345678"/);
    // AND the privacy page lists it
    const page = await privacyPage({ request: await sessionTokenRequest("/app/privacy"), params: {}, context: routeContext() });
    expect(page.requests).toEqual([
      expect.objectContaining({ id: stored.id, customerId: "7", ordersFound: 1, downloadedAt: null }),
    ]);
    // AND the download is the export: the address sent to the service, tracking, history; no quotes data
    const response = await downloadExport({
      request: await sessionTokenRequest(`/app/privacy/${stored.id}`, TEST_SHOP, { method: "POST" }),
      params: { id: stored.id },
      context: routeContext(),
    });
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="solicitud-datos-/);
    const data = await response.json();
    expect(data).toMatchObject({
      shop: TEST_SHOP,
      customerId: "7",
      orders: [
        {
          shopifyOrderId: "5512345678901",
          orderName: "#1001",
          status: "shipped",
          addressSentToService: { nombre: "Ana López", calle: "Río Lerma" },
          addressWarnings: [{ field: "colonia" }],
          tracking: { number: "GUIA-1" },
          serviceOrderId: "SVC-9",
          history: [{ status: "submitted", detail: "sent" }],
        },
      ],
      quotes: expect.stringContaining("without personal data"),
    });
    expect((await prisma.customerDataRequest.findFirstOrThrow()).downloadedAt).not.toBeNull();
  });

  it("never hands one shop's export to another shop, and refuses a malformed id with a 400", async () => {
    await seedShopWithOrder("1");
    const request = await signedWebhookRequest({
      topic: "customers/data_request",
      body: { shop_domain: TEST_SHOP, customer: { id: 7 }, orders_requested: [1] },
    });
    expect(await status(dataRequest, request)).toBe(200);
    const { id } = await prisma.customerDataRequest.findFirstOrThrow();
    const other = "otra-tienda.myshopify.com";
    expect(await downloadCustomerDataExport(prisma, { shop: other, id, now: new Date() })).toBeNull();
    expect(await listCustomerDataRequests(prisma, { shop: other, now: new Date() })).toEqual([]);
    await storeOfflineSession(prisma, TEST_SHOP);
    const malformed = await downloadExport({
      request: await sessionTokenRequest("/app/privacy/abc", TEST_SHOP, { method: "POST" }),
      params: { id: "abc" },
      context: routeContext(),
    });
    expect(malformed.status).toBe(400);
  });

  it("answers a data request for a shop it holds nothing for with 200, recording nothing", async () => {
    const request = await signedWebhookRequest({
      topic: "customers/data_request",
      shop: "nunca-instalada.myshopify.com",
      body: { shop_domain: "nunca-instalada.myshopify.com", customer: { id: 7 }, orders_requested: [1] },
    });
    expect(await status(dataRequest, request)).toBe(200);
    expect(await prisma.customerDataRequest.count()).toBe(0);
  });

  it("drops exports after 30 days: the page no longer lists them, the retention job deletes them", async () => {
    await prisma.shop.create({ data: { domain: TEST_SHOP } });
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await prisma.customerDataRequest.create({
      data: { shop: TEST_SHOP, ordersRequested: ["1"], export: {}, receivedAt: old, answeredAt: old },
    });
    await storeOfflineSession(prisma, TEST_SHOP);
    const page = await privacyPage({ request: await sessionTokenRequest("/app/privacy"), params: {}, context: routeContext() });
    expect(page.requests).toEqual([]);
    expect(await purgeExpiredExports(prisma, new Date())).toBe(1);
    expect(await prisma.customerDataRequest.count()).toBe(0);
  });

  it("erases the customer's exports on customers/redact, and every export on shop/redact", async () => {
    await seedShopWithOrder("100");
    const ask = (customer: number, orders: number[]) =>
      signedWebhookRequest({
        topic: "customers/data_request",
        body: { shop_domain: TEST_SHOP, customer: { id: customer }, orders_requested: orders },
      });
    expect(await status(dataRequest, await ask(7, [100]))).toBe(200);
    expect(await status(dataRequest, await ask(8, [200]))).toBe(200);
    const redact = await signedWebhookRequest({
      topic: "customers/redact",
      body: { shop_domain: TEST_SHOP, customer: { id: 7 }, orders_to_redact: [100] },
    });
    expect(await status(customersRedact, redact)).toBe(200);
    expect((await prisma.customerDataRequest.findMany()).map((r) => r.customerId)).toEqual(["8"]);
    const shopGone = await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } });
    expect(await status(shopRedact, shopGone)).toBe(200);
    expect(await prisma.customerDataRequest.count()).toBe(0);
  });

  it("erases the customer's address from the redacted orders only", async () => {
    await seedShopWithOrder("100");
    await prisma.fulfillment.create({
      data: { shop: TEST_SHOP, shopifyOrderId: "200", orderGid: "gid://shopify/Order/200", orderName: "#1002", request: { keep: true } },
    });
    const request = await signedWebhookRequest({
      topic: "customers/redact",
      body: { shop_domain: TEST_SHOP, customer: { id: 1 }, orders_to_redact: [100] },
    });
    expect(await status(customersRedact, request)).toBe(200);
    const rows = await prisma.fulfillment.findMany({ orderBy: { shopifyOrderId: "asc" } });
    expect(rows.map((r) => r.request)).toEqual([{ redacted: true }, { keep: true }]);
  });

  it("refuses shop/redact with a null body, or one naming another shop, and erases nothing", async () => {
    await seedShopWithOrder("301");
    for (const body of [null, {}, { shop_domain: "otra.myshopify.com" }]) {
      const request = await signedWebhookRequest({ topic: "shop/redact", body, rawBody: JSON.stringify(body) });
      expect(await status(shopRedact, request)).toBe(400);
    }
    expect(await prisma.shop.count()).toBe(1);
    expect(await prisma.fulfillment.count()).toBe(1);
  });

  it("deletes everything held for the shop on shop/redact", async () => {
    await seedShopWithOrder("300");
    await prisma.job.create({ data: { queue: "q", key: "k", shop: TEST_SHOP } });
    await prisma.checkoutReadiness.create({ data: { shop: TEST_SHOP, checkedAt: new Date(), ready: false, items: [] } });
    const request = await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } });
    expect(await status(shopRedact, request)).toBe(200);
    expect(await prisma.shop.count()).toBe(0);
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(await prisma.job.count()).toBe(0);
    expect(await prisma.checkoutReadiness.count()).toBe(0);
  });
});
