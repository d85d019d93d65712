// shop/redact erases everything of a shop; a delivery arriving at the same moment must not leave a
// WebhookDelivery (or its work) behind, nor may one arriving after it (issue 11). Deliveries of
// every kind run concurrently with the redaction, over the routes and the test's PostgreSQL.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { recordInstall } from "~/shop/shop.server";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as productsUpdate } from "~/routes/webhooks.products.update";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import fixture from "../../fixtures/orders-paid.mx.json";
import { storeOfflineSession } from "../../helpers/sessions";
import { signedWebhookRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

type Action = typeof ordersPaid;

async function status(action: Action, request: Request): Promise<number> {
  try {
    return (await action({ request, params: {}, context: routeContext() })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/** One delivery of the shop, of a kind picked by `i`: a paid order, a cancellation, a product, an unreadable order. */
async function deliver(i: number): Promise<number> {
  const id = 7_000_000 + i;
  switch (i % 4) {
    case 0:
      return status(
        ordersPaid,
        await signedWebhookRequest({
          topic: "orders/paid",
          body: { ...fixture, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}` },
        }),
      );
    case 1:
      return status(ordersCancelled, await signedWebhookRequest({ topic: "orders/cancelled", body: { id, name: `#${id}` } }));
    case 2:
      return status(
        productsUpdate,
        await signedWebhookRequest({ topic: "products/update", body: { id, title: "Taza", variants: [] } }),
      );
    default:
      return status(ordersPaid, await signedWebhookRequest({ topic: "orders/paid", body: null, rawBody: `{"id": ${id},` }));
  }
}

async function leftOf(shop: string) {
  return {
    deliveries: await prisma.webhookDelivery.count({ where: { shop } }),
    unreadable: await prisma.unreadableWebhook.count({ where: { shop } }),
    jobs: await prisma.job.count({ where: { shop } }),
    orders: await prisma.shopifyOrder.count({ where: { shop } }),
    shops: await prisma.shop.count({ where: { domain: shop } }),
  };
}

const NOTHING = { deliveries: 0, unreadable: 0, jobs: 0, orders: 0, shops: 0 };

describe("shop/redact racing deliveries", () => {
  beforeEach(async () => {
    await resetDatabase();
    await storeOfflineSession(prisma, TEST_SHOP);
    await recordInstall({ db: prisma, shop: TEST_SHOP });
  });

  it("leaves no delivery, record or job of the shop, whatever arrives before, during or after it", async () => {
    for (let round = 0; round < 5; round++) {
      await recordInstall({ db: prisma, shop: TEST_SHOP });
      const base = round * 1000;
      // Some land first, then many at once with the redaction among them, then some after it.
      await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(base + i)));
      const during = Array.from({ length: 40 }, (_, i) => deliver(base + 100 + i));
      const redact = status(shopRedact, await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } }));
      const statuses = await Promise.all([...during, redact]);
      const after = await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(base + 200 + i)));
      expect([...statuses, ...after].filter((s) => s !== 200)).toEqual([]);
      expect(await leftOf(TEST_SHOP)).toEqual(NOTHING);
      // What Shopify might redeliver later records nothing either.
      await deliver(base);
      expect(await leftOf(TEST_SHOP)).toEqual(NOTHING);
    }
  });

  it("a reinstall after the redaction receives deliveries again", async () => {
    await status(shopRedact, await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } }));
    await deliver(0);
    expect(await prisma.webhookDelivery.count()).toBe(0);
    await recordInstall({ db: prisma, shop: TEST_SHOP });
    expect(await deliver(0)).toBe(200);
    expect(await prisma.webhookDelivery.count()).toBe(1);
    expect(await prisma.shopifyOrder.count()).toBe(1);
  });

  it("another shop's deliveries are untouched by the redaction", async () => {
    const other = "otra-tienda.myshopify.com";
    await recordInstall({ db: prisma, shop: other });
    await status(
      ordersPaid,
      await signedWebhookRequest({ topic: "orders/paid", body: fixture, shop: other }),
    );
    await status(shopRedact, await signedWebhookRequest({ topic: "shop/redact", body: { shop_domain: TEST_SHOP } }));
    expect(await prisma.webhookDelivery.count({ where: { shop: other } })).toBe(1);
    expect(await prisma.shopifyOrder.count({ where: { shop: other } })).toBe(1);
  });
});
