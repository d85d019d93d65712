// Fulfilment announces its state changes and stock writes; a subscriber (Flow, wired by the
// composition root) answers with the jobs it owes, which the announcing write then contains.
import { describe, expect, it } from "vitest";
import { flowFulfillmentSubscriber } from "~/flow/trigger-use.server";
import { FLOW_TRIGGER_QUEUE } from "~/flow/triggers";
import { jobsOwedOnStockLevels, jobsOwedOnTransition, subscribeToFulfillment } from "~/fulfillment/events";

const now = new Date("2026-11-27T12:00:00Z");
const sent = { id: "f-1", shop: "s.myshopify.com", from: "submitting", to: "submitted", now };
const lowered = { shop: "s.myshopify.com", changes: [{ sku: "A", inventoryItemId: "gid://1", previous: 9, next: 2 }], now };

describe("fulfilment's events", () => {
  it("owe nothing while no feature subscribes, and each subscriber's jobs once it does, however often it subscribes", () => {
    expect(jobsOwedOnTransition(sent)).toEqual([]);
    expect(jobsOwedOnStockLevels(lowered)).toEqual([]);
    subscribeToFulfillment(flowFulfillmentSubscriber);
    subscribeToFulfillment(flowFulfillmentSubscriber);
    expect(jobsOwedOnTransition(sent)).toEqual([
      expect.objectContaining({ queue: FLOW_TRIGGER_QUEUE, key: "s.myshopify.com:sent:f-1", shop: "s.myshopify.com" }),
    ]);
    expect(jobsOwedOnStockLevels(lowered)).toEqual([
      expect.objectContaining({ queue: FLOW_TRIGGER_QUEUE, payload: expect.objectContaining({ kind: "stockLow", sku: "A" }) }),
    ]);
  });
});
