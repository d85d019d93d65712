/**
 * Issue 29, settled: fulfilment-service mode with the service's ids kept from before. A service
 * Shopify no longer has (the app uninstalled and installed again, or the merchant removed it) is
 * registered anew instead of trusted; one it still has is kept, not doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { registerFulfillmentService } from "~/fulfillment/shopify/fulfillment-service.server";
import { TEST_APP_URL } from "../../helpers/shopify-requests";
import { REQUESTS_QUEUE } from "~/fulfillment/core/queues";
import { afterShopSignIn } from "~/orchestration/settings.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { SHOP, silentLogger, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await prisma.shop.update({ where: { domain: SHOP }, data: { fsServiceId: null, fsLocationId: null } });
  await h.close();
});

const register = () =>
  registerFulfillmentService(
    { db: prisma, adminFor: h.adminFor },
    { shop: SHOP, appUrl: TEST_APP_URL, name: "Envíos svc" },
  );
const settingsDeps = () => ({
  db: prisma,
  logger: silentLogger,
  now: h.clock.now,
  svc: h.svcConfig,
  adminFor: h.adminFor,
  config: { SHOPIFY_APP_URL: TEST_APP_URL },
  rates: { forget() {} },
});
const stored = () =>
  prisma.shop.findUniqueOrThrow({ where: { domain: SHOP }, select: { fsServiceId: true, fsLocationId: true } });
const servicesInShopify = () => h.store.inspect(SHOP).locations.filter((l) => l.name === "Envíos svc" && l.isActive);

describe("registering the fulfilment service with ids kept from before", () => {
  it("keeps a service Shopify still has, and registers anew one Shopify no longer has", async () => {
    const first = await register();
    expect(await stored()).toEqual({ fsServiceId: first.id, fsLocationId: first.locationId });
    // Registering again (the merchant saves the mode twice) keeps it: no second service.
    expect(await register()).toEqual(first);
    expect(servicesInShopify()).toHaveLength(1);

    // WHEN the service disappears from Shopify while the app keeps its ids
    const deleted = await h.store.graphql(
      SHOP,
      `mutation($id: ID!) { fulfillmentServiceDelete(id: $id, inventoryAction: DELETE) { deletedId userErrors { message } } }`,
      { id: first.id },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await stored()).toEqual({ fsServiceId: first.id, fsLocationId: first.locationId });

    // THEN registering makes a new one and keeps its ids
    const again = await register();
    expect(again.id).not.toBe(first.id);
    expect(again.locationId).not.toBe(first.locationId);
    expect(await stored()).toEqual({ fsServiceId: again.id, fsLocationId: again.locationId });
  });
});

describe("a sign-in of a shop in fulfilment-service mode (a reinstall)", () => {
  it("checks the service's ids kept from before and registers the service anew when Shopify no longer has it", async () => {
    // GIVEN a shop in fulfilment-service mode whose service Shopify no longer has (uninstalled, installed again)
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { mode: "fulfillment_service" } } });
    const before = await register();
    await h.store.graphql(
      SHOP,
      `mutation($id: ID!) { fulfillmentServiceDelete(id: $id, inventoryAction: DELETE) { deletedId userErrors { message } } }`,
      { id: before.id },
    );
    // WHEN the merchant signs in (the app's afterAuth), without saving the mode again
    await afterShopSignIn(settingsDeps(), SHOP);
    // THEN the service is registered anew, its ids kept, and its requests are read
    const now = await stored();
    expect(now.fsServiceId).not.toBe(before.id);
    expect(servicesInShopify().map((l) => l.id)).toEqual([now.fsLocationId]);
    expect(await prisma.job.count({ where: { shop: SHOP, queue: REQUESTS_QUEUE, state: "queued" } })).toBe(1);
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { mode: "merchant_managed" } } });
  });

  it("leaves a shop in merchant-managed mode alone", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { mode: "merchant_managed" } } });
    const before = await stored();
    const services = servicesInShopify().length;
    await afterShopSignIn(settingsDeps(), SHOP);
    expect(await stored()).toEqual(before);
    expect(servicesInShopify()).toHaveLength(services);
  });
});
