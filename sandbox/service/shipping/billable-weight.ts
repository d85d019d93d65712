import { MICRO, toMicros } from "../catalogue/decimal-text";
import type { DimensionRecord } from "../state/types";

// Volumetric kg = largo × ancho × altura / 5000 (cm), the divisor Mexican carriers use.
const VOLUMETRIC_DIVISOR = 5000n;

export interface WeighedLine {
  dimension: DimensionRecord;
  cantidad: number;
}

/**
 * Billable kg, rounded up, at least 1: for each unit the larger of actual and volumetric
 * weight, summed over lines × cantidad. Computed in integers so equal inputs price equally.
 */
export function billableKg(lines: readonly WeighedLine[]): number {
  // Both weights are compared as "kg × 5000" at a scale of MICRO³ to avoid any division.
  const scale = MICRO * MICRO * MICRO;
  let total = 0n;
  for (const { dimension, cantidad } of lines) {
    const actual = (toMicros(dimension.peso) * VOLUMETRIC_DIVISOR * MICRO * MICRO) / 1000n;
    const volumetric = toMicros(dimension.largo) * toMicros(dimension.ancho) * toMicros(dimension.altura);
    const unit = actual > volumetric ? actual : volumetric;
    total += unit * BigInt(cantidad);
  }
  const divisor = VOLUMETRIC_DIVISOR * scale;
  const kg = (total + divisor - 1n) / divisor;
  return kg < 1n ? 1 : Number(kg);
}
