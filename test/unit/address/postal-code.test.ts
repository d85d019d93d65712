import { describe, expect, it } from "vitest";
import { isMexicanPostalCode, normalizePostalCode, resolvePostalCode } from "~/address/postal-code";

describe("normalizePostalCode", () => {
  it.each([
    ["06500", "06500"],
    ["C.P. 06500", "06500"],
    ["CP06500", "06500"],
    ["código postal 97000", "97000"],
    ["44 100", "44100"],
    ["44-100", "44100"],
    [" 77500 ", "77500"],
  ])("reads %j as %s", (typed, value) => {
    expect(normalizePostalCode(typed)).toEqual({ value, warnings: [] });
  });

  it("pads a Mexico City code that lost its leading zero, and says so", () => {
    // GIVEN a code a spreadsheet stored as a number
    const { value, warnings } = normalizePostalCode("6500");
    // THEN the zero comes back and the merchant is told
    expect(value).toBe("06500");
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "postalCode",
        message: 'postal code "6500" has four digits; sent "06500"',
        original: "6500",
      }),
    ]);
  });

  it("reads a numeric zip from a hand-built payload", () => {
    expect(normalizePostalCode(44100).value).toBe("44100");
  });

  it.each(["065OO", "1234567", "SW1A 1AA", "90210-1234"])("sends %j as typed, with a warning", (typed) => {
    const { value, warnings } = normalizePostalCode(typed);
    expect(value).toBe(typed);
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "postalCode",
        message: expect.stringContaining("not a valid Mexican postal code"),
        original: typed,
      }),
    ]);
  });

  it.each(["00100", "17000", "18999", "19500"])("flags %s, five digits in no state's range", (code) => {
    expect(isMexicanPostalCode(code)).toBe(false);
    expect(normalizePostalCode(code).warnings).toHaveLength(1);
  });

  it("reports a missing postal code", () => {
    expect(normalizePostalCode(null)).toEqual({
      value: "",
      warnings: [expect.objectContaining({ field: "postalCode", message: "no postal code given" })],
    });
  });
});

describe("resolvePostalCode", () => {
  it("takes the code from an address line when the field is empty", () => {
    const { value, warnings } = resolvePostalCode("", ["44100"]);
    expect(value).toBe("44100");
    expect(warnings.map((w) => w.original)).toEqual(["44100"]);
  });

  it("keeps the field's code and reports a line code that disagrees", () => {
    const { value, warnings } = resolvePostalCode("44100", ["44600", "44100"]);
    expect(value).toBe("44100");
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "postalCode",
        message: "an address line mentions postal code 44600; sent 44100",
        original: "44600",
      }),
    ]);
  });
});
