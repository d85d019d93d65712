/**
 * Decimal text ⇄ integer subunits. The service sends prices as decimal text ("123.40"); the app
 * keeps them as text or as exact integer subunits, never as binary floats, so 0.1 + 0.2 problems
 * cannot reach a checkout rate.
 */
import { assertScale, divideRounded, type RoundingMode } from "./rounding";

/**
 * Thrown when text is not a plain decimal number this module accepts.
 * @internal
 */
export class InvalidDecimalError extends Error {
  constructor(
    readonly text: string,
    reason: string,
  ) {
    super(`invalid decimal ${JSON.stringify(text)}: ${reason}`);
    this.name = "InvalidDecimalError";
  }
}

// Plain notation only: optional minus, digits, optional dot followed by at least one digit.
// No exponent, no grouping, no surrounding spaces, no leading "+" or bare ".5".
const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Tells whether `text` is plain decimal notation ("12", "12.5", "-0.40"). */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

/**
 * Parses decimal text into integer subunits at `scale` decimals: ("123.40", 2) → 12340n.
 * Text with more decimals than `scale` is rejected unless a rounding mode is given.
 */
export function parseDecimalToSubunits(text: string, scale: number, options: { rounding?: RoundingMode } = {}): bigint {
  assertScale(scale);
  const match = DECIMAL_TEXT.exec(text);
  if (!match) {
    throw new InvalidDecimalError(text, 'expected digits with an optional "." and decimals, e.g. "123.40"');
  }
  const [, minus, whole, fraction = ""] = match;
  const digits = BigInt(whole + fraction);
  const signed = minus ? -digits : digits;
  if (fraction.length <= scale) return signed * 10n ** BigInt(scale - fraction.length);
  if (!options.rounding) {
    throw new InvalidDecimalError(text, `has ${fraction.length} decimals, at most ${scale} allowed`);
  }
  return divideRounded(signed, 10n ** BigInt(fraction.length - scale), options.rounding);
}

/** Formats integer subunits as decimal text with exactly `scale` decimals: (12340, 2) → "123.40". */
export function formatSubunits(subunits: bigint | number, scale: number): string {
  assertScale(scale);
  if (typeof subunits === "number" && !Number.isSafeInteger(subunits)) {
    throw new RangeError(`subunits must be a safe integer, got ${subunits}`);
  }
  const value = BigInt(subunits);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${fraction}` : ""}`;
}
