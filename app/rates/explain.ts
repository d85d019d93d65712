/**
 * Which of the shop's rules changed each quoted service, step by step, for the rate tester. The
 * steps come from the rules' own pass (ruleQuotedService, rules.ts), so the explanation follows the
 * rule order checkout gets by construction. Pure.
 */
import type { RatesSettings, ServiceCode } from "~/shop/shop-settings.server";
import { quotedCentavos, ruleQuotedService, type QuotedService, type RuleEffect } from "./rules";

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
  return services.map((quoted) => ({
    service: quoted.service,
    quotedCentavos: quotedCentavos(quoted.totalPricing),
    serviceDays: quoted.days,
    effects: ruleQuotedService(quoted, rules, subtotalCentavos).effects,
  }));
}
