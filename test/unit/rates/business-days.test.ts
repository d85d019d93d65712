import { describe, expect, it } from "vitest";
import { addBusinessDays, formatShopifyDate, isMexicanRestDay, MAX_BUSINESS_DAYS } from "~/rates/business-days";
import { parseSharedValue } from "~/rates/shared-cache.server";

// Instants are given in UTC; Mexico City has been UTC−6 all year since 2022.
const at = (iso: string) => new Date(iso);

describe("formatShopifyDate", () => {
  it("writes Mexico City local time with its offset, as Shopify documents", () => {
    expect(formatShopifyDate(at("2026-11-24T20:48:45Z"))).toBe("2026-11-24 14:48:45 -0600");
  });

  it("moves to the previous local day before 06:00 UTC", () => {
    expect(formatShopifyDate(at("2026-11-25T03:00:00Z"))).toBe("2026-11-24 21:00:00 -0600");
  });

  it("uses the offset of the zone asked for", () => {
    expect(formatShopifyDate(at("2026-07-01T12:00:00Z"), "UTC")).toBe("2026-07-01 12:00:00 +0000");
    expect(formatShopifyDate(at("2026-07-01T12:00:00Z"), "America/Tijuana")).toBe("2026-07-01 05:00:00 -0700");
  });
});

describe("addBusinessDays", () => {
  it("counts Monday to Friday only", () => {
    // Wednesday noon + 3 business days = Monday noon
    expect(formatShopifyDate(addBusinessDays(at("2026-11-25T18:00:00Z"), 3))).toBe("2026-11-30 12:00:00 -0600");
  });

  it("skips the weekend from a Friday", () => {
    expect(formatShopifyDate(addBusinessDays(at("2026-11-27T18:00:00Z"), 1))).toBe("2026-11-30 12:00:00 -0600");
  });

  it("starts counting on Monday when the order is placed on a weekend", () => {
    expect(formatShopifyDate(addBusinessDays(at("2026-11-28T18:00:00Z"), 1))).toBe("2026-11-30 12:00:00 -0600");
    expect(formatShopifyDate(addBusinessDays(at("2026-11-29T18:00:00Z"), 2))).toBe("2026-12-01 12:00:00 -0600");
  });

  it("takes the weekday on the Mexico City calendar, not UTC's", () => {
    // Friday 21:00 in Mexico City is already Saturday in UTC: +1 business day is still Monday.
    expect(formatShopifyDate(addBusinessDays(at("2026-11-28T03:00:00Z"), 1))).toBe("2026-11-30 21:00:00 -0600");
  });

  it("answers the same instant for zero days", () => {
    expect(addBusinessDays(at("2026-11-28T18:00:00Z"), 0).toISOString()).toBe("2026-11-28T18:00:00.000Z");
  });

  it("spans whole weeks", () => {
    expect(formatShopifyDate(addBusinessDays(at("2026-11-25T18:00:00Z"), 10))).toBe("2026-12-09 12:00:00 -0600");
  });
});

describe("daylight saving time (zones that still have it)", () => {
  it("uses each instant's own offset", () => {
    // New York: EST (−0500) in winter, EDT (−0400) in summer
    expect(formatShopifyDate(at("2026-01-15T17:00:00Z"), "America/New_York")).toBe("2026-01-15 12:00:00 -0500");
    expect(formatShopifyDate(at("2026-07-15T16:00:00Z"), "America/New_York")).toBe("2026-07-15 12:00:00 -0400");
  });

  it("changes offset exactly at the transition", () => {
    // 2026-03-08 07:00 UTC is 02:00 EST → 03:00 EDT
    expect(formatShopifyDate(at("2026-03-08T06:59:59Z"), "America/New_York")).toBe("2026-03-08 01:59:59 -0500");
    expect(formatShopifyDate(at("2026-03-08T07:00:00Z"), "America/New_York")).toBe("2026-03-08 03:00:00 -0400");
  });

  it("handles offsets that are not whole hours", () => {
    expect(formatShopifyDate(at("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01 17:30:00 +0530");
  });
});

describe("Mexico's statutory rest days", () => {
  it("are not counted as business days", () => {
    // Friday 13 Nov 2026 + 1: Monday 16 Nov is the Revolution holiday (third Monday) → Tuesday
    expect(formatShopifyDate(addBusinessDays(at("2026-11-13T18:00:00Z"), 1))).toBe("2026-11-17 12:00:00 -0600");
    // Thursday 24 Dec + 1: Friday 25 Dec → Monday 28 Dec
    expect(formatShopifyDate(addBusinessDays(at("2026-12-24T18:00:00Z"), 1))).toBe("2026-12-28 12:00:00 -0600");
    // Thursday 31 Dec + 1: Friday 1 Jan 2027 → Monday 4 Jan
    expect(formatShopifyDate(addBusinessDays(at("2026-12-31T18:00:00Z"), 1))).toBe("2027-01-04 12:00:00 -0600");
  });

  it.each([
    [2027, 1, 1, "New Year"],
    [2027, 2, 1, "first Monday of February"],
    [2027, 3, 15, "third Monday of March"],
    [2027, 5, 1, "1 May"],
    [2027, 9, 16, "16 September"],
    [2030, 10, 1, "inauguration day"],
    [2027, 11, 15, "third Monday of November"],
    [2027, 12, 25, "Christmas"],
  ])("%i-%i-%i (%s) is a rest day", (year, month, day) => {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    expect(isMexicanRestDay(year, month, day, weekday)).toBe(true);
  });

  it.each([
    [2027, 2, 8, "second Monday of February"],
    [2027, 3, 22, "fourth Monday of March"],
    [2027, 10, 1, "1 October outside an inauguration year"],
    [2027, 11, 22, "fourth Monday of November"],
  ])("%i-%i-%i (%s) is a working day", (year, month, day) => {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    expect(isMexicanRestDay(year, month, day, weekday)).toBe(false);
  });
});

describe("a day count no delivery takes (issue 29, defect 7)", () => {
  it("walks at most MAX_BUSINESS_DAYS and refuses more, rather than stalling every answer", () => {
    const from = at("2026-11-25T18:00:00Z");
    expect(addBusinessDays(from, MAX_BUSINESS_DAYS).getTime()).toBeGreaterThan(from.getTime());
    for (const days of [MAX_BUSINESS_DAYS + 1, 100_000, 2_000_000_000, -1, 1.5, Number.NaN])
      expect(() => addBusinessDays(from, days)).toThrow(RangeError);
  });

  it("takes a shared-cache entry with such days for no entry (stored by an instance without the bound)", () => {
    const entry = (days: number) =>
      JSON.stringify({
        outcome: { kind: "quoted", services: [{ service: "NACIONAL", days, totalPricing: "1.00", description: "x" }] },
        quotedAt: 1,
      });
    expect(parseSharedValue(entry(5), 1_000)).toMatchObject({ quotedAt: 1 });
    expect(parseSharedValue(entry(2_000_000_000), 1_000)).toBeUndefined();
    expect(parseSharedValue(entry(-3), 1_000)).toBeUndefined();
  });
});
