// Inicio's chart as the server draws it: named and described, one bar per hour with quotes, the
// same figures in a table, and a scale that fits the slowest hour.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { niceCeiling, QuotesChart } from "~/components/quotes-chart";
import { I18nProvider } from "~/i18n/react";
import type { QuoteHour } from "~/rates/quote-hours.server";

const hours: QuoteHour[] = Array.from({ length: 24 }, (_, i) => ({
  hour: new Date(Date.UTC(2026, 10, 24, i)).toISOString(),
  quotes: i % 2 ? 10 : 0,
  medianMs: i % 2 ? 100 + i * 10 : null,
  cachePercent: i % 2 ? 50 : null,
}));

describe("QuotesChart", () => {
  it("rounds the time scale up to 1, 2 or 5 × 10ⁿ", () => {
    expect([0, 1, 7, 10, 11, 330, 2001].map(niceCeiling)).toEqual([1, 1, 10, 10, 20, 500, 5000]);
  });

  it("is an image with a title and description, bars and dots for the hours with quotes, and a table of all 24", () => {
    const html = renderToString(
      <I18nProvider locale="en">
        <QuotesChart hours={hours} />
      </I18nProvider>,
    );
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain("<title");
    expect(html).toContain("Quotes per hour</title>");
    expect(html).toContain("median answer time in milliseconds");
    expect(html.match(/<rect x=/g)).toHaveLength(12);
    expect(html.match(/<circle [^>]*r="4"/g)).toHaveLength(12);
    expect(html.match(/<tr>/g)).toHaveLength(25);
    expect(html).toContain("500 ms"); // slowest hour 330 ms
    // Hours on Mexico City's clock (UTC−6): 00:00 UTC is 18:00 there.
    expect(html).toContain("18:00");
  });
});
