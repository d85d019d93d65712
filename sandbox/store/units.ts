import type { Weight } from "./state/records";

const GRAMS_PER: Record<Weight["unit"], number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** Metafield `dimension` units Shopify accepts, in centimetres. */
export const CM_PER_UNIT: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54, ft: 30.48, yd: 91.44 };

export function toGrams(weight: Weight): number {
  return weight.value * GRAMS_PER[weight.unit];
}

export function money(amount: number): string {
  return amount.toFixed(2);
}
