import { describe, expect, it } from "vitest";
import { normalizePhone } from "~/address/phone";

describe("normalizePhone", () => {
  it.each([
    ["+52 55 1234 5678", "5512345678"],
    ["52 55 1234 5678", "5512345678"],
    ["+52 1 55 1234 5678", "5512345678"],
    ["521 33 3614 2020", "3336142020"],
    ["044 55 1234 5678", "5512345678"],
    ["045 999 924 1234", "9999241234"],
    ["01 81 8340 1234", "8183401234"],
    ["0052 662 213 4455", "6622134455"],
    ["00521 662 213 4455", "6622134455"],
    ["(55) 1234-5678", "5512345678"],
    ["55.1234.5678", "5512345678"],
    ["+52-614-415-0000", "6144150000"],
    ["Tel. 55 1234 5678", "5512345678"],
    ["Cel: 33 3614 2020", "3336142020"],
    ["5212345678", "5212345678"],
  ])("reads %j as the 10-digit number %s", (typed, national) => {
    // GIVEN a phone as a shopper typed it WHEN normalised THEN only the national number remains
    expect(normalizePhone(typed)).toEqual({ value: national, warnings: [] });
  });

  it.each([
    "+1 415 555 0100",
    "55 1234 567",
    "55 1234 5678 ext 12",
    "0155 1234 5678 9",
    "1234567890",
    "llámame al 55 1234 5678",
    "55 1234 5678 / 33 3614 2020",
  ])("sends %j as typed, with a warning quoting it", (typed) => {
    const { value, warnings } = normalizePhone(typed);
    expect(value).toBe(typed);
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "phone",
        message: expect.stringContaining("not a 10-digit Mexican number"),
        original: typed,
      }),
    ]);
  });

  it("warns that the service needs a phone when there is none", () => {
    for (const missing of [null, undefined, "", "   "]) {
      expect(normalizePhone(missing)).toEqual({
        value: "",
        warnings: [
          expect.objectContaining({
            field: "phone",
            message: "no phone number; the service needs one reachable by WhatsApp",
          }),
        ],
      });
    }
  });
});
