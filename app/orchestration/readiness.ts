/**
 * Checkout readiness, pure: from what was observed (the connection, the carrier service, the
 * shop's shipping settings, a test quote, the latest order's address) to the checklist the
 * merchant sees, each item with a code, parameters and its fix. No database, no fetch, no clock.
 * Sentences live in the i18n catalogues (app/i18n/readiness.*.ts), never here.
 */
import type { DeliveryProfileSummary } from "~/shopify/admin/delivery-profiles.server";
import type { ShopifyProblem } from "~/shopify/admin/problem";

type ReadinessItemCode =
  "key_valid" | "carrier_active" | "plan_allows_rates" | "rates_in_mexico" | "test_quote" | "customer_data";
type ReadinessStatus = "ok" | "problem" | "unknown";

/** How the merchant (or the app) fixes an item. */
type ReadinessFix =
  /** One button: the app adds our carrier's rates where Shopify lets it (addRatesToCheckout). */
  | { kind: "add_rates" }
  /** A page of this app. */
  | { kind: "app_page"; path: "/app/settings" | "/app/rates" }
  /** Plain steps (`steps` names them in the catalogue) and the exact Shopify admin page. */
  | { kind: "admin_steps"; steps: "shipping" | "markets" | "plan"; url: string }
  /** Steps outside the shop: the app's developer asks Shopify (protected customer data). */
  | { kind: "developer_steps"; steps: "customer_data" };

export interface ReadinessItem {
  code: ReadinessItemCode;
  status: ReadinessStatus;
  /** Why, as a code the catalogue words (e.g. "profiles_missing"); null when ok. */
  reason: string | null;
  params: Record<string, string | number | string[]>;
  fix: ReadinessFix | null;
}

interface UncoveredProfile {
  id: string;
  name: string;
  variantCount: number;
  sampleProducts: string[];
}

export type ShippingCoverage =
  | { kind: "covered" }
  | { kind: "uncovered"; profiles: UncoveredProfile[] }
  /**
   * Market-driven shop: merchant profiles say nothing, and neither the Mexico market (`market`, its
   * name; null when the shop has no market for Mexico) nor an app-owned profile of ours offers our rates.
   */
  | { kind: "market_driven_uncovered"; market: { id: string; name: string } | null }
  /** Not read: `error` is for the logs; `noCarrier` when there is no carrier service of ours to look for. */
  | { kind: "unknown"; error: string; problem?: ShopifyProblem; noCarrier?: boolean };

export interface ReadinessFacts {
  shopHandle: string;
  connection: "connected" | "not_connected" | "unauthorized" | "unreachable";
  /** `problem`: why it is not active, as a code (app/shopify/admin/problem.ts); Shopify's text stays in the logs. */
  carrier: {
    state: "active" | "inactive" | "missing" | "not_allowed_by_plan" | "error";
    problem: ShopifyProblem | null;
  };
  marketDriven: boolean | null;
  coverage: ShippingCoverage;
  /** Whether the app can add its rates itself (false when Shopify refused it before). */
  canAddRates: boolean;
  testQuote:
    | { kind: "answered"; durationMs: number; deadlineMs: number; outcome: string }
    | { kind: "late"; durationMs: number; deadlineMs: number }
    | { kind: "failed"; outcome: string }
    | { kind: "skipped" };
  customerData: CustomerDataAccess;
}

export type CustomerDataAccess = "granted" | "withheld" | "unknown";

export interface ReadinessReport {
  ready: boolean;
  items: ReadinessItem[];
}

/** Shopify admin pages the fixes link to. */
function adminUrl(shopHandle: string, page: "settings/shipping" | "markets" | "settings/plan"): string {
  return `https://admin.shopify.com/store/${encodeURIComponent(shopHandle)}/${page}`;
}

/** "tienda-demo.myshopify.com" → "tienda-demo", the handle in admin.shopify.com URLs. */
export function shopHandle(domain: string): string {
  return domain.replace(/\.myshopify\.com$/i, "");
}

/**
 * Whether our carrier's rates reach checkout in Mexico for every product: each merchant profile
 * (General holds every product not elsewhere) needs a zone covering Mexico with an active method
 * whose participant is our carrier, in a location group holding a location the warehouse ships
 * from ("any": any location group). An app-owned profile of ours with `coversAllItems` covers all.
 * On market-driven shipping the Mexico market's options are what checkout offers: our carrier in
 * an active carrier-calculated option of it covers all, wherever the merchant (or the app) added it.
 */
export function shippingCoverage(args: {
  profiles: DeliveryProfileSummary[];
  carrierServiceId: string;
  warehouseLocations: string[] | "any";
  marketDriven: boolean;
  /** The Mexico market's shipping (market-driven shops); null when there is no market for Mexico. */
  mexicoMarket?: { id: string; name: string; configured: boolean; carrierServiceIds: string[] } | null;
}): ShippingCoverage {
  const offers = (profile: DeliveryProfileSummary) =>
    profile.locationGroups.some(
      (group) =>
        (args.warehouseLocations === "any" || group.locationIds.some((id) => args.warehouseLocations.includes(id))) &&
        group.zones.some(
          (zone) =>
            zone.countries.some((c) => c.code === "MX" && c.provinces.length === 0) &&
            zone.activeCarrierIds.includes(args.carrierServiceId),
        ),
    );
  if (args.profiles.some((p) => p.coversAllItems && offers(p))) return { kind: "covered" };
  if (args.marketDriven) {
    const market = args.mexicoMarket ?? null;
    if (market?.configured && market.carrierServiceIds.includes(args.carrierServiceId)) return { kind: "covered" };
    return { kind: "market_driven_uncovered", market: market && { id: market.id, name: market.name } };
  }
  const missing = args.profiles
    .filter((p) => !p.coversAllItems && p.variantCount > 0 && !offers(p))
    .map((p) => ({ id: p.id, name: p.name, variantCount: p.variantCount, sampleProducts: p.sampleProducts }));
  return missing.length ? { kind: "uncovered", profiles: missing } : { kind: "covered" };
}

