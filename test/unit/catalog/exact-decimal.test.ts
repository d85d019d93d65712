import { describe, expect, it } from "vitest";
import { compareExact, formatExact, multiplyExact, parseExactDecimal, roundExact } from "~/catalog/exact-decimal";

const d = (text: string) => {
  const value = parseExactDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe("exact decimals", () => {
  it.each([
    ["12", "12"],
    ["12.50", "12.5"],
    ["0.0", "0"],
    ["-0.5", "-0.5"],
    ["1e-7", "0.0000001"],
    ["3.5E2", "350"],
    [" 7.25 ", "7.25"],
    [".5", "0.5"],
  ])("reads %j as %s", (text, expected) => {
    expect(formatExact(d(text))).toBe(expected);
  });

  it.each(["", "abc", "1,5", "1.2.3", "e5", "1e999", "--1"])("refuses %j", (text) => {
    expect(parseExactDecimal(text)).toBeNull();
  });

  it("multiplies and rounds half away from zero", () => {
    expect(formatExact(multiplyExact(d("14"), d("2.54")))).toBe("35.56");
    expect(formatExact(roundExact(d("0.845"), 2))).toBe("0.85");
    expect(formatExact(roundExact(d("0.8449"), 2))).toBe("0.84");
    expect(formatExact(roundExact(d("-0.845"), 2))).toBe("-0.85");
  });

  it("compares across scales", () => {
    expect(compareExact(d("1.50"), d("1.5"))).toBe(0);
    expect(compareExact(d("1.49"), d("1.5"))).toBe(-1);
    expect(compareExact(d("10"), d("9.999"))).toBe(1);
  });
});
