// The shop's one state (app/orchestration/shop-state.ts): Inicio's steps, its checklist and
// Configuración's banner computed from the same facts cannot disagree — the contradictions of
// issue 33 item 3, each as the facts that produced it.
import { describe, expect, it } from "vitest";
import type { ReadinessItem } from "~/orchestration/readiness";
import { shopState, type ShopFacts } from "~/orchestration/shop-state";

const ok = (code: ReadinessItem["code"]): ReadinessItem => ({
  code,
  status: "ok",
  reason: null,
  params: {},
  fix: null,
});
const unknown = (code: ReadinessItem["code"], reason: string): ReadinessItem => ({
  code,
  status: "unknown",
  reason,
  params: {},
  fix: null,
});
const ALL_OK = (
  ["key_valid", "carrier_active", "plan_allows_rates", "rates_in_mexico", "test_quote", "customer_data"] as const
).map(ok);
const withItem = (items: ReadinessItem[], replaced: ReadinessItem) =>
  items.map((item) => (item.code === replaced.code ? replaced : item));

function facts(over: Partial<ShopFacts> = {}): ShopFacts {
  return {
    connected: true,
    environment: "qa",
    carrierServiceState: "active",
    carrierServiceProblem: null,
    variants: { registered: 28, needsWork: 0, pending: 0, quotable: 28 },
    catalogSynced: true,
    orders: { sent: 0, shipped: 0, delivered: 0, needsAttention: 0, awaitingStock: 0 },
    customerDataAccess: null,
    rateTested: true,
    ordersGuideSeen: false,
    readiness: {
      checkedAt: "2026-11-28T01:00:00.000Z",
      ready: true,
      items: ALL_OK,
      marketDriven: false,
      regressedAt: null,
      addRatesError: null,
    },
    ...over,
  };
}
const item = (state: ReturnType<typeof shopState>, code: string) => state.readiness?.items.find((i) => i.code === code);

describe("the shop's one state", () => {
  it("is live only with every item «Listo»: then step 3 is done and the banner is green", () => {
    const state = shopState(facts());
    expect(state.ready).toBe(true);
    expect(state.banner).toBe("active");
    expect(state.setup.steps.find((s) => s.step === "readiness")?.done).toBe(true);
  });

  it("never says «no products registered» beside a synced catalogue: the item waits for the check the sync queued", () => {
    const stale = withItem(ALL_OK, unknown("test_quote", "nothing_to_quote"));
    const state = shopState(facts({ readiness: { ...facts().readiness!, ready: false, items: stale } }));
    expect(item(state, "test_quote")).toMatchObject({ status: "unknown", reason: "rechecking" });
    expect(state.setup.steps.find((s) => s.step === "catalog")?.done).toBe(true);
    expect(state.ready).toBe(false);
    expect(state.banner).toBe("incomplete");
  });

  it("says nothing can be quoted once no variant is registered, whatever the last check saw", () => {
    const state = shopState(facts({ variants: { registered: 0, needsWork: 0, pending: 28, quotable: 0 } }));
    expect(item(state, "test_quote")).toMatchObject({ status: "unknown", reason: "nothing_to_quote" });
    expect(state.setup.steps.find((s) => s.step === "catalog")?.done).toBe(false);
    expect(state.banner).toBe("incomplete");
  });

  it("after a disconnect: step 2 is not done with 0 registered, no checklist, no green banner", () => {
    const state = shopState(
      facts({ connected: false, variants: { registered: 0, needsWork: 0, pending: 28, quotable: 0 } }),
    );
    expect(state.setup.steps.filter((s) => s.done).map((s) => s.step)).toEqual(["testQuote"]);
    expect(state.variantsSynced).toBe(0);
    expect(state.readiness).toBeNull();
    expect(state.ready).toBe(false);
    expect(state.banner).toBe("connect_first");
  });

  it("answers protected customer data from the orders the app read, never «with the first order» beside a sent one", () => {
    const waiting = withItem(ALL_OK, unknown("customer_data", "no_orders"));
    const stored = { ...facts().readiness!, ready: false, items: waiting };
    const sent = { sent: 1, shipped: 0, delivered: 0, needsAttention: 0, awaitingStock: 0 };
    expect(item(shopState(facts({ readiness: stored, orders: sent })), "customer_data")).toMatchObject({
      status: "unknown",
      reason: "rechecking",
    });
    const granted = shopState(facts({ readiness: stored, orders: sent, customerDataAccess: "granted" }));
    expect(item(granted, "customer_data")).toMatchObject({ status: "ok" });
    expect(granted.ready).toBe(true);
    const withheld = shopState(facts({ readiness: stored, orders: sent, customerDataAccess: "withheld" }));
    expect(item(withheld, "customer_data")).toMatchObject({ status: "problem", reason: "withheld" });
    expect(withheld.banner).toBe("incomplete");
    // Step 5 is done by the order that went.
    expect(withheld.setup.steps.find((s) => s.step === "orders")?.done).toBe(true);
  });

  it("reads a key checked before it was stored as being checked again", () => {
    const before = withItem(ALL_OK, { ...unknown("key_valid", "not_connected"), status: "problem" });
    const state = shopState(facts({ readiness: { ...facts().readiness!, ready: false, items: before } }));
    expect(item(state, "key_valid")).toMatchObject({ status: "unknown", reason: "rechecking" });
  });

  it("keeps the plan's and the registration's banners, and is never ready before a first check", () => {
    expect(shopState(facts({ carrierServiceState: "not_allowed_by_plan" })).banner).toBe("plan");
    expect(shopState(facts({ carrierServiceState: "error" })).banner).toBe("error");
    expect(shopState(facts({ carrierServiceState: null })).banner).toBe("not_registered");
    const unchecked = shopState(facts({ readiness: null }));
    expect(unchecked).toMatchObject({ ready: false, banner: "incomplete", readiness: null });
  });
});
