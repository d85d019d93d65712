// Inicio's technical details, folded away by default: the last day of checkout quotes (count,
// answered with recent rates while the service was down, cache share, answer time) and the chart.
import { useState } from "react";
import { BlockStack, Button, Card, Collapsible, Text } from "@shopify/polaris";
import { QuotesChart } from "./quotes-chart";
import { Figure, FigureCard } from "./figure";
import { useI18n } from "~/i18n/react";

export interface QuotesLastDay {
  total: number;
  answeredWithRates: number;
  answeredStale: number;
  cacheHitPercent: number | null;
  medianMs: number | null;
  p99Ms: number | null;
}

export function QuoteDetails({
  quotes,
  hours,
}: {
  quotes: QuotesLastDay;
  hours: Parameters<typeof QuotesChart>[0]["hours"];
}) {
  const { messages, number, locale } = useI18n();
  const m = messages.home;
  const [open, setOpen] = useState(false);
  const percent = (value: number) =>
    new Intl.NumberFormat(locale === "en" ? "en-US" : "es-MX", { style: "percent" }).format(value / 100);
  return (
    <BlockStack gap="300">
      <div>
        <Button
          variant="plain"
          disclosure={open ? "up" : "down"}
          onClick={() => setOpen(!open)}
          ariaExpanded={open}
          ariaControls="quote-details"
        >
          {open ? m.details.hide : m.details.show}
        </Button>
      </div>
      <Collapsible id="quote-details" open={open}>
        <BlockStack gap="400">
          <FigureCard title={m.quotesTitle} columns={5}>
            <Figure label={m.quotes} value={number(quotes.total)} />
            <Figure label={m.withRates} value={number(quotes.answeredWithRates)} />
            <Figure label={m.stale} value={number(quotes.answeredStale)} />
            <Figure
              label={m.fromCache}
              value={quotes.cacheHitPercent === null ? "—" : percent(quotes.cacheHitPercent)}
            />
            <Figure
              label={m.answerTime}
              value={quotes.medianMs === null ? "—" : `${number(quotes.medianMs)} / ${number(quotes.p99Ms ?? 0)} ms`}
            />
          </FigureCard>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {m.chart.title}
              </Text>
              {quotes.total > 0 ? (
                <QuotesChart hours={hours} />
              ) : (
                <Text as="p" tone="subdued">
                  {m.chart.empty}
                </Text>
              )}
            </BlockStack>
          </Card>
        </BlockStack>
      </Collapsible>
    </BlockStack>
  );
}
