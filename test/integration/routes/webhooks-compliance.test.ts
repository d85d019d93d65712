import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { signedWebhookRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";

type Action = typeof dataRequest;

async function status(fn: Action, request: Request) {
  try {
    return (await fn({ request, params: {}, context: {} })).status;
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

  it("answers a customer data request with 200", async () => {
    await seedShopWithOrder("5512345678901");
    const request = await signedWebhookRequest({
      topic: "customers/data_request",
      body: { shop_domain: TEST_SHOP, customer: { id: 1 }, orders_requested: [5512345678901] },
    });
    expect(await status(dataRequest, request)).toBe(200);
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

  it("deletes everything held for the shop on shop/redact", async () => {
    await seedShopWithOrder("300");
    await prisma.job.create({ data: { queue: "q", key: "k", shop: TEST_SHOP } });
    const request = await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } });
    expect(await status(shopRedact, request)).toBe(200);
    expect(await prisma.shop.count()).toBe(0);
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(await prisma.job.count()).toBe(0);
  });
});
