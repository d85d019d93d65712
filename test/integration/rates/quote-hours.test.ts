// Inicio's chart data: the last 24 clock hours of checkout quotes, every hour present.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { CHART_HOURS, quotesPerHour } from "~/rates/quote-hours.server";
import { resetDatabase } from "../../helpers/test-database";

const SHOP = "tienda-demo.myshopify.com";
const NOW = new Date("2026-11-24T15:40:00Z");
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await resetDatabase();
  await prisma.shop.createMany({ data: [{ domain: SHOP }, { domain: "otra.myshopify.com" }] });
});

describe("quotesPerHour", () => {
  it("gives each of the last 24 clock hours its quotes, median answer time and cache share", async () => {
    const row = (time: string, durationMs: number, cacheHit: boolean, shop = SHOP) => ({
      shop,
      at: at(time),
      durationMs,
      cacheHit,
      outcome: "rates",
      services: ["NACIONAL"],
    });
    await prisma.quoteLog.createMany({
      data: [
        row("2026-11-24T15:05:00Z", 10, true),
        row("2026-11-24T15:30:00Z", 30, true),
        row("2026-11-24T15:35:00Z", 400, false),
        row("2026-11-24T15:36:00Z", 400, false, "otra.myshopify.com"),
        row("2026-11-23T16:10:00Z", 250, false), // the first hour shown
        row("2026-11-23T15:59:00Z", 999, false), // one hour too old
        row("2026-11-24T15:41:00Z", 999, false), // after now
      ],
    });
    const hours = await quotesPerHour({ db: prisma, shop: SHOP, now: NOW });
    expect(hours).toHaveLength(CHART_HOURS);
    expect(hours[0]).toEqual({ hour: "2026-11-23T16:00:00.000Z", quotes: 1, medianMs: 250, cachePercent: 0 });
    expect(hours[23]).toEqual({ hour: "2026-11-24T15:00:00.000Z", quotes: 3, medianMs: 30, cachePercent: 67 });
    expect(hours.slice(1, 23).every((h) => h.quotes === 0 && h.medianMs === null && h.cachePercent === null)).toBe(
      true,
    );
  });
});
