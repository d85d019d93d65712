/**
 * Exact integer rounding on BigInt. Money math in this app never touches floats: amounts are
 * integer subunits (centavos) and ratios are applied as numerator/denominator pairs, so the only
 * place a result can be inexact is the final division, and that division names its rounding.
 */

/** How a division that does not come out even is rounded. */
export type RoundingMode =
  /** Nearest; a tie (exactly .5 of a subunit) goes away from zero — commercial rounding. */
  | "half-up"
  /** Towards +∞: never charges less than the exact amount. */
  | "ceil"
  /** Towards −∞: never charges more than the exact amount. */
  | "floor";

/** Divides `numerator` by `denominator` exactly and rounds the quotient with `mode`. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError("divideRounded: division by zero");
  // Normalise to a positive denominator so the sign of the quotient is the sign of the numerator.
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const truncated = n / d; // BigInt division truncates towards zero
  const remainder = n % d; // same sign as n
  if (remainder === 0n) return truncated;
  switch (mode) {
    case "floor":
      return n < 0n ? truncated - 1n : truncated;
    case "ceil":
      return n > 0n ? truncated + 1n : truncated;
    case "half-up": {
      const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
      if (twiceRemainder < d) return truncated;
      return n < 0n ? truncated - 1n : truncated + 1n;
    }
    default:
      throw new RangeError(`divideRounded: unknown rounding mode ${String(mode satisfies never)}`);
  }
}

/** Throws unless `scale` is a small non-negative integer (a number of decimal places). */
export function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 18) {
    throw new RangeError(`scale must be an integer from 0 to 18, got ${scale}`);
  }
}
