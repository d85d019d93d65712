// The range of every number field of Configuración, read by the server's parsers and stated next
// to each field by the page (browser-safe: no .server imports). Money and percentages in
// subunits (centavos, basis points), counts in units.
import type { NumberFieldSpec } from "~/forms/number-input";

/** Rate rules. A markup can lower a rate but never to zero or below: only "free" makes it free. */
export const RATE_FIELDS = {
  // −90 % at most: −100 % would make every rate $0.00 without "free" being chosen.
  markupPercent: { kind: "percent", scale: 2, min: -9_000, max: 100_000 },
  // Never negative: a fixed discount larger than a quote would turn the rate into "free".
  markupFixed: { kind: "money", scale: 2, min: 0, max: 1_000_000 },
  freeShippingMin: { kind: "money", scale: 2, min: 0, max: 100_000_000, optional: true },
  fallbackPrice: { kind: "money", scale: 2, min: 100, max: 100_000_000, optional: true },
  fallbackDays: { kind: "count", scale: 0, min: 0, max: 60, optional: true, unit: "days" },
  handlingDays: { kind: "count", scale: 0, min: 0, max: 30, unit: "days" },
  deadlineMs: { kind: "count", scale: 0, min: 250, max: 2_500, unit: "ms" },
  cacheTtlSeconds: { kind: "count", scale: 0, min: 0, max: 3_600, unit: "seconds" },
  // How old the last real rates may be to answer when the service fails (0: never; a week at most).
  staleMaxAgeHours: { kind: "count", scale: 0, min: 0, max: 168, unit: "hours" },
} satisfies Record<string, NumberFieldSpec>;

/** Orders and stock. An empty hold-back or import reads as 0, what their help text calls "right away". */
export const OPERATIONS_FIELDS = {
  holdBackMinutes: { kind: "count", scale: 0, min: 0, max: 1_440, unit: "minutes", optional: true },
  importDays: { kind: "count", scale: 0, min: 0, max: 60, unit: "days", optional: true },
  stockIntervalMinutes: { kind: "count", scale: 0, min: 5, max: 1_440, unit: "minutes" },
} satisfies Record<string, NumberFieldSpec>;
