import { describe, expect, it } from "vitest";
import { FLOW_TRIGGER_QUEUE, flowTriggerIntents, stockLowIntents } from "~/flow/triggers";

const now = new Date("2026-11-24T18:00:00Z");
const change = (from: string, to: string, data = {}) => ({ id: "rec-1", shop: "s.myshopify.com", from, to, now, data });
const kinds = (intents: ReturnType<typeof flowTriggerIntents>) =>
  intents.map((i) => (i.payload as { kind: string }).kind);

describe("which Flow triggers a fulfilment state change owes", () => {
  it("'sent' when the service accepted the order (or a person confirmed it has it), under one key per record", () => {
    const [intent] = flowTriggerIntents(change("submitting", "submitted"));
    expect(intent).toMatchObject({ queue: FLOW_TRIGGER_QUEUE, key: "s.myshopify.com:sent:rec-1", runAt: now });
    expect(kinds(flowTriggerIntents(change("unknown_outcome", "submitted")))).toEqual(["sent"]);
  });

  it("nothing when a record already at the service is followed again, or only saves data", () => {
    expect(flowTriggerIntents(change("needs_attention", "submitted"))).toEqual([]);
    expect(flowTriggerIntents(change("in_progress", "in_progress", { reasonCode: "noSku" }))).toEqual([]);
  });

  it("'attention' each time a record comes to need a person, with the reason it was given", () => {
    const stock = { reasonCode: "insufficientStock", reasonParams: { product: "PLATO-GR", said: "x" } };
    const first = flowTriggerIntents(change("submitting", "needs_attention", stock));
    const later = flowTriggerIntents({ ...change("pending", "needs_attention"), now: new Date(now.getTime() + 1) });
    expect(first[0]!.payload).toEqual({ kind: "attention", fulfillmentId: "rec-1", ...stock });
    expect(later[0]!.key).not.toBe(first[0]!.key);
    expect(flowTriggerIntents(change("needs_attention", "needs_attention", { reasonCode: "noSku" }))).toEqual([]);
  });

  it("'tracking' for each tracking number written, keyed by the number", () => {
    const intents = flowTriggerIntents(
      change("in_progress", "shipped", { trackingNumber: "DHL123", trackingCompany: "DHL", trackingUrl: null }),
    );
    expect(intents).toEqual([
      expect.objectContaining({
        key: "s.myshopify.com:tracking:rec-1:DHL123",
        payload: {
          kind: "tracking",
          fulfillmentId: "rec-1",
          tracking: { number: "DHL123", company: "DHL", url: null },
        },
      }),
    ]);
    expect(flowTriggerIntents(change("shipped", "shipped", { svcStatus: "IN_TRANSIT" }))).toEqual([]);
  });
});

describe("stock low", () => {
  const write = (previous: number | null, next: number) => ({
    sku: "TAZA",
    inventoryItemId: "gid://shopify/InventoryItem/1",
    previous,
    next,
  });

  it("fires when a level crosses down to 5 or below, not while it stays low or above", () => {
    const intents = stockLowIntents({
      shop: "s",
      now,
      changes: [write(6, 5), write(40, 0), write(null, 2), write(3, 1), write(9, 6), write(2, 8)],
    });
    expect(intents.map((i) => (i.payload as { quantity: number }).quantity)).toEqual([5, 0, 2]);
  });
});
