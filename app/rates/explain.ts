/**
 * Which of the shop's rules changed each quoted service, step by step, for the rate tester: the
 * same steps as applyRateRules (rules.ts), in the same order, with the price before and after each
 * one. Pure; `applyRateRules` stays the one source of the prices checkout gets, and the tests hold
 * this explanation to it.
 */
import type { RatesSettings, ServiceCode } from "~/shop/shop-settings.server";
import { markedUpCentavos, roundForCheckout } from "./pricing";
import { parseDecimalToSubunits } from "~/money";
import { DEFAULT_SERVICE_NAMES } from "./service-names";
import type { QuotedService } from "./rules";

export type RuleEffect =
  | { rule: "hidden" }
  | { rule: "markup"; basisPoints: number; fixedCentavos: number; fromCentavos: bigint; toCentavos: bigint }
  | { rule: "rounding"; rounding: RatesSettings["rounding"]; fromCentavos: bigint; toCentavos: bigint }
  | { rule: "free_shipping"; thresholdCentavos: bigint; fromCentavos: bigint }
  | { rule: "renamed"; from: string; to: string }
  | { rule: "handling_days"; days: number };

export interface ServiceExplanation {
  service: ServiceCode;
  /** The service's own price, in centavos. */
  quotedCentavos: bigint;
  /** The service's upper bound in business days. */
  serviceDays: number;
  /** What the rules did, in the order they ran; empty when the service's price went through unchanged. */
  effects: RuleEffect[];
}

/** Explains how `rules` turned each quoted service into the rate checkout shows (or hid it). Pure. */
export function explainRateRules(
  services: readonly QuotedService[],
  rules: RatesSettings,
  subtotalCentavos: bigint | null,
): ServiceExplanation[] {
  return services.map((quoted) => {
    const quotedCentavos = exactCentavos(quoted.totalPricing);
    const base = { service: quoted.service, quotedCentavos, serviceDays: quoted.days };
    if (rules.hiddenServices.includes(quoted.service)) return { ...base, effects: [{ rule: "hidden" }] };

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
        fromCentavos: quotedCentavos,
        toCentavos: marked,
      });
    }
    const rounded = roundForCheckout(marked, rules.rounding);
    if (rounded !== marked) {
      effects.push({ rule: "rounding", rounding: rules.rounding, fromCentavos: marked, toCentavos: rounded });
    }
    const { minSubtotalCentavos, services: freeServices } = rules.freeShipping;
    if (
      minSubtotalCentavos !== null &&
      subtotalCentavos !== null &&
      freeServices.includes(quoted.service) &&
      subtotalCentavos >= BigInt(minSubtotalCentavos)
    ) {
      effects.push({ rule: "free_shipping", thresholdCentavos: BigInt(minSubtotalCentavos), fromCentavos: rounded });
    }
    const renamed = rules.names[quoted.service]?.name;
    if (renamed && renamed !== DEFAULT_SERVICE_NAMES[quoted.service]) {
      effects.push({ rule: "renamed", from: DEFAULT_SERVICE_NAMES[quoted.service], to: renamed });
    }
    if (rules.handlingDays > 0) effects.push({ rule: "handling_days", days: rules.handlingDays });
    return { ...base, effects };
  });
}

// The service's price as exact centavos (it sends two decimals; more are rounded as the markup does).
function exactCentavos(totalPricing: string): bigint {
  const decimals = totalPricing.split(".")[1]?.length ?? 0;
  if (decimals <= 2) return parseDecimalToSubunits(totalPricing, 2);
  return markedUpCentavos(totalPricing, { basisPoints: 0, fixedCentavos: 0 });
}
