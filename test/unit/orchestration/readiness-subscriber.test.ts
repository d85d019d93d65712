// The readiness check follows what it checks: an order reaching the warehouse, a catalogue sync's
// end and a test quote each owe the shop's one readiness job, due now; nothing else does.
import { describe, expect, it } from "vitest";
import { readinessSubscriber } from "~/orchestration/readiness-subscriber";
import { READINESS_QUEUE } from "~/orchestration/readiness.server";

const SHOP = "tienda.myshopify.com";
const NOW = new Date("2026-11-28T02:00:00Z");
const due = { queue: READINESS_QUEUE, key: SHOP, shop: SHOP, runAt: NOW };

describe("the readiness subscriber", () => {
  it("owes the shop's check when the service took an order, once per record", () => {
    const t = (from: string, to: string) =>
      readinessSubscriber.transitioned!({ id: "r1", shop: SHOP, from, to, now: NOW });
    expect(t("submitting", "submitted")).toEqual([due]);
    expect(t("unknown_outcome", "submitted")).toEqual([due]);
    expect(t("submitted", "submitted")).toEqual([]);
    expect(t("submitted", "shipped")).toEqual([]);
    expect(t("pending", "submitting")).toEqual([]);
  });

  it("owes it at a catalogue sync's end and after a test quote", () => {
    expect(readinessSubscriber.syncEnded!({ shop: SHOP, syncId: "s1", now: NOW })).toEqual([due]);
    expect(readinessSubscriber.testQuoteRan!({ shop: SHOP, now: NOW })).toEqual([due]);
  });
});
