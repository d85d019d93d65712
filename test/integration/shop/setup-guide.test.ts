// Inicio's setup guide from the database's facts: each step turns done when the merchant did it —
// connected, a catalogue sync finished, the readiness check passed, a test quote ran, «how orders
// go» read (or an order already went) — and Inicio's «Entendido» records the last one.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader } from "~/routes/app._index";
import { readShopState } from "~/orchestration/shop-state.server";
import { recordRateTest } from "~/shop/shop.server";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

const shop = TEST_SHOP;
const doneSteps = async () => (await readShopState(prisma, shop)).setup.steps.filter((s) => s.done).map((s) => s.step);

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma, shop);
  await prisma.shop.create({ data: { domain: shop } });
});

describe("the setup guide's facts", () => {
  it("has nothing done on a fresh install, and Inicio shows it at its first step", async () => {
    expect(await doneSteps()).toEqual([]);
    const home = await loader({ request: await bearerRequest("/app", shop), params: {}, context: routeContext() });
    expect(home.setup).toMatchObject({ current: "connect", done: 0 });
  });

  it("turns each step done on its own fact", async () => {
    await prisma.shop.update({ where: { domain: shop }, data: { svcApiKeyCiphertext: "v1:x:y:z" } });
    expect(await doneSteps()).toEqual(["connect"]);

    // A sync still running is not a synced catalogue; one that finished is, while the service
    // holds its products (a disconnect forgets them).
    await prisma.catalogSync.create({ data: { shop, state: "running" } });
    expect(await doneSteps()).toEqual(["connect"]);
    await prisma.catalogSync.create({ data: { shop, state: "completed", finishedAt: new Date() } });
    expect(await doneSteps()).toEqual(["connect"]);
    await prisma.catalogVariant.create({
      data: {
        shop,
        variantId: "gid://shopify/ProductVariant/1",
        productId: "gid://shopify/Product/1",
        sku: "TAZA-AZ",
        title: "Taza",
        status: "synced",
      },
    });
    expect(await doneSteps()).toEqual(["connect", "catalog"]);

    // A readiness check with an open item is not ready; one with every item ok is.
    const items = (status: string) =>
      ["key_valid", "carrier_active", "plan_allows_rates", "rates_in_mexico", "test_quote", "customer_data"].map(
        (code) => ({ code, status: code === "rates_in_mexico" ? status : "ok", reason: null, params: {}, fix: null }),
      );
    await prisma.checkoutReadiness.create({
      data: { shop, checkedAt: new Date(), ready: false, items: items("problem") },
    });
    expect(await doneSteps()).toEqual(["connect", "catalog"]);
    await prisma.checkoutReadiness.update({ where: { shop }, data: { ready: true, items: items("ok") } });
    expect(await doneSteps()).toEqual(["connect", "catalog", "readiness"]);

    const first = new Date("2026-11-25T10:00:00Z");
    await recordRateTest(prisma, shop, first);
    await recordRateTest(prisma, shop, new Date("2026-11-25T11:00:00Z"));
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: shop } })).rateTestedAt).toEqual(first);
    expect(await doneSteps()).toEqual(["connect", "catalog", "readiness", "testQuote"]);

    const request = await sessionTokenRequest("/app?index", shop, {
      method: "POST",
      body: new URLSearchParams({ intent: "setup-orders-seen" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = await action({ request, params: {}, context: routeContext() });
    expect(answer.init?.status ?? 200).toBe(200);
    const guide = (await readShopState(prisma, shop)).setup;
    expect(guide).toMatchObject({ current: null, done: 5 });
  });

  it("counts «how orders go» as understood once the warehouse took an order", async () => {
    await prisma.fulfillment.create({
      data: { shop, shopifyOrderId: "1", orderGid: "gid://shopify/Order/1", orderName: "#1001", status: "pending" },
    });
    expect(await doneSteps()).toEqual([]);
    await prisma.fulfillment.updateMany({ where: { shop }, data: { status: "submitted", svcOrderId: "SVC-1" } });
    expect(await doneSteps()).toEqual(["orders"]);
  });

  it("keeps one shop's steps apart from another's", async () => {
    await prisma.shop.create({ data: { domain: "otra.myshopify.com", svcApiKeyCiphertext: "v1:x:y:z" } });
    await recordRateTest(prisma, "otra.myshopify.com", new Date());
    expect(await doneSteps()).toEqual([]);
  });
});
