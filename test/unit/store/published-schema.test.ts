import { describe, expect, it } from "vitest";
import { attachDemoIds, createSimulatedStore } from "../../../sandbox/store";
import { idempotentMutations } from "../../../sandbox/store/graphql/idempotency";
import { publishedAdminSchema } from "../../../sandbox/store/graphql/published-schema";
import type { AdminGraphql } from "~/shopify/admin/client";
import { activateInventory } from "~/shopify/admin/inventory.server";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const ACTIVATE_WITHOUT_KEY = `mutation Stock($item: ID!, $location: ID!) {
  inventoryActivate(inventoryItemId: $item, locationId: $location, available: 7) {
    inventoryLevel { id }
    userErrors { field message }
  }
}`;

const KEYED = ACTIVATE_WITHOUT_KEY.replace("$location: ID!)", "$location: ID!, $key: String!)").replace(
  "available: 7)",
  "available: 7) @idempotent(key: $key)",
);

/** A demo shop with a fulfilment service's location, where the first demo item is not stocked yet. */
async function unstockedItem(store = demoStore().store) {
  const item = attachDemoIds(store.products.list(DOMAIN)).find((fact) => fact.sku === "TAZA-AZ")!.inventoryItemId;
  const created = await queryData<{
    fulfillmentServiceCreate: { fulfillmentService: { location: { id: string } } };
  }>(
    store,
    `mutation { fulfillmentServiceCreate(name: "Bodega", callbackUrl: "https://app.example/fs", inventoryManagement: true) {
      fulfillmentService { location { id } } } }`,
  );
  const location = created.fulfillmentServiceCreate.fulfillmentService.location.id;
  const levelOf = () =>
    store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === item && l.locationId === location);
  const admin: AdminGraphql = (query, variables) => store.graphql(DOMAIN, query, variables) as never;
  return { store, item, location, levelOf, admin };
}

describe("the simulated store validates every operation against Shopify's published schema", () => {
  it("refuses a field the published 2026-10 schema does not have, naming Shopify's root type", async () => {
    // GIVEN a query with a root field Shopify does not have
    const { store } = demoStore();
    // WHEN it is sent
    const result = await store.graphql(DOMAIN, `query Sync { productVariantz(first: 5) { nodes { id } } }`);
    // THEN it is refused as Shopify words it, against Shopify's own root type, with no data
    expect(result).toEqual({
      errors: [
        {
          message: "Field 'productVariantz' doesn't exist on type 'QueryRoot'",
          locations: [{ line: 1, column: 14 }],
          path: ["query Sync", "productVariantz"],
          extensions: { code: "undefinedField", typeName: "QueryRoot", fieldName: "productVariantz" },
        },
      ],
    });
  });

  it("reads the mutations that require @idempotent from their published descriptions", () => {
    const required = idempotentMutations(publishedAdminSchema());
    expect(required.get("inventoryActivate")).toBe("2026-04");
    expect(required.get("inventorySetQuantities")).toBe("2026-04");
    expect(required.get("refundCreate")).toBe("2026-04");
    // An idempotency key given as an argument, not the directive, is not the directive's rule.
    expect(required.has("appUsageRecordCreate")).toBe(false);
    expect(required.has("carrierServiceCreate")).toBe(false);
  });
});

describe("inventoryActivate and its idempotency key (required since 2026-04)", () => {
  it("refuses inventoryActivate without @idempotent and stocks nothing", async () => {
    const { store, item, location, levelOf } = await unstockedItem();
    const result = await store.graphql(DOMAIN, ACTIVATE_WITHOUT_KEY, { item, location });
    expect(result).toEqual({
      errors: [
        {
          message: 'inventoryActivate requires an idempotency key: add @idempotent(key: "<a UUID>") to the field.',
          locations: [{ line: 2, column: 3 }],
          path: ["mutation Stock", "inventoryActivate"],
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    });
    expect(levelOf()).toBeUndefined();
  });

  it("refuses a blank key", async () => {
    const { store, item, location, levelOf } = await unstockedItem();
    const keyed = ACTIVATE_WITHOUT_KEY.replace("available: 7)", 'available: 7) @idempotent(key: "  ")');
    const result = await store.graphql(DOMAIN, keyed, { item, location });
    expect(result.errors?.[0]?.message).toMatch(/requires an idempotency key/);
    expect(levelOf()).toBeUndefined();
  });

  it("takes the app's call: the item is stocked with the figure given", async () => {
    const { item, location, levelOf, admin } = await unstockedItem();
    const id = await activateInventory(admin, {
      inventoryItemId: item,
      locationId: location,
      available: 7,
      idempotencyKey: "k-1",
    });
    expect(levelOf()).toMatchObject({ available: 7 });
    expect(id).toMatch(/^gid:\/\/shopify\/InventoryLevel\//);
  });

  it("answers a repeated key with the first result, whatever the second request says", async () => {
    // GIVEN a first activation refused (an unknown location) under key k-2
    const { store, item, location, levelOf } = await unstockedItem();
    const first = await store.graphql(DOMAIN, KEYED, { item, location: "gid://shopify/Location/1", key: "k-2" });
    expect(first.data?.inventoryActivate.userErrors).toHaveLength(1);
    // WHEN the same key comes with a good location THEN the first answer is repeated and nothing is stocked
    const again = await store.graphql(DOMAIN, KEYED, { item, location, key: "k-2" });
    expect(again.data).toEqual(first.data);
    expect(levelOf()).toBeUndefined();
    // AND a new key is a new request
    await store.graphql(DOMAIN, KEYED, { item, location, key: "k-3" });
    expect(levelOf()).toMatchObject({ available: 7 });
  });

  it("does not require the key from a store serving 2026-01, where it was optional", async () => {
    const store = createSimulatedStore({ apiVersion: "2026-01" });
    store.addShop({ domain: DOMAIN });
    store.seedDemoCatalogue(DOMAIN);
    const { item, location, levelOf } = await unstockedItem(store);
    const result = await store.graphql(DOMAIN, ACTIVATE_WITHOUT_KEY, { item, location });
    expect(result.errors).toBeUndefined();
    expect(levelOf()).toMatchObject({ available: 7 });
  });
});
