/**
 * The callback's decision: an upstream outcome plus the shop's rules → the answer for Shopify.
 * `rates` is a 200 (an empty list means "this carrier can't serve the cart"); `backup` is a 503,
 * which makes Shopify show the merchant's backup rates at once.
 */
import type { RatesSettings } from "~/shop/shop-settings.server";
import { applyRateRules, fallbackOffers, type RateOffer } from "./rules";
import { toShopifyRates, type ShopifyRate } from "./shopify-rates";
import type { UpstreamOutcome } from "./upstream-outcome";

/**
 * What each quote came to, as recorded in QuoteLog.outcome. `stale`: the service failed and the
 * last rates quoted for the same cart and destination (younger than the shop's maximum age) were
 * answered instead of Shopify's backup rates.
 */
export type QuoteOutcome = "rates" | "no_rates" | "fallback" | "backup" | "rejected" | "stale";

export type RatesAnswer =
  | { kind: "rates"; outcome: Exclude<QuoteOutcome, "backup">; rates: ShopifyRate[] }
  | { kind: "backup"; outcome: "backup"; reason: string };

/** An answer with no rates: the cart can't be served by this carrier. */
export const NO_RATES: RatesAnswer = { kind: "rates", outcome: "no_rates", rates: [] };

/** An empty answer for a shop we do not quote for (unknown, uninstalled or not connected). */
export const NOT_QUOTED: RatesAnswer = { kind: "rates", outcome: "rejected", rates: [] };

/** Decides the answer for an outcome under the shop's rules, with dates counted from `now`. Pure. */
export function answerFor(
  outcome: UpstreamOutcome,
  rules: RatesSettings,
  cart: { subtotalCentavos: bigint | null; now: Date },
): RatesAnswer {
  switch (outcome.kind) {
    case "quoted": {
      const offers = applyRateRules(outcome.services, rules, cart.subtotalCentavos);
      return offers.length ? ratesAnswer("rates", offers, cart.now) : NO_RATES;
    }
    case "not_served":
      return NO_RATES;
    case "unquotable":
      return fallbackAnswer(rules, cart, outcome.detail);
    case "insufficient_stock":
      return rules.onInsufficientStock === "no_rates" ? NO_RATES : fallbackAnswer(rules, cart, outcome.detail);
    case "failed":
      return rules.onFailure === "backup_rates" ? backup(outcome.detail) : fallbackAnswer(rules, cart, outcome.detail);
    default:
      throw new Error(`unknown outcome ${JSON.stringify(outcome satisfies never)}`);
  }
}

/** The shop's fallback rates; without any configured, Shopify's backup rates (503) instead. Pure. */
function fallbackAnswer(
  rules: RatesSettings,
  cart: { subtotalCentavos: bigint | null; now: Date },
  reason: string,
): RatesAnswer {
  const offers = fallbackOffers(rules, cart.subtotalCentavos);
  return offers.length ? ratesAnswer("fallback", offers, cart.now) : backup(`${reason} (no fallback rates configured)`);
}

function ratesAnswer(outcome: "rates" | "fallback", offers: RateOffer[], now: Date): RatesAnswer {
  return { kind: "rates", outcome, rates: toShopifyRates(offers, now) };
}

function backup(reason: string): RatesAnswer {
  return { kind: "backup", outcome: "backup", reason };
}
