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
import { serviceLabel } from "./service-names";

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

/** Applies every rule to the quoted services. Pure. */
export function applyRateRules(
  services: readonly QuotedService[],
  rules: RatesSettings,
  subtotalCentavos: bigint | null,
): RateOffer[] {
  return services
    .filter((quoted) => !rules.hiddenServices.includes(quoted.service))
    .map((quoted) => {
      const marked = markedUpCentavos(quoted.totalPricing, {
        basisPoints: rules.markupBasisPoints,
        fixedCentavos: rules.markupFixedCentavos,
      });
      const rounded = roundForCheckout(marked, rules.rounding);
      return {
        service: quoted.service,
        ...serviceLabel(quoted.service, rules.names, { description: quoted.description }),
        priceCentavos: freeShipping(quoted.service, rules, subtotalCentavos) ? 0n : rounded,
        window: deliveryWindow(quoted.days, rules.handlingDays),
      };
    });
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

// A subtotal of null is in another currency than the threshold: never free on it.
function freeShipping(service: ServiceCode, rules: RatesSettings, subtotalCentavos: bigint | null): boolean {
  const { minSubtotalCentavos, services } = rules.freeShipping;
  if (minSubtotalCentavos === null || subtotalCentavos === null) return false;
  return services.includes(service) && subtotalCentavos >= BigInt(minSubtotalCentavos);
}

/**
 * `days` is the service's upper bound; it gives no lower bound, so the earliest date is the first
 * business day after dispatch (or dispatch itself for same-day services).
 */
export function deliveryWindow(days: number, handlingDays: number): { minDays: number; maxDays: number } {
  const upper = Math.max(0, days);
  return { minDays: handlingDays + Math.min(1, upper), maxDays: handlingDays + upper };
}
