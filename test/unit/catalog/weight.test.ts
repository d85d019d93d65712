import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weightToGrams } from "~/catalog/weight";

const grams = (unit: string, value: number | string) => {
  const result = weightToGrams({ unit, value });
  if (!result.ok) throw new Error(`expected grams, got ${result.problem}`);
  return result.grams;
};

/** Reference: value (decimal text) × grams-per-unit as a fraction, rounded half up, in BigInt. */
function reference(valueText: string, perUnit: { n: bigint; d: bigint }): bigint {
  const [whole, fraction = ""] = valueText.split(".");
  const n = BigInt(whole + fraction) * perUnit.n;
  const d = 10n ** BigInt(fraction.length) * perUnit.d;
  return (2n * n + d) / (2n * d);
}

describe("weightToGrams", () => {
  it.each([
    ["GRAMS", 450, 450n],
    ["KILOGRAMS", 1.1, 1100n],
    ["KILOGRAMS", 0.5, 500n],
    ["KILOGRAMS", 1.05, 1050n],
    ["OUNCES", 14, 397n], // 396.893323750
    ["OUNCES", 15, 425n], // 425.242846875
    ["OUNCES", 1.2, 34n], // 34.01942775
    ["OUNCES", 2.3, 65n], // 65.2039031875
    ["POUNDS", 1.2, 544n], // 544.310844
    ["POUNDS", 0.6, 272n], // 272.155422
    ["POUNDS", 1.5, 680n], // 680.388555
    ["GRAMS", 0.5, 1n], // a half rounds up
    ["GRAMS", "12.49", 12n],
    ["KILOGRAMS", 1e-3, 1n],
  ])("converts %s %s exactly to %s g", (unit, value, expected) => {
    expect(grams(unit, value)).toBe(expected);
  });

  it("avoids binary floating point: 0.5005 kg is 501 g, where floats give 500.4999…", () => {
    expect(Math.round(0.5005 * 1000)).toBe(500);
    expect(grams("KILOGRAMS", 0.5005)).toBe(501n);
  });

  it("rounds half up exactly at the boundary (0.5 oz of grams below and above)", () => {
    // 17.63698097 oz = 499.99999... g; 17.636981 oz = 500.0000... g
    expect(grams("OUNCES", "17.63698097")).toBe(500n);
    expect(grams("GRAMS", "499.4999999")).toBe(499n);
  });

  it("treats 0 as missing, and says why for anything else it cannot use", () => {
    expect(weightToGrams({ unit: "KILOGRAMS", value: 0 })).toEqual({ ok: false, problem: "missing" });
    expect(weightToGrams(null)).toEqual({ ok: false, problem: "missing" });
    expect(weightToGrams({ unit: "STONES", value: 1 })).toEqual({ ok: false, problem: "unknown-unit" });
    expect(weightToGrams({ unit: "GRAMS", value: -3 })).toEqual({ ok: false, problem: "invalid" });
    expect(weightToGrams({ unit: "GRAMS", value: Number.NaN })).toEqual({ ok: false, problem: "invalid" });
    expect(weightToGrams({ unit: "GRAMS", value: 0.4 })).toEqual({ ok: false, problem: "below-half-gram" });
  });

  it("matches a rational reference for any ounce and pound value with up to 4 decimals", () => {
    const decimalText = fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }))
      .filter(([w, f]) => w > 0 || f >= 200) // from 0.02: anything lighter rounds to 0 g (below-half-gram)
      .map(([w, f]) => `${w}.${String(f).padStart(4, "0")}`);
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(grams("OUNCES", text)).toBe(reference(text, { n: 28349523125n, d: 10n ** 9n }));
        expect(grams("POUNDS", text)).toBe(reference(text, { n: 45359237n, d: 10n ** 5n }));
      }),
    );
  });

  it("reads JSON numbers through their shortest decimal text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (thousandths) => {
        const value = thousandths / 1000; // e.g. 1.234 kg as Shopify's Float
        expect(grams("KILOGRAMS", value)).toBe(BigInt(thousandths));
      }),
    );
  });
});
