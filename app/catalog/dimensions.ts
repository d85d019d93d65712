/**
 * Package dimensions in centimetres. Shopify has no native variant dimensions: stores keep them in
 * metafields, as plain numbers (taken as centimetres) or as the `dimension` type, whose JSON value
 * carries its own unit. Variant metafields win over product metafields, which win over the shop's
 * default package.
 */
import {
  exactFromNumber,
  formatExact,
  isPositive,
  multiplyExact,
  parseExactDecimal,
  roundExact,
  type ExactDecimal,
} from "./exact-decimal";
import type { DimensionProblem, DimensionProblemCode } from "./reason-codes";

/**
 * A metafield as Admin GraphQL returns it: its type and its value as text.
 * @internal
 */
export interface MetafieldValue {
  type: string;
  value: string;
}

export interface DimensionMetafields {
  length: MetafieldValue | null;
  width: MetafieldValue | null;
  height: MetafieldValue | null;
}

const SIDES = ["length", "width", "height"] as const;
export type Side = (typeof SIDES)[number];

/** Shopify's `dimension` metafield units, in centimetres. */
const CM_PER_UNIT: Record<string, ExactDecimal> = {
  mm: { units: 1n, scale: 1 },
  cm: { units: 1n, scale: 0 },
  m: { units: 100n, scale: 0 },
  in: { units: 254n, scale: 2 },
  ft: { units: 3048n, scale: 2 },
  yd: { units: 9144n, scale: 2 },
};

/** Centimetres are sent with at most two decimals (a tenth of a millimetre is noise for a box). */
const CM_DECIMALS = 2;
/** The service's numeric text allows nine integer digits. */
const MAX_CM = { units: 999_999_999n, scale: 0 };

/** @internal */
export type SideResult =
  { ok: true; cm: ExactDecimal } | { ok: false; problem: Exclude<DimensionProblemCode, "missing">; detail?: string };

/**
 * Reads one side in centimetres, rounded half up to two decimals.
 * @internal
 */
export function sideToCm(metafield: MetafieldValue): SideResult {
  let cm: ExactDecimal | null;
  if (metafield.type === "dimension") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(metafield.value);
    } catch {
      return { ok: false, problem: "unreadable", detail: excerpt(metafield.value) };
    }
    const { value, unit } = (parsed ?? {}) as { value?: unknown; unit?: unknown };
    const factor = typeof unit === "string" ? CM_PER_UNIT[unit.toLowerCase()] : undefined;
    if (!factor) return { ok: false, problem: "unknownUnit", detail: String(unit) };
    const amount =
      typeof value === "number" ? exactFromNumber(value) : typeof value === "string" ? parseExactDecimal(value) : null;
    cm = amount && multiplyExact(amount, factor);
  } else {
    cm = parseExactDecimal(metafield.value);
  }
  if (!cm) return { ok: false, problem: "notNumber", detail: excerpt(metafield.value) };
  const rounded = roundExact(cm, CM_DECIMALS);
  if (!isPositive(rounded)) return { ok: false, problem: "notPositive" };
  if (rounded.units > MAX_CM.units * 10n ** BigInt(rounded.scale)) return { ok: false, problem: "tooLarge" };
  return { ok: true, cm: rounded };
}

export interface DimensionsCm {
  length: ExactDecimal;
  width: ExactDecimal;
  height: ExactDecimal;
}

export type DimensionsSource = "variant" | "product" | "default-package";

export type DimensionsResult =
  | { kind: "found"; source: DimensionsSource; cm: DimensionsCm }
  | { kind: "none" }
  /** Some sides are recorded at a level but not all three, or one cannot be read. */
  | { kind: "invalid"; source: "variant" | "product"; problems: DimensionProblem[] };

export interface DefaultPackage {
  length: string;
  width: string;
  height: string;
}

/**
 * The first level that records any side decides: an incomplete or unreadable set is reported
 * rather than silently replaced by the next level, so the merchant sees the mistake.
 */
export function resolveDimensions(args: {
  variant: DimensionMetafields;
  product: DimensionMetafields;
  defaultPackage: DefaultPackage | null;
  /** Metafield names for the problems found, e.g. { length: "custom.length", ... }. */
  names: Record<Side, string>;
}): DimensionsResult {
  for (const [source, metafields] of [
    ["variant", args.variant],
    ["product", args.product],
  ] as const) {
    if (SIDES.every((side) => !metafields[side])) continue;
    const problems: DimensionProblem[] = [];
    const cm: Partial<DimensionsCm> = {};
    for (const side of SIDES) {
      const metafield = metafields[side];
      if (!metafield) {
        problems.push({ problem: "missing", metafield: args.names[side] });
        continue;
      }
      const read = sideToCm(metafield);
      if (read.ok) cm[side] = read.cm;
      else
        problems.push({
          problem: read.problem,
          metafield: args.names[side],
          ...(read.detail !== undefined ? { detail: read.detail } : {}),
        });
    }
    if (problems.length > 0) return { kind: "invalid", source, problems };
    return { kind: "found", source, cm: cm as DimensionsCm };
  }
  if (args.defaultPackage) {
    const sides = SIDES.map((side) => parseExactDecimal(args.defaultPackage![side]));
    const [length, width, height] = sides;
    if (length && width && height && sides.every((s) => s && isPositive(s))) {
      return { kind: "found", source: "default-package", cm: { length, width, height } };
    }
  }
  return { kind: "none" };
}

/** Length × width × height in cm³, exact (at most six decimals from two-decimal sides). */
export function volumeCm3(cm: DimensionsCm): ExactDecimal {
  return multiplyExact(multiplyExact(cm.length, cm.width), cm.height);
}

export function cmText(value: ExactDecimal): string {
  return formatExact(value);
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 30 ? `${text.slice(0, 30)}…` : text);
}
