/**
 * A product's five measures in our words, and the service's name for each (issue 20: wire names
 * stay in app/svc). Pure and free of server code: the catalogue page's SKU lookup card uses it.
 *
 * The catalogue records a measure that differs under the service's name for it (`field` of a
 * stored difference, the keys of the SKU lookup's table and of `catalog.measures` in app/i18n):
 * it names the field of the service's record that holds another value. Rows written so far say
 * so too, so these names are data as well as wire.
 */

/** The measures, in the order the catalogue shows them. */
export const MEASURES = ["weight", "length", "width", "height", "volume"] as const;
export type Measure = (typeof MEASURES)[number];

/** A product's measures as numeric text, in the units the service fixes: grams, centimetres, cm³. */
export type ProductDimensions = Record<Measure, string>;

const FIELD_OF = {
  weight: "peso",
  length: "largo",
  width: "ancho",
  height: "altura",
  volume: "volumen",
} as const satisfies Record<Measure, string>;

/** The service's name of a measure's field. */
export type MeasureField = (typeof FIELD_OF)[Measure];

/** The service's field names, in the order of MEASURES. */
export const MEASURE_FIELDS: readonly MeasureField[] = MEASURES.map((measure) => FIELD_OF[measure]);

/** The service's name of the field holding `measure`. */
export function measureField(measure: Measure): MeasureField {
  return FIELD_OF[measure];
}
