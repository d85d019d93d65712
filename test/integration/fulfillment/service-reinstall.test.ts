/**
 * Issue 29, settled: fulfilment-service mode with the service's ids kept from before. A service
 * Shopify no longer has (the app uninstalled and installed again, or the merchant removed it) is
 * registered anew instead of trusted; one it still has is kept, not doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { registerFulfillmentService } from "~/fulfillment/fulfillment-service.server";
import { TEST_APP_URL } from "../../helpers/shopify-requests";
import { SHOP, startHarness, type Harness } from "./support/harness";

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
