import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideRounded } from "~/money";

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

