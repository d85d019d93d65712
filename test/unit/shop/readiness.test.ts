import { describe, expect, it } from "vitest";
import { customerDataAccess, evaluateReadiness, shippingCoverage, type ReadinessFacts } from "~/orchestration/readiness";
import type { DeliveryProfileSummary } from "~/shopify/admin/delivery-profiles.server";

const CARRIER = "gid://shopify/DeliveryCarrierService/1";
const TLALNEPANTLA = "gid://shopify/Location/1";
const MONTERREY = "gid://shopify/Location/2";

function profile(
  overrides: Partial<DeliveryProfileSummary> & { carriers?: string[]; locations?: string[] },
): DeliveryProfileSummary {
  const { carriers = [], locations = [TLALNEPANTLA], ...rest } = overrides;
  return {
    id: "gid://shopify/DeliveryProfile/1",
    name: "General profile",
    isDefault: true,
    coversAllItems: false,
    variantCount: 30,
    sampleProducts: ["Taza de barro"],
    locationGroups: [
      {
        id: "g1",
        locationIds: locations,
        zones: [{ id: "z1", name: "México", countries: [{ code: "MX", provinces: [] }], activeCarrierIds: carriers }],
      },
    ],
    ...rest,
  };
}

const coverage = (
  profiles: DeliveryProfileSummary[],
  warehouseLocations: string[] | "any" = "any",
  marketDriven = false,
) => shippingCoverage({ profiles, carrierServiceId: CARRIER, warehouseLocations, marketDriven });

describe("shippingCoverage", () => {
  it("is covered when every profile holding products offers our carrier to all of Mexico", () => {
    expect(coverage([profile({ carriers: [CARRIER] })])).toEqual({ kind: "covered" });
  });

  it("names each profile without our carrier, its variants and sample products", () => {
    const custom = profile({
      id: "p2",
      name: "Voluminosos",
      isDefault: false,
      variantCount: 2,
      sampleProducts: ["Hamaca"],
    });
    expect(coverage([profile({ carriers: [CARRIER] }), custom])).toEqual({
      kind: "uncovered",
      profiles: [{ id: "p2", name: "Voluminosos", variantCount: 2, sampleProducts: ["Hamaca"] }],
    });
  });

  it("ignores empty profiles, and counts only location groups the warehouse ships from", () => {
    expect(coverage([profile({ carriers: [CARRIER] }), profile({ id: "p2", variantCount: 0 })])).toEqual({
      kind: "covered",
    });
    expect(coverage([profile({ carriers: [CARRIER], locations: [MONTERREY] })], [TLALNEPANTLA]).kind).toBe("uncovered");
  });

  it("does not count a zone covering only some Mexican states, or another carrier", () => {
    const partial = profile({ carriers: [CARRIER] });
    partial.locationGroups[0]!.zones[0]!.countries = [{ code: "MX", provinces: ["JAL"] }];
    expect(coverage([partial]).kind).toBe("uncovered");
    expect(coverage([profile({ carriers: ["gid://shopify/DeliveryCarrierService/9"] })]).kind).toBe("uncovered");
  });

  it("on market-driven shipping counts the Mexico market's options or an app-owned profile covering all items, never merchant profiles", () => {
    const market = { id: "gid://shopify/Market/1", name: "México", configured: true, carrierServiceIds: [] as string[] };
    const onMarkets = (profiles: Parameters<typeof shippingCoverage>[0]["profiles"], mexicoMarket: typeof market | null) =>
      shippingCoverage({ profiles, carrierServiceId: CARRIER, warehouseLocations: "any", marketDriven: true, mexicoMarket });
    expect(onMarkets([profile({ carriers: [CARRIER] })], market)).toEqual({
      kind: "market_driven_uncovered",
      market: { id: market.id, name: "México" },
    });
    expect(onMarkets([profile({})], null)).toEqual({ kind: "market_driven_uncovered", market: null });
    // our carrier in the market's options, wherever the merchant added it
    expect(onMarkets([profile({})], { ...market, carrierServiceIds: ["gid://shopify/DeliveryCarrierService/9", CARRIER] })).toEqual({
      kind: "covered",
    });
    // ...but not while the market's shipping is off
    expect(onMarkets([profile({})], { ...market, configured: false, carrierServiceIds: [CARRIER] }).kind).toBe(
      "market_driven_uncovered",
    );
    const ours = profile({ id: "p9", isDefault: false, coversAllItems: true, carriers: [CARRIER] });
    expect(onMarkets([profile({}), ours], market)).toEqual({ kind: "covered" });
  });
});

