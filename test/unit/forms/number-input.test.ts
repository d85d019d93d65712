// The one reader of numbers typed into forms (es-MX and en: "." decimal, "," thousands).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNumberInput, parseNumberInput, type NumberFieldSpec } from "~/forms/number-input";
import { describeRange } from "~/forms/number-messages";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

const PESOS: NumberFieldSpec = { kind: "money", scale: 2, min: 0, max: 100_000_000 };
const PERCENT: NumberFieldSpec = { kind: "percent", scale: 2, min: -9_000, max: 100_000 };
const MINUTES: NumberFieldSpec = { kind: "count", scale: 0, min: 5, max: 1_440, unit: "minutes" };

describe("parseNumberInput", () => {
  it.each([
    ["1,250.50", PESOS, 125_050],
    ["1250.5", PESOS, 125_050],
    ["$ 20.50", PESOS, 2_050],
    ["20.50 MXN", PESOS, 2_050],
    ["1,000,000", PESOS, 100_000_000],
    ["10.5", PERCENT, 1_050],
    ["10.5 %", PERCENT, 1_050],
    ["−12.34", PERCENT, -1_234],
    ["１２５０．５", PESOS, 125_050],
    ["１，２５０", PESOS, 125_000],
    ["30", MINUTES, 30],
    ["1,440", MINUTES, 1_440],
    ["30.0", MINUTES, 30],
    ["007", MINUTES, 7],
  ])("reads %j as %d subunits", (text, spec, value) => {
    expect(parseNumberInput(text, spec)).toEqual({ ok: true, value });
  });

  it.each([
    ["20,50", PESOS, "ambiguousComma"],
    ["10,5", PERCENT, "ambiguousComma"],
    ["10,5", MINUTES, "ambiguousComma"],
    ["1,25,000", PESOS, "ambiguousComma"],
    ["1.234", PESOS, "tooManyDecimals"],
    ["10.5", MINUTES, "wholeNumber"],
    ["diez", PESOS, "unreadable"],
    ["1e3", PESOS, "unreadable"],
    ["0x10", MINUTES, "unreadable"],
    ["", PESOS, "required"],
    ["   ", MINUTES, "required"],
    ["-100", PERCENT, "outOfRange"],
    ["-1", PESOS, "outOfRange"],
    ["2", MINUTES, "outOfRange"],
    ["99999999999999999999999", PERCENT, "outOfRange"],
    ["123456789012345678901234567890", PESOS, "outOfRange"],
  ])("refuses %j (%s)", (text, spec, code) => {
    expect(parseNumberInput(text, spec)).toEqual({ ok: false, error: { code } });
  });

  it("reads an empty optional field as no value", () => {
    expect(parseNumberInput(" ", { ...PESOS, optional: true })).toEqual({ ok: true, value: null });
  });

  it("never throws, and what it accepts is inside the range and reads back the same once shown", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.stringMatching(/^-?[\d,.]{0,40}$/)), (text) => {
        for (const spec of [PESOS, PERCENT, MINUTES]) {
          const parsed = parseNumberInput(text, spec);
          if (!parsed.ok || parsed.value === null) continue;
          expect(parsed.value).toBeGreaterThanOrEqual(spec.min);
          expect(parsed.value).toBeLessThanOrEqual(spec.max);
          expect(parseNumberInput(formatNumberInput(parsed.value, spec.scale), spec)).toEqual(parsed);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("states each range in the page's language", () => {
    expect(describeRange(PERCENT, es.numbers)).toBe("Entre -90.00 % y 1,000.00 %.");
    expect(describeRange(PERCENT, en.numbers)).toBe("Between -90.00% and 1,000.00%.");
    expect(describeRange({ ...PESOS, optional: true }, es.numbers)).toBe("Opcional. Entre $0.00 y $1,000,000.00.");
    expect(describeRange(MINUTES, en.numbers)).toBe("Between 5 minutes and 1,440 minutes.");
    // One is singular: «Entre 1 unidad y 999 unidades», never «1 unidades» / "1 units".
    const QUANTITY = { kind: "count", scale: 0, min: 1, max: 999, unit: "units" } as const;
    expect(describeRange(QUANTITY, es.numbers)).toBe("Entre 1 unidad y 999 unidades.");
    expect(describeRange(QUANTITY, en.numbers)).toBe("Between 1 unit and 999 units.");
    expect(describeRange({ ...QUANTITY, min: 0, max: 1, unit: "days" }, es.numbers)).toBe("Entre 0 días y 1 día.");
  });
});
