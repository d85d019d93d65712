// The rate tester's server side: the catalogue the cart is picked from, and a test quote run
// through the very quoter the carrier callback uses (services.rates.quoteRates: same profile, same
// cache, same deadline, same rules), so what the page shows cannot drift from checkout. Unlike a
// checkout quote it is not written to the quote log: Inicio's figures stay the buyers'.
import { MEXICAN_STATES } from "~/address/states";
import { isShopConnected, listCartCandidates, type CartCatalogueDb } from "~/catalog/cart-variants.server";
import { formatSubunits } from "~/money";
import { explainRateRules, pesoSubtotalCentavos, type QuoteOutcome, type RateRequest } from "~/rates";
import type { RatesRuntime } from "~/rates/runtime.server";
import type { UpstreamOutcome } from "~/rates/upstream-outcome";
import type { ServiceErrorMessage } from "~/svc/error-codes";
import type { CartVariant } from "./rate-test-form.server";

/** Variants offered in the cart picker, at most. */
const MAX_VARIANTS = 500;
const REGISTERED = ["synced", "exists_at_service", "drifted"];

export interface CartOption extends CartVariant {
  /** Registered at the service; an unregistered one can still be tried (checkout may carry it). */
  registered: boolean;
}

export interface RateTesterPage {
  connected: boolean;
  /** Variants with a SKU still in Shopify, registered ones first. */
  variants: CartOption[];
  registeredCount: number;
  states: { code: string; name: string }[];
}

export async function loadRateTester(db: CartCatalogueDb, shop: string): Promise<RateTesterPage> {
  const [connected, rows] = await Promise.all([
    isShopConnected(db, shop),
    listCartCandidates(db, { shop, take: MAX_VARIANTS }),
  ]);
  const variants = rows
    .map((r) => ({
      variantId: r.variantId,
      productId: r.productId,
      sku: r.sku ?? "",
      title: r.title,
      registered: REGISTERED.includes(r.status),
    }))
    .sort((a, b) => Number(b.registered) - Number(a.registered));
  return {
    connected,
    variants,
    registeredCount: variants.filter((v) => v.registered).length,
    states: MEXICAN_STATES.map((s) => ({ code: s.code, name: s.name })),
  };
}

/** A rule's effect with amounts as peso text (exact), ready for the page. */
export type EffectView =
  | { rule: "markup"; percent: string; fixed: string; from: string; to: string }
  | { rule: "rounding"; from: string; to: string }
  | { rule: "free_shipping"; threshold: string; from: string }
  | { rule: "renamed"; from: string; to: string }
  | { rule: "handling_days"; days: number };

export interface RateView {
  code: string;
  name: string;
  description: string;
  /** Pesos as exact decimal text. */
  price: string;
  minDate: string | null;
  maxDate: string | null;
  /** The service's own price and days; absent for the shop's fixed fallback rates. */
  quoted: { price: string; days: number } | null;
  effects: EffectView[];
}

export interface RateTestResult {
  /** What checkout gets: rates (200), no rates (200, empty), fallback rates, backup (503), not quoted. */
  outcome: QuoteOutcome;
  /** Why, when the service did not price the cart. */
  reason: "not_served" | "unquotable" | "insufficient_stock" | "failed" | null;
  /** What went wrong, as a code the page words (never the service's text or an error's name). */
  problem: ServiceErrorMessage | null;
  rates: RateView[];
  /** Services the shop's rules hid from checkout. */
  hidden: string[];
  durationMs: number;
  cacheHit: boolean;
}

const pesos = (centavos: bigint | number) => formatSubunits(centavos, 2);

/** Runs one test quote for `shop`, timed as the callback times it (from the request to the answer). */
export async function runRateTest(
  runtime: Pick<RatesRuntime, "quoteRates" | "profiles">,
  shop: string,
  rate: RateRequest,
): Promise<RateTestResult> {
  const receivedAt = Date.now();
  const started = performance.now();
  const result = await runtime.quoteRates({ shop, rate, receivedAt });
  const durationMs = Math.round(performance.now() - started);
  // The profile the quote just used (in memory now): the rules to explain the rates by.
  const profile = runtime.profiles.cached(shop) ?? (await runtime.profiles.get(shop));
  const upstream = result.upstream;
  const explained =
    upstream?.kind === "quoted" && profile
      ? explainRateRules(upstream.services, profile.rules, pesoSubtotalCentavos(rate))
      : [];
  const rates =
    result.answer.kind === "rates"
      ? result.answer.rates.map((r): RateView => {
          const explanation = explained.find((e) => e.service === r.service_code);
          return {
            code: r.service_code,
            name: r.service_name,
            description: r.description,
            price: pesos(BigInt(r.total_price)),
            minDate: r.min_delivery_date ? toIso(r.min_delivery_date) : null,
            maxDate: r.max_delivery_date ? toIso(r.max_delivery_date) : null,
            quoted:
              result.outcome === "rates" && explanation
                ? { price: pesos(explanation.quotedCentavos), days: explanation.serviceDays }
                : null,
            effects: result.outcome === "rates" ? (explanation?.effects ?? []).flatMap(effectView) : [],
          };
        })
      : [];
  return {
    outcome: result.outcome,
    reason: upstream && upstream.kind !== "quoted" ? upstream.kind : null,
    problem: problemOf(upstream, result.answer.kind === "backup"),
    rates,
    hidden: explained.filter((e) => e.effects.some((x) => x.rule === "hidden")).map((e) => e.service),
    durationMs,
    cacheHit: result.cacheHit,
  };
}

/** The code the page words for a quote the service did not price. */
function problemOf(upstream: UpstreamOutcome | undefined, backup: boolean): ServiceErrorMessage | null {
  if (!upstream || upstream.kind === "quoted" || upstream.kind === "not_served")
    return backup ? { code: "unexpected", params: {} } : null;
  if (upstream.error) return upstream.error;
  // Decided before asking the service: a cart line without SKU, or the deadline.
  if (upstream.kind === "unquotable") return { code: "productWithoutSku", params: {} };
  return { code: upstream.detail.includes("deadline") ? "timeout" : "unexpected", params: {} };
}

function effectView(effect: ReturnType<typeof explainRateRules>[number]["effects"][number]): EffectView[] {
  switch (effect.rule) {
    case "hidden":
      return [];
    case "markup":
      return [
        {
          rule: "markup",
          percent: formatSubunits(effect.basisPoints, 2),
          fixed: pesos(effect.fixedCentavos),
          from: pesos(effect.fromCentavos),
          to: pesos(effect.toCentavos),
        },
      ];
    case "rounding":
      return [{ rule: "rounding", from: pesos(effect.fromCentavos), to: pesos(effect.toCentavos) }];
    case "free_shipping":
      return [{ rule: "free_shipping", threshold: pesos(effect.thresholdCentavos), from: pesos(effect.fromCentavos) }];
    case "renamed":
      return [effect];
    case "handling_days":
      return [effect];
  }
}

// Shopify's rate date ("2026-11-24 14:48:45 -0600") as an ISO instant.
function toIso(shopifyDate: string): string {
  const iso = shopifyDate.replace(" ", "T").replace(/ ([+-]\d{2})(\d{2})$/, "$1:$2");
  return new Date(iso).toISOString();
}
