/**
 * The one reader of numbers a merchant types into a form: money, percentages and counts, as
 * es-MX and en write them ("." decimal, "," thousands: "1,250.50"). Pure and browser-safe, so the
 * page states the same ranges the server enforces. Values come back as exact integer subunits
 * (centavos, basis points, units), never floats; anything it could only read by guessing is
 * refused with a code the page words in the merchant's language.
 */
import { parseDecimalToSubunits } from "~/money";

/** What a field accepts: `scale` decimals (2 for pesos and percentages, 0 for counts) and a range in subunits. */
export interface NumberFieldSpec {
  kind: "money" | "percent" | "count";
  scale: 0 | 2;
  /** Smallest value accepted, in subunits (centavos, basis points, units). */
  min: number;
  /** Largest value accepted, in subunits. */
  max: number;
  /** An empty field is allowed and reads as null. */
  optional?: boolean;
  /** The unit a count is in, for the range sentence ("minutos", "ms"). Keys of `numbers.units`. */
  unit?: NumberUnit;
}

type NumberUnit = "ms" | "seconds" | "minutes" | "hours" | "days" | "units";

/** Why a typed number was refused; the catalogues' `numbers.errors` word each code. */
export type NumberInputError =
  | { code: "required" }
  | { code: "unreadable" }
  | { code: "ambiguousComma" }
  | { code: "tooManyDecimals" }
  | { code: "wholeNumber" }
  | { code: "outOfRange" };

export type NumberInputResult = { ok: true; value: number | null } | { ok: false; error: NumberInputError };

// Digits, optionally grouped by thousands with commas, then an optional "." and decimals.
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const GROUPED = /^(-?)(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * Normalises what a keyboard or a paste can produce: full-width digits and signs (NFKC), the
 * typographic minus, non-breaking spaces, a leading "$" and trailing "MXN" or "%".
 */
function normaliseNumberText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2212\u2012\u2013\uFE63]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(-?)\s*\$\s*/, "$1")
    .replace(/\s*(MXN|%)$/i, "")
    .trim();
}

/** Reads `text` as `spec` describes; never throws, whatever the text. */
export function parseNumberInput(text: string, spec: NumberFieldSpec): NumberInputResult {
  const clean = normaliseNumberText(text);
  if (clean === "") return spec.optional ? { ok: true, value: null } : { ok: false, error: { code: "required" } };
  const match = PLAIN.exec(clean) ?? GROUPED.exec(clean);
  if (!match) {
    // "20,50" or "1,5": a comma that is not a thousands separator could only be read by guessing.
    return { ok: false, error: { code: /^-?\d[\d,]*(\.\d+)?$/.test(clean) ? "ambiguousComma" : "unreadable" } };
  }
  const [, minus = "", whole = "", fraction = ""] = match;
  const significantFraction = fraction.replace(/0+$/, "");
  if (significantFraction.length > spec.scale) {
    return { ok: false, error: { code: spec.scale === 0 ? "wholeNumber" : "tooManyDecimals" } };
  }
  const digits = whole.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  // Far past any range: refused before any arithmetic, so a 30-digit number is just out of range.
  if (digits.length > 15) return { ok: false, error: { code: "outOfRange" } };
  const subunits = parseDecimalToSubunits(
    `${minus}${digits}${significantFraction ? `.${significantFraction}` : ""}`,
    spec.scale,
  );
  if (subunits < BigInt(spec.min) || subunits > BigInt(spec.max)) return { ok: false, error: { code: "outOfRange" } };
  return { ok: true, value: Number(subunits) };
}

/** Writes subunits as the form shows them: "1,250.50", "-12.5"→"-12.50", counts without decimals. */
export function formatNumberInput(subunits: number, scale: 0 | 2, { grouping = true } = {}): string {
  const negative = subunits < 0;
  const abs = BigInt(Math.abs(subunits));
  const unit = 10n ** BigInt(scale);
  const whole = (abs / unit).toString();
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole;
  const fraction = scale ? `.${(abs % unit).toString().padStart(scale, "0")}` : "";
  return `${negative ? "-" : ""}${grouped}${fraction}`;
}
