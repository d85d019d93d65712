import { describe, expect, it } from "vitest";
import { english, englishOf } from "../../helpers/reason-record";
import {
  changeAfterSubmission,
  sentUnitsElsewhere,
  decideFulfillmentOrder,
  type DecisionSettings,
  type FulfillmentOrderState,
  type OrderState,
} from "~/fulfillment/core/fulfillment-order";
import { parsePaidOrder } from "~/fulfillment/core/paid-order";
import { reason as reasonOf } from "~/fulfillment/core/reason-codes";
import fixture from "../../fixtures/orders-paid.mx.json";

const WAREHOUSE = "gid://shopify/Location/1";
const SHOPFRONT = "gid://shopify/Location/2";
const NOW = new Date("2026-11-20T16:10:00Z");
const settings: DecisionSettings = {
  defaultService: "NACIONAL",
  skipTestOrders: true,
  locationIds: [WAREHOUSE],
  holdBackMinutes: 0,
};

function fo(over: Partial<FulfillmentOrderState> = {}): FulfillmentOrderState {
  return {
    id: "gid://shopify/FulfillmentOrder/10",
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    locationId: WAREHOUSE,
    locationName: "Almacén",
    deliveryMethod: "SHIPPING",
    holds: [],
    fulfillAt: null,
    lines: [
      { id: "l1", lineItemId: "li1", sku: "TAZA-AZ", name: "Taza", remainingQuantity: 2, requiresShipping: true },
      { id: "l2", lineItemId: "li2", sku: "CAFE-500", name: "Café", remainingQuantity: 1, requiresShipping: true },
    ],
    ...over,
  };
}

function state(orderOver: Record<string, unknown> = {}, fos = [fo()]): OrderState {
  const parsed = parsePaidOrder({ ...structuredClone(fixture), ...orderOver });
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    order: parsed.order,
    paidAt: "2026-11-20T16:00:00Z",
    updatedAt: "2026-11-20T16:00:00Z",
    fulfillmentOrders: fos,
  };
}

