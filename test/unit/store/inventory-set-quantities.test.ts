import { describe, expect, it } from "vitest";
import { attachDemoIds } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const SET = /* GraphQL */ `
  mutation Stock($input: InventorySetQuantitiesInput!, $key: String!) {
    inventorySetQuantities(input: $input) @idempotent(key: $key) {
      inventoryAdjustmentGroup {
        id
        reason
        changes {
          name
          delta
          quantityAfterChange
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

function stocked() {
  const { store } = demoStore();
  const taza = attachDemoIds(store.products.list(DOMAIN)).find((fact) => fact.sku === "TAZA-AZ")!;
  const locationId = store
    .inspect(DOMAIN)
    .inventoryLevels.find((l) => l.inventoryItemId === taza.inventoryItemId)!.locationId;
  return { store, itemId: taza.inventoryItemId, locationId };
}

let keys = 0;
const set = (store: ReturnType<typeof stocked>["store"], input: Record<string, unknown>, key = `key-${++keys}`) =>
  queryData(store, SET, { input, key });

describe("inventorySetQuantities (Admin API 2026-10)", () => {
  it("sets available stock and reports the change", async () => {
    // GIVEN 40 cups available
    const { store, itemId, locationId } = stocked();
    // WHEN the app writes the service's count back, compare-and-swap against 40
    const data = await set(store, {
      name: "available",
      reason: "correction",
      quantities: [{ inventoryItemId: itemId, locationId, quantity: 35, changeFromQuantity: 40 }],
    });
    // THEN available and on hand both drop by 5
    expect(data.inventorySetQuantities).toEqual({
      inventoryAdjustmentGroup: {
        id: expect.stringMatching(/^gid:\/\/shopify\/InventoryAdjustmentGroup\/\d+$/),
        reason: "correction",
        changes: [
          { name: "available", delta: -5, quantityAfterChange: 35 },
          { name: "on_hand", delta: -5, quantityAfterChange: 35 },
        ],
      },
      userErrors: [],
    });
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(35);
  });

  it("refuses a stale changeFromQuantity and changes nothing", async () => {
    const { store, itemId, locationId } = stocked();
    const data = await set(store, {
      name: "available",
      reason: "correction",
      quantities: [{ inventoryItemId: itemId, locationId, quantity: 35, changeFromQuantity: 39 }],
    });
    expect(data.inventorySetQuantities.userErrors).toEqual([
      {
        field: ["input", "quantities", "0", "changeFromQuantity"],
        message: "The changeFromQuantity value does not match the persisted value.",
        code: "CHANGE_FROM_QUANTITY_STALE",
      },
    ]);
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(40);
  });

  it("requires changeFromQuantity on each quantity, null opting out of the check", async () => {
    const { store, itemId, locationId } = stocked();
    const omitted = [{ inventoryItemId: itemId, locationId, quantity: 12 }];
    const body = await store.graphql(DOMAIN, SET, {
      input: { name: "available", reason: "correction", quantities: omitted },
      key: "omitted",
    });
    expect(body.errors?.[0]?.message).toMatch(/changeFromQuantity must be given/);
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(40);
    const unchecked = [{ inventoryItemId: itemId, locationId, quantity: 12, changeFromQuantity: null }];
    const relaxed = await set(store, { name: "available", reason: "correction", quantities: unchecked });
    expect(relaxed.inventorySetQuantities.userErrors).toEqual([]);
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(12);
  });

  it("no longer knows compareQuantity or ignoreCompareQuantity (removed in 2026-04)", async () => {
    const { store, itemId, locationId } = stocked();
    const body = await store.graphql(DOMAIN, SET, {
      input: {
        name: "available",
        reason: "correction",
        ignoreCompareQuantity: true,
        quantities: [{ inventoryItemId: itemId, locationId, quantity: 12, compareQuantity: 40 }],
      },
      key: "old-fields",
    });
    expect(body.errors?.map((e: { message: string }) => e.message).join(" ")).toMatch(/compareQuantity|ignoreCompareQuantity/);
  });

  it("requires an idempotency key, and applies a repeated key once", async () => {
    const { store, itemId, locationId } = stocked();
    const input = {
      name: "available",
      reason: "correction",
      quantities: [{ inventoryItemId: itemId, locationId, quantity: 35, changeFromQuantity: 40 }],
    };
    const NO_KEY = SET.replace(", $key: String!", "").replace(" @idempotent(key: $key)", "");
    const unkeyed = await store.graphql(DOMAIN, NO_KEY, { input });
    expect(unkeyed.errors?.[0]?.message).toMatch(/idempotency key/);
    const first = await set(store, input, "same-key");
    const again = await set(store, input, "same-key");
    expect(again.inventorySetQuantities).toEqual(first.inventorySetQuantities);
    expect(first.inventorySetQuantities.userErrors).toEqual([]);
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(35);
  });

  it("reports unknown items, unknown locations, bad names and bad reasons", async () => {
    const { store, locationId } = stocked();
    const data = await set(store, {
      name: "incoming",
      reason: "because",
      quantities: [
        { inventoryItemId: "gid://shopify/InventoryItem/1", locationId, quantity: 1, changeFromQuantity: null },
        {
          inventoryItemId: "gid://shopify/InventoryItem/47123456789012",
          locationId: "gid://shopify/Location/1",
          quantity: 1,
          changeFromQuantity: null,
        },
      ],
    });
    expect(data.inventorySetQuantities.userErrors.map((e: { code: string }) => e.code)).toEqual([
      "INVALID_NAME",
      "INVALID_REASON",
      "INVALID_INVENTORY_ITEM",
      "INVALID_LOCATION",
    ]);
  });
});
