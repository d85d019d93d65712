/**
 * The money half of the rate rules, on integers only: a quoted price (decimal text) plus the
 * shop's percentage and fixed markup is computed as one exact fraction and rounded once to whole
 * centavos (half-up), then the shop's checkout rounding is applied. No float ever holds an amount.
 */
import { divideRounded, parseDecimalToSubunits } from "~/money";
import type { RatesSettings } from "~/shop/shop-settings.server";

const BASIS_POINTS = 10_000n;

export type CheckoutRounding = RatesSettings["rounding"];

/** Centavos of `totalPricing` after markup: (price × (10000 + bp) / 10000) + fixed, rounded half-up once; never negative. */
export function markedUpCentavos(totalPricing: string, markup: { basisPoints: number; fixedCentavos: number }): bigint {
  const decimals = totalPricing.split(".")[1]?.length ?? 0;
  const scale = Math.max(2, decimals);
  // Exact price at `scale` decimals; the service sends two, but more would still be exact here.
  const price = parseDecimalToSubunits(totalPricing, scale);
  const toCentavos = 10n ** BigInt(scale - 2);
  const numerator =
    price * (BASIS_POINTS + BigInt(markup.basisPoints)) + BigInt(markup.fixedCentavos) * toCentavos * BASIS_POINTS;
  const centavos = divideRounded(numerator, toCentavos * BASIS_POINTS, "half-up");
  return centavos < 0n ? 0n : centavos;
}

/** Applies the shop's checkout rounding; it only ever rounds up, and a free (0) price stays free. */
export function roundForCheckout(centavos: bigint, rounding: CheckoutRounding): bigint {
  if (centavos <= 0n || rounding === "none") return centavos;
  const cents = centavos % 100n;
  if (rounding === "up_to_peso") return cents === 0n ? centavos : centavos + (100n - cents);
  // up_to_99: the smallest X.99 at or above the price.
  return centavos + (99n - cents);
}
