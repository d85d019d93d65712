import { CM_PER_UNIT } from "../../units";

/** The metafield types this store accepts and how Shopify would judge a value of each. */
const VALIDATORS: Record<string, (value: string) => string | null> = {
  single_line_text_field: (value) => (value.includes("\n") ? "Value must be a single line text string." : null),
  multi_line_text_field: () => null,
  number_integer: (value) => (/^-?\d+$/.test(value) ? null : "Value must be an integer."),
  number_decimal: (value) => (/^-?\d+(\.\d+)?$/.test(value) ? null : "Value must be a decimal."),
  boolean: (value) => (value === "true" || value === "false" ? null : "Value must be true or false."),
  json: (value) => (parseJson(value) === undefined ? "Value is invalid JSON." : null),
  date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : "Value must be in YYYY-MM-DD format."),
  date_time: (value) => (Number.isNaN(Date.parse(value)) ? "Value must be in ISO 8601 format." : null),
  url: (value) => (/^https?:\/\/\S+$/.test(value) ? null : "Value must be a valid URL."),
  color: (value) => (/^#[0-9a-fA-F]{6}$/.test(value) ? null : "Value must be a hex color code."),
  dimension: (value) => measurement(value, Object.keys(CM_PER_UNIT)),
  weight: (value) => measurement(value, ["oz", "lb", "g", "kg"]),
  volume: (value) =>
    measurement(value, [
      "ml",
      "cl",
      "l",
      "m3",
      "us_fl_oz",
      "us_pt",
      "us_qt",
      "us_gal",
      "imp_fl_oz",
      "imp_pt",
      "imp_qt",
      "imp_gal",
    ]),
  product_reference: (value) =>
    value.startsWith("gid://shopify/Product/") ? null : "Value must be a product reference.",
  variant_reference: (value) =>
    value.startsWith("gid://shopify/ProductVariant/") ? null : "Value must be a product variant reference.",
};

export const METAFIELD_TYPES = Object.keys(VALIDATORS);

/** Answers Shopify-style problem text for a value that does not fit its type, or null. */
export function metafieldValueProblem(type: string, value: string): string | null {
  return VALIDATORS[type]?.(value) ?? null;
}

function measurement(value: string, units: string[]): string | null {
  const parsed = parseJson(value) as { value?: unknown; unit?: unknown } | undefined;
  if (!parsed || typeof parsed !== "object" || typeof parsed.value !== "number") {
    return 'Value must be a JSON object with a numeric "value" and a "unit".';
  }
  if (typeof parsed.unit !== "string" || !units.includes(parsed.unit)) {
    return `Unit must be one of the following: ${units.join(", ")}.`;
  }
  return null;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