describe("decideFulfillmentOrder", () => {
  it("takes the service only from a shipping line our carrier priced, never another carrier app's code", () => {
    const line = (source: string, code: string) => ({
      id: 1,
      title: `${code} rate`,
      code,
      source,
      carrier_identifier: "c0ffee",
      price: "99.00",
      discounted_price: "99.00",
    });
    // Another carrier app's EXPRESS: the shop's default service, not ours
    const other = decideFulfillmentOrder(
      state({ shipping_lines: [line("Paquetería Rápida", "EXPRESS")] }),
      fo(),
      settings,
      NOW,
    );
    expect(other).toMatchObject({ kind: "send", serviceCode: "NACIONAL", serviceCodeSource: "shop_default" });
    // Ours, under the name the app registers its carrier with (SVC_NAME "paq": «Envíos paq»)
    const named = { ...settings, carrierName: "Envíos paq" };
    expect(
      decideFulfillmentOrder(state({ shipping_lines: [line("Envíos paq", "EXPRESS")] }), fo(), named, NOW),
    ).toMatchObject({ kind: "send", serviceCode: "EXPRESS", serviceCodeSource: "shipping_line" });
    expect(
      decideFulfillmentOrder(state({ shipping_lines: [line("Envíos svc", "EXPRESS")] }), fo(), named, NOW),
    ).toMatchObject({ serviceCode: "NACIONAL", serviceCodeSource: "shop_default" });
  });

  it("sends an open, shipping fulfilment order at the warehouse with exactly its remaining lines", () => {
    const decision = decideFulfillmentOrder(state(), fo(), settings, NOW);
    expect(decision).toMatchObject({
      kind: "send",
      serviceCode: "EXPRESS",
      request: {
        lines: [
          { identifier: "TAZA-AZ", quantity: 2 },
          { identifier: "CAFE-500", quantity: 1 },
        ],
        storeOrderRef: "#1001",
      },
    });
  });

  it("leaves out lines with nothing remaining (edited, refunded or already fulfilled)", () => {
    const lines = fo().lines.map((l) =>
      l.sku === "CAFE-500" ? { ...l, remainingQuantity: 0 } : { ...l, remainingQuantity: 1 },
    );
    const decision = decideFulfillmentOrder(state(), fo({ lines }), settings, NOW);
    expect(decision.kind === "send" && decision.request.lines).toEqual([{ identifier: "TAZA-AZ", quantity: 1 }]);
  });

  it.each([
    ["a cancelled order", state({ cancelled_at: "2026-11-20T16:05:00Z" }), fo(), /order was cancelled/],
    ["a cancelled fulfilment order", state(), fo({ status: "CANCELLED" }), /was cancelled in Shopify/],
    ["a closed fulfilment order", state(), fo({ status: "CLOSED" }), /already fulfilled or closed/],
    ["a pickup", state(), fo({ deliveryMethod: "PICK_UP" }), /picks it up in store/],
    ["a local delivery", state(), fo({ deliveryMethod: "LOCAL" }), /local delivery/],
    ["a point-of-sale sale", state(), fo({ deliveryMethod: "RETAIL" }), /point of sale/],
    [
      "another location",
      state(),
      fo({ locationId: SHOPFRONT, locationName: "Tienda Centro" }),
      /"Tienda Centro", which the warehouse does not fulfil/,
    ],
    ["a test order", state({ test: true }), fo(), /test order/],
  ])("skips %s with a reason the merchant can read", (_name, s, f, reason) => {
    const decision = decideFulfillmentOrder(s, f, settings, NOW);
    expect(decision.kind).toBe("skip");
    expect(decision.kind === "skip" && englishOf(decision.reason)).toMatch(reason);
  });

  it("waits for a hold to be released, naming the hold", () => {
    const decision = decideFulfillmentOrder(
      state(),
      fo({ status: "ON_HOLD", holds: ["HIGH_RISK_OF_FRAUD"] }),
      settings,
      NOW,
    );
    expect(english(decision)).toEqual({
      kind: "wait",
      until: null,
      reason: expect.stringMatching(/on hold in Shopify \(high risk of fraud\).*when the hold is released/),
    });
  });

  it("holds an order back for the merchant's delay after payment, then sends it", () => {
    const delayed = { ...settings, holdBackMinutes: 30 };
    expect(decideFulfillmentOrder(state(), fo(), delayed, NOW)).toMatchObject({
      kind: "wait",
      until: new Date("2026-11-20T16:30:00Z"),
    });
    expect(decideFulfillmentOrder(state(), fo(), delayed, new Date("2026-11-20T16:30:00Z")).kind).toBe("send");
  });

  it("asks a person when a line to ship has no SKU", () => {
    const lines = [{ ...fo().lines[0]!, sku: null, name: "Jarra artesanal" }];
    expect(english(decideFulfillmentOrder(state(), fo({ lines }), settings, NOW))).toMatchObject({
      kind: "needs_attention",
      reason: expect.stringContaining('"Jarra artesanal" has no SKU'),
    });
  });

  it("skips a part with nothing left to ship", () => {
    const lines = fo().lines.map((l) => ({ ...l, remainingQuantity: 0 }));
    expect(decideFulfillmentOrder(state(), fo({ lines }), settings, NOW)).toMatchObject({ kind: "skip" });
  });
});

