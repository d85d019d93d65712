/**
 * Exact decimal numbers as integer `units` over 10^`scale`, for weights and sizes. Shopify hands
 * weights over as JSON numbers and metafields as text; both are read digit by digit, never through
 * binary floating point arithmetic, so 1.1 kg is 1100 g and not 1100.0000000000002.
 */
import { divideRounded } from "../money/rounding";

export interface ExactDecimal {
  units: bigint;
  scale: number;
}

// Plain or scientific notation, as JSON numbers and Shopify's number metafields are written.
const DECIMAL = /^([+-])?(\d+)?(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 40;

/** Reads "12", "12.50", "-0.5", "1e-7" or "3.5E2"; null for anything else (blank, "1,5", "abc"). */
export function parseExactDecimal(text: string): ExactDecimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = "", fraction = "", exponentText] = match;
  if (whole === "" && fraction === "") return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return null;
  let units = BigInt(`${whole || "0"}${fraction}`);
  if (sign === "-") units = -units;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return normalise({ units, scale });
}

/** The exact decimal a JSON number stands for (its shortest round-trip text); null if not finite. */
export function exactFromNumber(value: number): ExactDecimal | null {
  return Number.isFinite(value) ? parseExactDecimal(String(value)) : null;
}

export function multiplyExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return normalise({ units: a.units * b.units, scale: a.scale + b.scale });
}

/** Rounds half away from zero to `scale` decimals. */
export function roundExact(value: ExactDecimal, scale: number): ExactDecimal {
  if (value.scale <= scale) return value;
  return normalise({ units: divideRounded(value.units, 10n ** BigInt(value.scale - scale), "half-up"), scale });
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareExact(a: ExactDecimal, b: ExactDecimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * 10n ** BigInt(scale - a.scale);
  const right = b.units * 10n ** BigInt(scale - b.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

export function isPositive(value: ExactDecimal): boolean {
  return value.units > 0n;
}

/** Plain notation without trailing zeros: "12", "35.56", "0.5". */
export function formatExact(value: ExactDecimal): string {
  const { units, scale } = normalise(value);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

function normalise({ units, scale }: ExactDecimal): ExactDecimal {
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}
