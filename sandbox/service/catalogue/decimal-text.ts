/**
 * Numeric text as the service takes it: digits with an optional fraction. Up to 9 integer and
 * 6 fraction digits keeps every computation exact and far above any real parcel.
 */
export const DECIMAL_TEXT = /^\d{1,9}(?:\.\d{1,6})?$/;

export const MICRO = 1_000_000n;

/** Exact value of a numeric text in millionths, so weights never meet float rounding. */
export function toMicros(text: string): bigint {
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, "0"));
}
