/**
 * Compares what the service holds for a product (its lookup) with what the store holds now. The
 * service has no update endpoint, so a difference can only be reported, never fixed by the app.
 */
import { compareExact, exactFromNumber, parseExactDecimal, type ExactDecimal } from "./exact-decimal";
import type { MappedProduct } from "./map-variant";

export const MEASURES = ["peso", "largo", "ancho", "altura", "volumen"] as const;
export type Measure = (typeof MEASURES)[number];

/** One measure that differs; null means "not recorded". */
export interface MeasureDifference {
  field: Measure;
  service: string | null;
  store: string | null;
}

/** The lookup's dimension record: numbers or numeric text, any of them possibly missing. */
export type ServiceDimension = Partial<Record<Measure, string | number | null | undefined>> | null | undefined;

/** Every measure where the service's record and the store's mapping disagree (exactly). */
export function measureDifferences(service: ServiceDimension, store: MappedProduct): MeasureDifference[] {
  const storeData = store.dimension?.data;
  const differences: MeasureDifference[] = [];
  for (const field of MEASURES) {
    const serviceText = textOf(service?.[field]);
    const storeText = storeData ? storeData[field] : null;
    if (!sameNumber(serviceText, storeText)) differences.push({ field, service: serviceText, store: storeText });
  }
  return differences;
}

function textOf(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "number" ? String(value) : value;
}

function sameNumber(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const left = read(a);
  const right = read(b);
  if (!left || !right) return a === b;
  return compareExact(left, right) === 0;
}

function read(text: string): ExactDecimal | null {
  const asNumber = Number(text);
  return parseExactDecimal(text) ?? (Number.isFinite(asNumber) ? exactFromNumber(asNumber) : null);
}
