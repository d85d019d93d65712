import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSubunits, isDecimalText, parseDecimalToSubunits } from "~/money";
import { InvalidDecimalError } from "~/money/decimal";

describe("parseDecimalToSubunits", () => {
  it("reads the service's two-decimal price text as exact centavos", () => {
    // GIVEN a totalPricing value as the service sends it
    // WHEN it is parsed at two decimals
    // THEN the integer subunits are exact
    expect(parseDecimalToSubunits("123.40", 2)).toBe(12340n);
    expect(parseDecimalToSubunits("0.10", 2)).toBe(10n);
    expect(parseDecimalToSubunits("0.01", 2)).toBe(1n);
  });

  it("pads text with fewer decimals than the scale", () => {
    expect(parseDecimalToSubunits("7", 2)).toBe(700n);
    expect(parseDecimalToSubunits("7.5", 2)).toBe(750n);
    expect(parseDecimalToSubunits("7.5", 0, { rounding: "floor" })).toBe(7n);
  });

  it("keeps amounts far beyond the float range exact", () => {
    // GIVEN a value that a double cannot hold to the centavo
    const text = "90071992547409931.37";
    // WHEN parsed THEN every digit survives
    expect(parseDecimalToSubunits(text, 2)).toBe(9007199254740993137n);
  });

  it("reads negative amounts", () => {
    expect(parseDecimalToSubunits("-0.40", 2)).toBe(-40n);
    expect(parseDecimalToSubunits("-12", 2)).toBe(-1200n);
  });

  it.each(["", " 1.00", "1.00 ", "1,000.00", "1e3", "+1", ".5", "5.", "1.2.3", "NaN", "--1", "١٢"])(
    "rejects %j with an error that quotes the text",
    (text) => {
      // GIVEN text that is not plain decimal notation WHEN parsed THEN a clear error names it
      expect(() => parseDecimalToSubunits(text, 2)).toThrow(InvalidDecimalError);
      expect(() => parseDecimalToSubunits(text, 2)).toThrow(JSON.stringify(text));
    },
  );

  it("rejects more decimals than the scale unless a rounding mode is named", () => {
    // GIVEN three decimals for a two-decimal currency
    // WHEN parsed without rounding THEN it refuses instead of silently dropping a digit
    expect(() => parseDecimalToSubunits("1.005", 2)).toThrow(/3 decimals, at most 2/);
    // WHEN a mode is named THEN it rounds exactly as asked
    expect(parseDecimalToSubunits("1.005", 2, { rounding: "half-up" })).toBe(101n);
    expect(parseDecimalToSubunits("1.005", 2, { rounding: "floor" })).toBe(100n);
    expect(parseDecimalToSubunits("1.001", 2, { rounding: "ceil" })).toBe(101n);
    expect(parseDecimalToSubunits("-1.005", 2, { rounding: "half-up" })).toBe(-101n);
  });

  it("refuses a scale that is not a small non-negative integer", () => {
    expect(() => parseDecimalToSubunits("1", -1)).toThrow(RangeError);
    expect(() => parseDecimalToSubunits("1", 2.5)).toThrow(RangeError);
  });
});

describe("formatSubunits", () => {
  it("writes subunits back as decimal text with exactly the scale's decimals", () => {
    expect(formatSubunits(12340, 2)).toBe("123.40");
    expect(formatSubunits(5n, 2)).toBe("0.05");
    expect(formatSubunits(0, 2)).toBe("0.00");
    expect(formatSubunits(-5n, 2)).toBe("-0.05");
    expect(formatSubunits(-12340n, 2)).toBe("-123.40");
    expect(formatSubunits(42, 0)).toBe("42");
    expect(formatSubunits(1n, 3)).toBe("0.001");
  });

  it("refuses a number that is not a safe integer", () => {
    expect(() => formatSubunits(1.5, 2)).toThrow(RangeError);
    expect(() => formatSubunits(2 ** 53, 2)).toThrow(RangeError);
  });
});

describe("parse/format properties", () => {
  const scales = fc.integer({ min: 0, max: 6 });

  it("parse(format(n)) gives back n for any integer amount and scale", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scales, (n, scale) => {
        expect(parseDecimalToSubunits(formatSubunits(n, scale), scale)).toBe(n);
      }),
    );
  });

  it("format(parse(text)) gives back canonical text unchanged", () => {
    // Canonical text: no superfluous leading zeros, exactly `scale` decimals, no "-0".
    const canonical = fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), scales)
      .map(([n, scale]) => ({ text: formatSubunits(n, scale), scale }));
    fc.assert(
      fc.property(canonical, ({ text, scale }) => {
        expect(isDecimalText(text)).toBe(true);
        expect(formatSubunits(parseDecimalToSubunits(text, scale), scale)).toBe(text);
      }),
    );
  });

  it("agrees with the string digits of any two-decimal price", () => {
    const price = fc
      .tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99 }))
      .map(([whole, cents]) => ({ text: `${whole}.${String(cents).padStart(2, "0")}`, whole, cents }));
    fc.assert(
      fc.property(price, ({ text, whole, cents }) => {
        expect(parseDecimalToSubunits(text, 2)).toBe(BigInt(whole) * 100n + BigInt(cents));
      }),
    );
  });
});
