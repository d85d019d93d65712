/**
 * Compares what the service holds for a product (its lookup) with what the store holds now. The
 * service has no update endpoint, so a difference can only be reported, never fixed by the app.
 */
import {
  MEASURES,
  MEASURE_FIELDS,
  measureField,
  type Measure,
  type MeasureField,
} from "../svc/measures";
import { compareExact, exactFromNumber, parseExactDecimal, type ExactDecimal } from "./exact-decimal";
import type { MappedProduct } from "./map-variant";

export { MEASURE_FIELDS, type MeasureField };

/**
 * One measure that differs; null means "not recorded". `field` is the service's name for the
 * measure (app/svc/measures.ts): stored as such, and the key of its label in app/i18n.
 */
export interface MeasureDifference {
  field: MeasureField;
  service: string | null;
  store: string | null;
}

/** The lookup's measures: numbers or numeric text, any of them possibly missing. */
export type ServiceDimension = Partial<Record<Measure, string | number | null | undefined>> | null | undefined;

/** Every measure where the service's record and the store's mapping disagree (exactly). */
export function measureDifferences(service: ServiceDimension, store: MappedProduct): MeasureDifference[] {
  const storeData = store.dimensions;
  const differences: MeasureDifference[] = [];
  for (const measure of MEASURES) {
    const serviceText = textOf(service?.[measure]);
    const storeText = storeData ? storeData[measure] : null;
    if (!sameNumber(serviceText, storeText))
      differences.push({ field: measureField(measure), service: serviceText, store: storeText });
  }
  return differences;
}

/** Each measure as text keyed by the service's name for it (null when not recorded), as the SKU lookup shows them. */
export function measuresByField(measures: ServiceDimension): Record<MeasureField, string | null> {
  const out = {} as Record<MeasureField, string | null>;
  for (const measure of MEASURES) out[measureField(measure)] = textOf(measures?.[measure]);
  return out;
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