describe("customerDataAccess", () => {
  it("reads granted, withheld (Shopify nulls the fields) or unknown (no order yet)", () => {
    expect(customerDataAccess({ hasShippingAddress: true, address1: "Av. Juárez 10" })).toBe("granted");
    expect(customerDataAccess({ hasShippingAddress: true, address1: null })).toBe("withheld");
    expect(customerDataAccess(null)).toBe("unknown");
  });
});

const facts = (overrides: Partial<ReadinessFacts> = {}): ReadinessFacts => ({
  shopHandle: "tienda-demo",
  connection: "connected",
  carrier: { state: "active", problem: null },
  marketDriven: false,
  coverage: { kind: "covered" },
  canAddRates: true,
  testQuote: { kind: "answered", durationMs: 120, deadlineMs: 3000, outcome: "rates" },
  customerData: "granted",
  ...overrides,
});

describe("evaluateReadiness", () => {
  it("says what an unread shipping setup means, never the error's own text", () => {
    const rates = (coverage: ReadinessFacts["coverage"]) =>
      evaluateReadiness(facts({ coverage })).items.find((i) => i.code === "rates_in_mexico");
    expect(rates({ kind: "unknown", error: "no carrier service", noCarrier: true })).toMatchObject({
      status: "unknown",
      reason: "carrier_not_registered",
      params: {},
    });
    expect(rates({ kind: "unknown", error: "ShopifyAdminError: deliveryProfiles: THROTTLED" })).toMatchObject({
      status: "unknown",
      reason: "unreadable",
      params: {},
    });
  });

  it("is ready only when every item is ok", () => {
    expect(evaluateReadiness(facts()).ready).toBe(true);
    expect(evaluateReadiness(facts({ customerData: "unknown" })).ready).toBe(false);
  });

  it("offers the one-button fix where the app can add the rates, else the steps and the exact admin page", () => {
    const uncovered = {
      kind: "uncovered" as const,
      profiles: [{ id: "p", name: "General profile", variantCount: 3, sampleProducts: ["Taza"] }],
    };
    const withAction = evaluateReadiness(facts({ coverage: uncovered })).items.find(
      (i) => i.code === "rates_in_mexico",
    );
    expect(withAction).toMatchObject({
      status: "problem",
      fix: { kind: "add_rates" },
      params: { profiles: ["General profile"], products: ["Taza"], variants: 3 },
    });
    const refused = evaluateReadiness(facts({ coverage: uncovered, canAddRates: false })).items.find(
      (i) => i.code === "rates_in_mexico",
    );
    expect(refused?.fix).toEqual({
      kind: "admin_steps",
      steps: "shipping",
      url: "https://admin.shopify.com/store/tienda-demo/settings/shipping",
    });
  });

  it("blames the plan when Shopify refused the carrier for it, and a late test quote", () => {
    const report = evaluateReadiness(
      facts({
        carrier: { state: "not_allowed_by_plan", problem: "not_allowed_by_plan" },
        testQuote: { kind: "late", durationMs: 3400, deadlineMs: 3000 },
      }),
    );
    const byCode = Object.fromEntries(report.items.map((i) => [i.code, i]));
    expect(byCode.plan_allows_rates).toMatchObject({ status: "problem", fix: { kind: "admin_steps", steps: "plan" } });
    expect(byCode.test_quote).toMatchObject({
      status: "problem",
      reason: "late",
      params: { durationMs: 3400, deadlineMs: 3000 },
    });
  });
});
