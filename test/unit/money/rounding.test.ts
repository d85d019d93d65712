import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBasisPoints, divideRounded, rescaleSubunits, type RoundingMode } from "~/money";

describe("divideRounded", () => {
  it("rounds an exact .5 subunit away from zero with half-up", () => {
    // GIVEN quotients that land exactly on half a subunit
    // WHEN rounded half-up THEN ties go away from zero on both signs
    expect(divideRounded(5n, 2n, "half-up")).toBe(3n);
    expect(divideRounded(-5n, 2n, "half-up")).toBe(-3n);
    expect(divideRounded(5n, -2n, "half-up")).toBe(-3n);
  });

  it("rounds just below and just above a tie to the nearest", () => {
    expect(divideRounded(149n, 100n, "half-up")).toBe(1n);
    expect(divideRounded(151n, 100n, "half-up")).toBe(2n);
    expect(divideRounded(-149n, 100n, "half-up")).toBe(-1n);
    expect(divideRounded(-151n, 100n, "half-up")).toBe(-2n);
  });

  it("rounds towards +∞ with ceil and towards −∞ with floor on both signs", () => {
    expect(divideRounded(7n, 2n, "ceil")).toBe(4n);
    expect(divideRounded(-7n, 2n, "ceil")).toBe(-3n);
    expect(divideRounded(7n, 2n, "floor")).toBe(3n);
    expect(divideRounded(-7n, 2n, "floor")).toBe(-4n);
  });

  it("returns the exact quotient untouched in every mode", () => {
    for (const mode of ["half-up", "ceil", "floor"] as const) {
      expect(divideRounded(-12n, 4n, mode)).toBe(-3n);
      expect(divideRounded(0n, 7n, mode)).toBe(0n);
    }
  });

  it("refuses to divide by zero", () => {
    expect(() => divideRounded(1n, 0n, "floor")).toThrow(RangeError);
  });

  it("stays within one subunit of the exact quotient and brackets it: floor ≤ half-up ≤ ceil", () => {
    const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), nonZero, (n, d) => {
        const floor = divideRounded(n, d, "floor");
        const ceil = divideRounded(n, d, "ceil");
        const half = divideRounded(n, d, "half-up");
        expect(floor <= half && half <= ceil).toBe(true);
        expect(ceil - floor).toBe(n % d === 0n ? 0n : 1n);
        // floor·d ≤ n < (floor+1)·d, written without division so it checks the definition itself
        const [lo, hi] = d > 0n ? [floor * d, (floor + 1n) * d] : [(floor + 1n) * d, floor * d];
        expect(d > 0n ? lo <= n && n < hi : lo < n && n <= hi).toBe(true);
      }),
    );
  });
});

describe("applyBasisPoints", () => {
  it("adds a percent markup exactly: 15 % on 123.40 is 141.91", () => {
    // GIVEN 12340 subunits and a 15 % markup (1500 bp): exact result 14191.0
    expect(applyBasisPoints(12340n, 1500, "half-up")).toBe(14191n);
  });

  it("rounds a markup that lands on half a centavo according to the mode", () => {
    // GIVEN 0.10 with a 5 % markup: exact result 10.5 subunits
    expect(applyBasisPoints(10n, 500, "half-up")).toBe(11n);
    expect(applyBasisPoints(10n, 500, "floor")).toBe(10n);
    expect(applyBasisPoints(10n, 500, "ceil")).toBe(11n);
  });

  it("applies discounts as negative basis points", () => {
    // GIVEN 100.00 and a 12.5 % discount (−1250 bp) THEN 87.50
    expect(applyBasisPoints(10000n, -1250n, "half-up")).toBe(8750n);
    // GIVEN 0.01 and a 50 % discount: exact 0.5 subunit
    expect(applyBasisPoints(1n, -5000, "half-up")).toBe(1n);
    expect(applyBasisPoints(1n, -5000, "floor")).toBe(0n);
  });

  it("refuses fractional basis points given as a number", () => {
    expect(() => applyBasisPoints(100n, 12.5, "floor")).toThrow(RangeError);
  });

  it("never lets a ceil markup charge less, nor a floor markup charge more, than the exact price", () => {
    const modes = fc.constantFrom<RoundingMode>("ceil", "floor");
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: -10_000, max: 100_000 }),
        modes,
        (s, bp, mode) => {
          const result = applyBasisPoints(s, bp, mode);
          const exactTimes10000 = s * (10_000n + BigInt(bp));
          if (mode === "ceil") expect(result * 10_000n >= exactTimes10000).toBe(true);
          else expect(result * 10_000n <= exactTimes10000).toBe(true);
        },
      ),
    );
  });
});

describe("rescaleSubunits", () => {
  it("drops a decimal with the named rounding and adds decimals exactly", () => {
    expect(rescaleSubunits(1005n, 3, 2, "half-up")).toBe(101n);
    expect(rescaleSubunits(1005n, 3, 2, "floor")).toBe(100n);
    expect(rescaleSubunits(-1005n, 3, 2, "half-up")).toBe(-101n);
    expect(rescaleSubunits(101n, 2, 4, "floor")).toBe(10100n);
  });
});