describe("decideFulfillmentOrder with what the app knows of the part (rules the order's job used to apply over it)", () => {
  const sent = decideFulfillmentOrder(state(), fo(), settings, NOW);
  const destination = sent.kind === "send" ? sent.request.destination : null;
  const notServed = { code: "destinationNotServed" as const, cp: "06700" };

  it("holds again a destination the service refused while Shopify still has it as it was", () => {
    expect(
      decideFulfillmentOrder(state(), fo(), settings, NOW, { refused: { problem: notServed, destination } }),
    ).toEqual({
      kind: "hold_address",
      problem: notServed,
    });
  });

  it("sends a refused part once its address changed in Shopify, or the merchant sends it as it stands", () => {
    const moved = { ...destination!, postalCode: "64000" } as object;
    expect(
      decideFulfillmentOrder(state(), fo(), settings, NOW, { refused: { problem: notServed, destination: moved } })
        .kind,
    ).toBe("send");
    // Another problem (no exterior number, postal code and state) is the address check's, not a refusal to repeat.
    expect(
      decideFulfillmentOrder(state(), fo(), settings, NOW, {
        refused: { problem: { code: "noExteriorNumber" }, destination },
      }).kind,
    ).toBe("send");
    expect(
      decideFulfillmentOrder(state(), fo(), settings, NOW, { refused: { problem: notServed, destination: null } }).kind,
    ).toBe("send");
  });

  it("asks a person about a part with products a changed part at the warehouse holds", () => {
    expect(english(decideFulfillmentOrder(state(), fo(), settings, NOW, { contested: new Set(["CAFE-500"]) }))).toEqual(
      {
        kind: "needs_attention",
        reason: englishOf(reasonOf("contested")),
      },
    );
    expect(decideFulfillmentOrder(state(), fo(), settings, NOW, { contested: new Set(["OTRO-1"]) }).kind).toBe("send");
  });

  it("in fulfilment-service mode, waits for Shopify's request of a part at the warehouse's location", () => {
    const service = { ...settings, fulfillmentService: { locationId: WAREHOUSE } };
    expect(english(decideFulfillmentOrder(state(), fo(), service, NOW))).toEqual({
      kind: "wait",
      until: null,
      reason: englishOf(reasonOf("waitingForRequest")),
    });
    // Requested, or accepted before (the rest of a short shipment): it goes.
    expect(decideFulfillmentOrder(state(), fo({ requestStatus: "SUBMITTED" }), service, NOW).kind).toBe("send");
    expect(decideFulfillmentOrder(state(), fo({ requestStatus: "ACCEPTED" }), service, NOW).kind).toBe("send");
    // A skip stays a skip; a hold for the address waits for the request too.
    expect(decideFulfillmentOrder(state({ test: true }), fo(), service, NOW).kind).toBe("skip");
    expect(
      decideFulfillmentOrder(state(), fo(), service, NOW, { refused: { problem: notServed, destination } }),
    ).toMatchObject({ kind: "wait", reason: { code: "waitingForRequest" } });
    // Merchant-managed mode never waits for a request.
    expect(decideFulfillmentOrder(state(), fo(), settings, NOW).kind).toBe("send");
  });
});

