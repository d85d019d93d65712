import { describe, expect, it } from "vitest";
import { attachDemoIds } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const SET = /* GraphQL */ `
  mutation Stock($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) {
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

describe("inventorySetQuantities", () => {
  it("sets available stock and reports the change", async () => {
    // GIVEN 40 cups available
    const { store, itemId, locationId } = stocked();
    // WHEN the app writes the service's count back, compare-and-set against 40
    const data = await queryData(store, SET, {
      input: {
        name: "available",
        reason: "correction",
        quantities: [{ inventoryItemId: itemId, locationId, quantity: 35, compareQuantity: 40 }],
      },
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

  it("refuses a stale compareQuantity and changes nothing", async () => {
    const { store, itemId, locationId } = stocked();
    const data = await queryData(store, SET, {
      input: {
        name: "available",
        reason: "correction",
        quantities: [{ inventoryItemId: itemId, locationId, quantity: 35, compareQuantity: 39 }],
      },
    });
    expect(data.inventorySetQuantities.userErrors).toEqual([
      {
        field: ["input", "quantities", "0", "compareQuantity"],
        message: "The compareQuantity value does not match persisted value.",
        code: "COMPARE_QUANTITY_STALE",
      },
    ]);
    expect(store.inspect(DOMAIN).inventoryLevels.find((l) => l.inventoryItemId === itemId)?.available).toBe(40);
  });

  it("requires compareQuantity unless the check is switched off", async () => {
    const { store, itemId, locationId } = stocked();
    const quantities = [{ inventoryItemId: itemId, locationId, quantity: 12 }];
    const strict = await queryData(store, SET, { input: { name: "available", reason: "correction", quantities } });
    const relaxed = await queryData(store, SET, {
      input: { name: "available", reason: "correction", quantities, ignoreCompareQuantity: true },
    });
    expect(strict.inventorySetQuantities.userErrors[0].code).toBe("COMPARE_QUANTITY_REQUIRED");
    expect(relaxed.inventorySetQuantities.userErrors).toEqual([]);
  });

  it("reports unknown items, unknown locations, bad names and bad reasons", async () => {
    const { store, locationId } = stocked();
    const data = await queryData(store, SET, {
      input: {
        name: "incoming",
        reason: "because",
        ignoreCompareQuantity: true,
        quantities: [
          { inventoryItemId: "gid://shopify/InventoryItem/1", locationId, quantity: 1 },
          {
            inventoryItemId: "gid://shopify/InventoryItem/47123456789012",
            locationId: "gid://shopify/Location/1",
            quantity: 1,
          },
        ],
      },
    });
    expect(data.inventorySetQuantities.userErrors.map((e: { code: string }) => e.code)).toEqual([
      "INVALID_NAME",
      "INVALID_REASON",
      "INVALID_INVENTORY_ITEM",
      "INVALID_LOCATION",
    ]);
  });
});
