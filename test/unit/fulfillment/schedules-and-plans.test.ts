import { describe, expect, it } from "vitest";
import { noteValue, otherStatusTags, statusTag } from "~/fulfillment/core/order-note";
import {
  FIRST_POLL_DELAY_MS,
  MAX_POLL_DELAY_MS,
  nextPollDelayMs,
  submitRetryDelayMs,
} from "~/fulfillment/core/schedule";
import {
  levelToWrite,
  stockChanges,
  stockTargets,
  unitsHeldForNobody,
  type CurrentLevel,
} from "~/fulfillment/core/stock-plan";

describe("schedules", () => {
  it("backs submissions off from 30 s, doubling, capped at 30 min, never before Retry-After", () => {
    expect([1, 2, 3, 4].map((n) => submitRetryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(submitRetryDelayMs(20)).toBe(30 * 60_000);
    expect(submitRetryDelayMs(1, 90_000)).toBe(90_000);
  });

  it("polls every 5 minutes after a change and slows to hourly while nothing changes", () => {
    expect(nextPollDelayMs(undefined, false)).toBe(FIRST_POLL_DELAY_MS);
    expect(nextPollDelayMs(FIRST_POLL_DELAY_MS, false)).toBe(2 * FIRST_POLL_DELAY_MS);
    expect(nextPollDelayMs(MAX_POLL_DELAY_MS, false)).toBe(MAX_POLL_DELAY_MS);
    expect(nextPollDelayMs(MAX_POLL_DELAY_MS, true)).toBe(FIRST_POLL_DELAY_MS);
  });
});

describe("order note", () => {
  it("tags the status and removes every other status tag", () => {
    expect(statusTag("needs_attention")).toBe("svc:needs-attention");
    expect(otherStatusTags("shipped")).toContain("svc:submitted");
    expect(otherStatusTags("shipped")).not.toContain("svc:shipped");
  });

  it("writes the state without customer data", () => {
    const value = JSON.parse(
      noteValue({
        status: "shipped",
        reason: null,
        serviceCode: "EXPRESS",
        svcOrderId: "o-1",
        svcStatus: "IN_TRANSIT",
        trackingNumber: "123",
        trackingCompany: "DHL",
        trackingUrl: null,
        updatedAt: new Date("2026-11-20T10:00:00Z"),
      }),
    );
    expect(value).toEqual({
      status: "shipped",
      reason: null,
      service: "EXPRESS",
      serviceOrderId: "o-1",
      serviceStatus: "IN_TRANSIT",
      tracking: { number: "123", company: "DHL", url: null },
      updatedAt: "2026-11-20T10:00:00.000Z",
    });
  });
});

describe("stock plan", () => {
  const stock = [
    { sku: "TAZA-AZ", available: 8, inStock: 10 },
    { sku: "PLATO", available: -2, inStock: 0 },
    { sku: "SIN-VARIANTE", available: 5, inStock: 5 },
  ];
  const variants = [
    { sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/1" },
    { sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/2" },
    { sku: "PLATO", inventoryItemId: "gid://shopify/InventoryItem/3" },
    { sku: "OTRO", inventoryItemId: "gid://shopify/InventoryItem/4" },
  ];

  it("targets every variant carrying a service SKU, never below zero", () => {
    expect(stockTargets(stock, variants)).toEqual([
      { sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/1", next: 8, inStock: 10 },
      { sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/2", next: 8, inStock: 10 },
      { sku: "PLATO", inventoryItemId: "gid://shopify/InventoryItem/3", next: 0, inStock: 0 },
    ]);
  });

  it("changes only levels that differ, and leaves items not stocked at the location alone", () => {
    const targets = stockTargets(stock, variants);
    const current = new Map<string, CurrentLevel | null>([
      ["gid://shopify/InventoryItem/1", { available: 8, committed: 2 }],
      ["gid://shopify/InventoryItem/2", { available: 3, committed: 0 }],
      ["gid://shopify/InventoryItem/3", null],
    ]);
    expect(stockChanges(targets, current)).toEqual({
      changes: [{ sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/2", previous: 3, next: 8 }],
      notStocked: ["PLATO"],
    });
  });

  it("never offers a unit Shopify committed to an order the app has not heard of (issue 29, defect 1)", () => {
    // 10 on the shelves, 2 of them the warehouse's orders (available 8); Shopify committed those 2
    // and 3 more sold whose orders/paid has not arrived: at most 10 − 5 = 5 can be offered.
    const [target] = stockTargets(stock, variants);
    expect(levelToWrite(target!, { available: 8, committed: 5 })).toBe(5);
    expect(levelToWrite(target!, { available: 8, committed: 2 })).toBe(8);
    expect(levelToWrite(target!, { available: 0, committed: 14 })).toBe(0);
  });

  it("never offers a unit the warehouse keeps for a part Shopify no longer expects (a cancelled order at the warehouse)", () => {
    // 10 on the shelves, 2 promised to the warehouse's orders (available 8); one of those orders
    // was cancelled in Shopify, so Shopify commits 1 of them, plus 3 sold not yet at the
    // warehouse: committed 4. Free: 10 − 2 promised − 3 sold = 5, not 10 − 4 = 6.
    const [target] = stockTargets(stock, variants);
    expect(levelToWrite(target!, { available: 8, committed: 4 }, 1)).toBe(5);
    const held = new Map([["TAZA-AZ", 1]]);
    const current = new Map<string, CurrentLevel | null>([
      ["gid://shopify/InventoryItem/1", { available: 6, committed: 4 }],
    ]);
    expect(stockChanges([target!], current, held).changes).toEqual([
      { sku: "TAZA-AZ", inventoryItemId: "gid://shopify/InventoryItem/1", previous: 6, next: 5 },
    ]);
  });

  it("counts as held for nobody what was sent beyond what Shopify still expects of each part", () => {
    const parts = [
      // Cancelled (Shopify expects nothing of it any longer).
      { fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1", sent: [{ identifier: " TAZA-AZ ", quantity: 2 }] },
      // Edited down from 3 to 1 after it reached the warehouse.
      { fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2", sent: [{ identifier: "TAZA-AZ", quantity: 3 }] },
      // Still expected whole, and more than was sent (units added since): nothing held.
      {
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/3",
        sent: [
          { identifier: "PLATO", quantity: 1 },
          { identifier: "PLATO", quantity: 1 },
        ],
      },
    ];
    const expected = new Map([
      ["gid://shopify/FulfillmentOrder/2", new Map([["TAZA-AZ", 1]])],
      ["gid://shopify/FulfillmentOrder/3", new Map([["PLATO", 5]])],
    ]);
    expect(unitsHeldForNobody(parts, expected)).toEqual(new Map([["TAZA-AZ", 4]]));
    expect(unitsHeldForNobody([], expected)).toEqual(new Map());
  });
});
