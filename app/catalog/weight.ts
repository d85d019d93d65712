/** Shopify weights (inventoryItem.measurement.weight) to the whole grams the service expects. */
import {
  exactFromNumber,
  isPositive,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  type ExactDecimal,
} from "./exact-decimal";

type WeightUnit = "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS";

export interface ShopifyWeight {
  unit: string;
  /** A JSON number from GraphQL (`Float`), or decimal text. */
  value: number | string;
}

// The international avoirdupois definitions (1959): exact, so the conversion is exact too.
const GRAMS_PER_UNIT: Record<WeightUnit, ExactDecimal> = {
  GRAMS: { units: 1n, scale: 0 },
  KILOGRAMS: { units: 1000n, scale: 0 },
  OUNCES: { units: 28349523125n, scale: 9 },
  POUNDS: { units: 45359237n, scale: 5 },
};

export type GramsResult =
  { ok: true; grams: bigint } | { ok: false; problem: "missing" | "unknown-unit" | "invalid" | "below-half-gram" };

/** Converts exactly and rounds half up to whole grams. Zero (Shopify's "no weight") is missing. */
export function weightToGrams(weight: ShopifyWeight | null | undefined): GramsResult {
  if (!weight) return { ok: false, problem: "missing" };
  const factor = GRAMS_PER_UNIT[weight.unit as WeightUnit];
  if (!factor) return { ok: false, problem: "unknown-unit" };
  const value = typeof weight.value === "number" ? exactFromNumber(weight.value) : parseExactDecimal(weight.value);
  if (!value) return { ok: false, problem: "invalid" };
  if (value.units < 0n) return { ok: false, problem: "invalid" };
  if (!isPositive(value)) return { ok: false, problem: "missing" };
  const grams = roundExact(multiplyExact(value, factor), 0);
  if (grams.units === 0n) return { ok: false, problem: "below-half-gram" };
  return { ok: true, grams: grams.units * 10n ** BigInt(grams.scale) };
}