/**
 * Protected customer data, from the latest order the app read: Shopify nulls the address of an
 * app without access. Kept small so it can be rewired to an access field when one is stored.
 */
export function customerDataAccess(
  latestOrder: { hasShippingAddress: boolean; address1: string | null } | null,
): CustomerDataAccess {
  if (!latestOrder || !latestOrder.hasShippingAddress) return "unknown";
  return latestOrder.address1 ? "granted" : "withheld";
}

const item = (
  code: ReadinessItemCode,
  status: ReadinessStatus,
  reason: string | null = null,
  params: ReadinessItem["params"] = {},
  fix: ReadinessFix | null = null,
): ReadinessItem => ({ code, status, reason, params, fix });

/** The checklist, in the order the merchant works through it. */
export function evaluateReadiness(facts: ReadinessFacts): ReadinessReport {
  const settings: ReadinessFix = { kind: "app_page", path: "/app/settings" };
  const items: ReadinessItem[] = [];

  items.push(
    facts.connection === "connected"
      ? item("key_valid", "ok")
      : facts.connection === "unreachable"
        ? item("key_valid", "unknown", "unreachable", {}, settings)
        : item("key_valid", "problem", facts.connection, {}, settings),
  );

  const carrier = facts.carrier;
  items.push(
    carrier.state === "active"
      ? item("carrier_active", "ok")
      : item("carrier_active", "problem", carrier.state, carrier.problem ? { problem: carrier.problem } : {}, settings),
  );

  items.push(
    carrier.state === "not_allowed_by_plan"
      ? item(
          "plan_allows_rates",
          "problem",
          "plan",
          {},
          {
            kind: "admin_steps",
            steps: "plan",
            url: adminUrl(facts.shopHandle, "settings/plan"),
          },
        )
      : carrier.state === "active" || carrier.state === "inactive"
        ? item("plan_allows_rates", "ok")
        : item("plan_allows_rates", "unknown", "carrier_not_registered"),
  );

  items.push(ratesItem(facts));

  const quote = facts.testQuote;
  items.push(
    quote.kind === "answered"
      ? item("test_quote", "ok", null, { durationMs: quote.durationMs, deadlineMs: quote.deadlineMs })
      : quote.kind === "late"
        ? item(
            "test_quote",
            "problem",
            "late",
            { durationMs: quote.durationMs, deadlineMs: quote.deadlineMs },
            {
              kind: "app_page",
              path: "/app/rates",
            },
          )
        : quote.kind === "failed"
          ? item(
              "test_quote",
              "problem",
              "failed",
              { outcome: quote.outcome },
              { kind: "app_page", path: "/app/rates" },
            )
          : item("test_quote", "unknown", "nothing_to_quote"),
  );

  items.push(
    facts.customerData === "granted"
      ? item("customer_data", "ok")
      : facts.customerData === "withheld"
        ? item("customer_data", "problem", "withheld", {}, { kind: "developer_steps", steps: "customer_data" })
        : item("customer_data", "unknown", "no_orders"),
  );

  return { ready: items.every((i) => i.status === "ok"), items };
}

function ratesItem(facts: ReadinessFacts): ReadinessItem {
  const coverage = facts.coverage;
  const shipping: ReadinessFix = {
    kind: "admin_steps",
    steps: facts.marketDriven ? "markets" : "shipping",
    url: adminUrl(facts.shopHandle, facts.marketDriven ? "markets" : "settings/shipping"),
  };
  switch (coverage.kind) {
    case "covered":
      return item("rates_in_mexico", "ok", null, { model: facts.marketDriven ? "market_driven" : "profiles" });
    case "unknown":
      // The error's own text stays in the logs: the page says what it means.
      return item("rates_in_mexico", "unknown", coverage.noCarrier ? "carrier_not_registered" : "unreadable");
    case "market_driven_uncovered":
      // The checklist names the market the rates go in; without one, the steps say to make it.
      return coverage.market
        ? item(
            "rates_in_mexico",
            "problem",
            "market_driven",
            { market: coverage.market.name },
            facts.canAddRates ? { kind: "add_rates" } : shipping,
          )
        : item("rates_in_mexico", "problem", "market_missing", {}, shipping);
    case "uncovered":
      return item(
        "rates_in_mexico",
        "problem",
        "profiles_missing",
        {
          profiles: coverage.profiles.map((p) => p.name),
          products: coverage.profiles.flatMap((p) => p.sampleProducts),
          variants: coverage.profiles.reduce((sum, p) => sum + p.variantCount, 0),
        },
        facts.canAddRates ? { kind: "add_rates" } : shipping,
      );
  }
}
