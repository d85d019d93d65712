// Flow's trigger lifecycle callback as the app reads it (app/flow/trigger-use.server.ts, ADR 037),
// and the condition each trigger's job is enqueued under. What the database does with it (newer
// timestamps win, the migration's rows give way) is test/integration/flow/trigger-lifecycle.test.ts.
import { describe, expect, it } from "vitest";
import { FLOW_TRIGGER_NAMES, flowFulfillmentSubscriber, readTriggerUse } from "~/flow/trigger-use.server";
import { FLOW_TRIGGERS } from "~/flow/triggers";
import { flowExtensions } from "../../../scripts/flow-extensions";

// Flow's documented example body, for one of the app's triggers.
const example = {
  flow_trigger_definition_id: "Order sent to warehouse",
  has_enabled_flow: false,
  shop_id: "690933842",
  shopify_domain: "johnapparel.myshopify.com",
  timestamp: "2019-01-25T16:44:10.999Z",
};

describe("reading a lifecycle callback", () => {
  it("reads Flow's documented example: the trigger by its name, the shop, the state and the time to the millisecond", () => {
    expect(readTriggerUse(example)).toEqual({
      ok: true,
      use: {
        shop: "johnapparel.myshopify.com",
        trigger: FLOW_TRIGGERS.sent,
        recognized: true,
        enabled: false,
        at: new Date("2019-01-25T16:44:10.999Z"),
      },
    });
  });

  it("knows a trigger by its handle too, and by its name in any case; shop_id may be a number", () => {
    const byHandle = readTriggerUse({ ...example, flow_trigger_definition_id: "tracking-received", shop_id: 690933842 });
    const byName = readTriggerUse({ ...example, flow_trigger_definition_id: "WAREHOUSE STOCK LOW" });
    expect(byHandle.ok && byHandle.use.trigger).toBe(FLOW_TRIGGERS.tracking);
    expect(byName.ok && byName.use.trigger).toBe(FLOW_TRIGGERS.stockLow);
  });

  it("keeps an id that names none of the app's triggers as sent, marked unrecognized", () => {
    const read = readTriggerUse({ ...example, flow_trigger_definition_id: "gid://shopify/FlowTrigger/77" });
    expect(read).toMatchObject({ ok: true, use: { trigger: "gid://shopify/FlowTrigger/77", recognized: false } });
  });

  it("orders timestamps by instant, whatever their offset", () => {
    const read = readTriggerUse({ ...example, timestamp: "2026-11-28T06:00:00.500+01:00" });
    expect(read.ok && read.use.at.toISOString()).toBe("2026-11-28T05:00:00.500Z");
  });

  it("names every wrong field", () => {
    const read = readTriggerUse({
      flow_trigger_definition_id: " ",
      has_enabled_flow: "true",
      shop_id: "shop",
      shopify_domain: "example.com",
      timestamp: "2026-11-28",
    });
    expect(read.ok).toBe(false);
    const fields = read.ok ? [] : read.problems.map((p) => p.split(":")[0]);
    expect(fields).toEqual(["flow_trigger_definition_id", "has_enabled_flow", "shop_id", "shopify_domain", "timestamp"]);
    expect(readTriggerUse(null)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^body: /)] });
  });

  it("knows each trigger extension by the name its TOML gives it", () => {
    const tomlNames = Object.fromEntries(
      flowExtensions()
        .filter((e) => e.type === "flow_trigger")
        .map((e) => [e.handle, e.name]),
    );
    expect(FLOW_TRIGGER_NAMES).toEqual(tomlNames);
  });
});

describe("Flow's subscription: each trigger's job enqueued only while a workflow uses it", () => {
  const now = new Date("2026-11-28T05:00:00Z");
  const handleIn = (intent: { onlyIf?: { values: unknown[] } }) => intent.onlyIf?.values;

  it("asks whether a workflow uses that very trigger in that shop", () => {
    const shop = "s.myshopify.com";
    const { transitioned, stockLevelsChanged } = flowFulfillmentSubscriber;
    const [sent] = transitioned!({ id: "r", shop, from: "submitting", to: "submitted", now });
    const [attention] = transitioned!({ id: "r", shop, from: "pending", to: "needs_attention", now });
    const [tracking] = transitioned!({
      id: "r",
      shop,
      from: "in_progress",
      to: "shipped",
      now,
      data: { trackingNumber: "T1" },
    });
    const [low] = stockLevelsChanged!({
      shop,
      now,
      changes: [{ sku: "A", inventoryItemId: "gid://shopify/InventoryItem/1", previous: 9, next: 2 }],
    });
    expect([sent, attention, tracking, low].map((i) => handleIn(i!))).toEqual([
      [shop, FLOW_TRIGGERS.sent],
      [shop, FLOW_TRIGGERS.attention],
      [shop, FLOW_TRIGGERS.tracking],
      [shop, FLOW_TRIGGERS.stockLow],
    ]);
  });
});
