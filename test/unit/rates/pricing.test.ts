import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markedUpCentavos, roundForCheckout } from "~/rates/pricing";

const noMarkup = { basisPoints: 0, fixedCentavos: 0 };

describe("markedUpCentavos", () => {
  it("reads the service's decimal text as exact centavos", () => {
    expect(markedUpCentavos("99.00", noMarkup)).toBe(9900n);
    expect(markedUpCentavos("149.5", noMarkup)).toBe(14950n);
    expect(markedUpCentavos("0.10", noMarkup)).toBe(10n);
    expect(markedUpCentavos("123456789.99", noMarkup)).toBe(12345678999n);
  });

  it("rounds a result of exactly half a centavo up, once", () => {
    // 1.00 × 1.005 = 1.005 pesos = 100.5 centavos → 101; in floats it is 100.49999999999999 and rounds to 100
    expect(Math.round(1.0 * (1 + 50 / 10_000) * 100)).toBe(100);
    expect(markedUpCentavos("1.00", { basisPoints: 50, fixedCentavos: 0 })).toBe(101n);
    // 0.50 × 1.15 = 57.5 centavos → 58 (floats: 57.49999999999999)
    expect(markedUpCentavos("0.50", { basisPoints: 1_500, fixedCentavos: 0 })).toBe(58n);
    // 99.90 × 1.0005 = 9994.995 centavos → 9995
    expect(markedUpCentavos("99.90", { basisPoints: 5, fixedCentavos: 0 })).toBe(9995n);
    // 0.01 × 1.5 = 0.015 → 1.5 centavos → 2
    expect(markedUpCentavos("0.01", { basisPoints: 5_000, fixedCentavos: 0 })).toBe(2n);
    // just under half rounds down: 0.01 × 1.4999 = 1.4999 centavos → 1
    expect(markedUpCentavos("0.01", { basisPoints: 4_999, fixedCentavos: 0 })).toBe(1n);
  });

  it("applies the percentage first and the fixed amount after it, rounding only at the end", () => {
    // (99.00 × 1.10) + 15.00 = 123.90
    expect(markedUpCentavos("99.00", { basisPoints: 1_000, fixedCentavos: 1_500 })).toBe(12_390n);
    // 3 centavos × 1.5 = 4.5, plus 1 centavo fixed = 5.5 → 6 (rounding 4.5 first would give 5 + 1 = 6 only by luck)
    expect(markedUpCentavos("0.03", { basisPoints: 5_000, fixedCentavos: 1 })).toBe(6n);
  });

  it("keeps more than two decimals exact instead of rejecting or truncating them", () => {
    expect(markedUpCentavos("10.005", noMarkup)).toBe(1001n);
    expect(markedUpCentavos("10.0049", noMarkup)).toBe(1000n);
  });

  it("never answers a negative price, however large the discount", () => {
    expect(markedUpCentavos("99.00", { basisPoints: -10_000, fixedCentavos: 0 })).toBe(0n);
    expect(markedUpCentavos("99.00", { basisPoints: 0, fixedCentavos: -20_000 })).toBe(0n);
  });

  it("matches exact rational arithmetic for any price and markup", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: -10_000, max: 100_000 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        (centavos, bp, fixed) => {
          const text = `${centavos / 100n}.${(centavos % 100n).toString().padStart(2, "0")}`;
          // exact = centavos × (10000 + bp) / 10000 + fixed; half-up ⇔ floor((2·num + den) / (2·den)) for num ≥ 0
          const num = centavos * BigInt(10_000 + bp) + BigInt(fixed) * 10_000n;
          const expected = num <= 0n ? 0n : (2n * num + 10_000n) / 20_000n;
          expect(markedUpCentavos(text, { basisPoints: bp, fixedCentavos: fixed })).toBe(expected);
        },
      ),
    );
  });
});

describe("roundForCheckout", () => {
  it("leaves prices alone with rounding off", () => {
    expect(roundForCheckout(12_345n, "none")).toBe(12_345n);
  });

  it("rounds up to the whole peso", () => {
    expect(roundForCheckout(12_301n, "up_to_peso")).toBe(12_400n);
    expect(roundForCheckout(12_300n, "up_to_peso")).toBe(12_300n);
    expect(roundForCheckout(1n, "up_to_peso")).toBe(100n);
  });

  it("rounds up to the next .99", () => {
    expect(roundForCheckout(12_300n, "up_to_99")).toBe(12_399n);
    expect(roundForCheckout(12_350n, "up_to_99")).toBe(12_399n);
    expect(roundForCheckout(12_399n, "up_to_99")).toBe(12_399n);
  });

  it("keeps a free price free", () => {
    expect(roundForCheckout(0n, "up_to_peso")).toBe(0n);
    expect(roundForCheckout(0n, "up_to_99")).toBe(0n);
  });

  it("never lowers a price and lands where each mode says", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (price) => {
        const peso = roundForCheckout(price, "up_to_peso");
        const ninetyNine = roundForCheckout(price, "up_to_99");
        expect(peso >= price && peso - price < 100n && peso % 100n === 0n).toBe(true);
        expect(ninetyNine >= price && ninetyNine - price < 100n && ninetyNine % 100n === 99n).toBe(true);
      }),
    );
  });
});