describe("changeAfterSubmission", () => {
  const sent = [
    { identifier: "TAZA-AZ", quantity: 2 },
    { identifier: "CAFE-500", quantity: 1 },
  ];

  it("is silent while Shopify still has what the warehouse has", () => {
    expect(changeAfterSubmission(state(), fo(), sent, "svc-1")).toBeNull();
  });

  it("says to stop it with the service when the order was cancelled", () => {
    expect(englishOf(changeAfterSubmission(state({ cancelled_at: "2026-11-20T16:05:00Z" }), fo(), sent, "svc-1"))).toBe(
      "cancelled in Shopify after it reached the warehouse — stop it with the service (service order svc-1)",
    );
  });

  it("says what changed when an edit removed a line", () => {
    const lines = fo().lines.map((l) => (l.sku === "CAFE-500" ? { ...l, remainingQuantity: 0 } : l));
    expect(englishOf(changeAfterSubmission(state(), fo({ lines }), sent, "svc-1"))).toMatch(
      /changed in Shopify after it reached the warehouse \(now TAZA-AZ × 2; the warehouse has TAZA-AZ × 2, CAFE-500 × 1\) — change it with the service/,
    );
  });

  it("flags a part that vanished (split or merged) and one placed on hold", () => {
    expect(englishOf(changeAfterSubmission(state(), undefined, sent, null))).toMatch(/split, merged or removed/);
    expect(englishOf(changeAfterSubmission(state(), fo({ status: "ON_HOLD" }), sent, null))).toMatch(
      /hold it with the service/,
    );
  });

  it("is silent once the part is closed by fulfilments of every unit the warehouse has", () => {
    const lines = fo().lines.map((l) => ({ ...l, remainingQuantity: 0 }));
    const fulfilled = new Map([
      ["TAZA-AZ", 2],
      ["CAFE-500", 1],
    ]);
    expect(
      changeAfterSubmission(state(), fo({ status: "CLOSED", lines }), sent, "svc-1", {
        sentFrom: WAREHOUSE,
        fulfilled,
      }),
    ).toBeNull();
  });

  it("flags a part closed without its units fulfilled: merged into another, moved or refunded (CLOSED is not fulfilled)", () => {
    const closed = fo({ status: "CLOSED", lines: [] });
    const partly = new Map([["TAZA-AZ", 2]]);
    for (const fulfilled of [null, new Map<string, number>(), partly]) {
      expect(englishOf(changeAfterSubmission(state(), closed, sent, "svc-1", { sentFrom: WAREHOUSE, fulfilled }))).toBe(
        "closed in Shopify without being fulfilled (merged into another part, moved or refunded) after it reached " +
          "the warehouse — check it with the service (service order svc-1)",
      );
    }
  });

  it("flags a part moved whole to another location (same id, its assigned location changed)", () => {
    const moved = fo({ locationId: SHOPFRONT, locationName: "Tienda Centro" });
    expect(englishOf(changeAfterSubmission(state(), moved, sent, "svc-1", { sentFrom: WAREHOUSE }))).toBe(
      "moved in Shopify to Tienda Centro after it reached the warehouse — stop it with the service, or both will " +
        "ship it (service order svc-1)",
    );
    expect(changeAfterSubmission(state(), fo(), sent, "svc-1", { sentFrom: WAREHOUSE })).toBeNull();
  });
});

describe("sentUnitsElsewhere", () => {
  const sent = [
    { identifier: "TAZA-AZ", quantity: 2 },
    { identifier: "CAFE-500", quantity: 1 },
  ];
  const withTotals = (taza: { total: number; remaining: number }) =>
    fo({
      lines: [
        {
          id: "l1",
          lineItemId: "li1",
          sku: "TAZA-AZ",
          name: "Taza",
          totalQuantity: taza.total,
          remainingQuantity: taza.remaining,
          requiresShipping: true,
        },
        {
          id: "l2",
          lineItemId: "li2",
          sku: "CAFE-500",
          name: "Café",
          totalQuantity: 1,
          remainingQuantity: 1,
          requiresShipping: true,
        },
      ],
    });

  it("is false while the fulfilment order holds every unit sent, fulfilled or not (a short shipment is not a split)", () => {
    expect(sentUnitsElsewhere(withTotals({ total: 2, remaining: 2 }), sent, WAREHOUSE)).toBe(false);
    expect(sentUnitsElsewhere(withTotals({ total: 2, remaining: 1 }), sent, WAREHOUSE)).toBe(false);
  });

  it("is true once a unit sent was split off, when the part is gone, or moved to another location", () => {
    expect(sentUnitsElsewhere(withTotals({ total: 1, remaining: 1 }), sent, WAREHOUSE)).toBe(true);
    expect(sentUnitsElsewhere(undefined, sent, WAREHOUSE)).toBe(true);
    expect(sentUnitsElsewhere(withTotals({ total: 2, remaining: 2 }), sent, SHOPFRONT)).toBe(true);
  });

  it("cannot tell without the lines' totals and says nothing", () => {
    expect(sentUnitsElsewhere(fo(), sent, WAREHOUSE)).toBe(false);
  });
});
