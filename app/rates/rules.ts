/**
 * The shop's rate rules, applied in this order (docs/decisions/005-rates-caching-and-deadline.md):
 *   1. hide services the shop does not offer;
 *   2. percentage markup, then fixed markup, as one exact fraction rounded once to centavos (half-up);
 *   3. checkout rounding (none / up to the whole peso / up to .99);
 *   4. free shipping for the chosen services when the cart subtotal reaches the threshold;
 *   5. the shop's names and descriptions;
 *   6. delivery window: the service's days plus the shop's handling days, in business days.
 * Fallback rates (the shop's own fixed prices) skip steps 2–3: they are already final prices.
 */
import type { RatesSettings, ServiceCode } from "~/shop/shop-settings.server";
import { markedUpCentavos, roundForCheckout } from "./pricing";
import { parseDecimalToSubunits } from "~/money";
import { DEFAULT_SERVICE_NAMES, serviceLabel, windowDescription } from "./service-names";

/** A service as the quotation returned it (see SvcQuotedService). */
export interface QuotedService {
  service: ServiceCode;
  days: number;
  totalPricing: string;
  description: string;
  provider?: string;
}

/** A rate ready for the buyer, before dates are made absolute. */
export interface RateOffer {
  service: ServiceCode;
  name: string;
  description: string;
  priceCentavos: bigint;
  /** Business days from now (handling included); null when unknown. */
  window: { minDays: number; maxDays: number } | null;
}

/** What one rule did to one quoted service, in the order the rules ran (the rate tester shows it). */
export type RuleEffect =
  | { rule: "hidden" }
  | { rule: "markup"; basisPoints: number; fixedCentavos: number; fromCentavos: bigint; toCentavos: bigint }
  | { rule: "rounding"; rounding: RatesSettings["rounding"]; fromCentavos: bigint; toCentavos: bigint }
  | { rule: "free_shipping"; thresholdCentavos: bigint; fromCentavos: bigint }
  | { rule: "renamed"; from: string; to: string }
  | { rule: "handling_days"; days: number };

/** Applies every rule to the quoted services. Pure. */
export function applyRateRules(
  services: readonly QuotedService[],
  rules: RatesSettings,
  subtotalCentavos: bigint | null,
): RateOffer[] {
  return services.flatMap((quoted) => ruleQuotedService(quoted, rules, subtotalCentavos).offer ?? []);
}

/**
 * The one pass of the rules over one quoted service, in the order above: the offer checkout gets
 * (null when hidden) and what each rule did to it. applyRateRules keeps the offer; the rate tester's
 * explanation (explain.ts) keeps the effects, so the two cannot disagree. Pure.
 */
export function ruleQuotedService(
  quoted: QuotedService,
  rules: RatesSettings,
  subtotalCentavos: bigint | null,
): { offer: RateOffer | null; effects: RuleEffect[] } {
  if (rules.hiddenServices.includes(quoted.service)) return { offer: null, effects: [{ rule: "hidden" }] };
  const effects: RuleEffect[] = [];
  const marked = markedUpCentavos(quoted.totalPricing, {
    basisPoints: rules.markupBasisPoints,
    fixedCentavos: rules.markupFixedCentavos,
  });
  if (rules.markupBasisPoints !== 0 || rules.markupFixedCentavos !== 0) {
    effects.push({
      rule: "markup",
      basisPoints: rules.markupBasisPoints,
      fixedCentavos: rules.markupFixedCentavos,
      fromCentavos: quotedCentavos(quoted.totalPricing),
      toCentavos: marked,
    });
  }
  const rounded = roundForCheckout(marked, rules.rounding);
  if (rounded !== marked) {
    effects.push({ rule: "rounding", rounding: rules.rounding, fromCentavos: marked, toCentavos: rounded });
  }
  const free = freeShipping(quoted.service, rules, subtotalCentavos);
  if (free) effects.push({ rule: "free_shipping", thresholdCentavos: free.thresholdCentavos, fromCentavos: rounded });
  const renamed = rules.names[quoted.service]?.name;
  if (renamed && renamed !== DEFAULT_SERVICE_NAMES[quoted.service]) {
    effects.push({ rule: "renamed", from: DEFAULT_SERVICE_NAMES[quoted.service], to: renamed });
  }
  if (rules.handlingDays > 0) effects.push({ rule: "handling_days", days: rules.handlingDays });
  const window = deliveryWindow(quoted.days, rules.handlingDays);
  // The service's description counts its own transit days only: with handling days it would
  // promise less than the dates the checkout shows, so the buyer reads the window itself instead.
  const description = rules.handlingDays > 0 ? windowDescription(window) : quoted.description;
  return {
    offer: {
      service: quoted.service,
      ...serviceLabel(quoted.service, rules.names, { description }),
      priceCentavos: free ? 0n : rounded,
      window,
    },
    effects,
  };
}

/** The service's own price as exact centavos (it sends two decimals; more are rounded as the markup does). */
export function quotedCentavos(totalPricing: string): bigint {
  const decimals = totalPricing.split(".")[1]?.length ?? 0;
  if (decimals <= 2) return parseDecimalToSubunits(totalPricing, 2);
  return markedUpCentavos(totalPricing, { basisPoints: 0, fixedCentavos: 0 });
}

/** The shop's fixed fallback rates with the rules that still make sense for a final price. Pure. */
export function fallbackOffers(rules: RatesSettings, subtotalCentavos: bigint | null): RateOffer[] {
  return rules.fallbackRates
    .filter((fallback) => !rules.hiddenServices.includes(fallback.service))
    .map((fallback) => {
      const label = serviceLabel(
        fallback.service,
        {},
        { name: fallback.name, description: rules.names[fallback.service]?.description ?? "" },
      );
      return {
        service: fallback.service,
        name: label.name,
        description: label.description,
        priceCentavos: freeShipping(fallback.service, rules, subtotalCentavos) ? 0n : BigInt(fallback.priceCentavos),
        window: fallback.maxDays === undefined ? null : deliveryWindow(fallback.maxDays, rules.handlingDays),
      };
    });
}

// Free when the cart reaches the threshold, which it returns; a subtotal of null is in another
// currency than the threshold: never free on it.
function freeShipping(
  service: ServiceCode,
  rules: RatesSettings,
  subtotalCentavos: bigint | null,
): { thresholdCentavos: bigint } | null {
  const { minSubtotalCentavos, services } = rules.freeShipping;
  if (minSubtotalCentavos === null || subtotalCentavos === null || !services.includes(service)) return null;
  const thresholdCentavos = BigInt(minSubtotalCentavos);
  return subtotalCentavos >= thresholdCentavos ? { thresholdCentavos } : null;
}

/**
 * `days` is the service's upper bound; it gives no lower bound, so the earliest date is the first
 * business day after dispatch (or dispatch itself for same-day services).
 * @internal
 */
export function deliveryWindow(days: number, handlingDays: number): { minDays: number; maxDays: number } {
  const upper = Math.max(0, days);
  return { minDays: handlingDays + Math.min(1, upper), maxDays: handlingDays + upper };
}
