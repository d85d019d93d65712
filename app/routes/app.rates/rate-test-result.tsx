// What the buyer would see for the tested cart, and why: the outcome in plain words, each rate
// with its price, delivery dates and the rules that changed it, the answer time and the cache.
import { Banner, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";
import type { EffectView, RateTestResult } from "./rate-tester.server";

export function RateTestResultCard({ result }: { result: RateTestResult }) {
  const { messages, format, money, number, day } = useI18n();
  const m = messages.rates;
  // The service's own name for its product (Nacional, Express, Programado), not its code.
  const services = messages.settings.services;
  // Why the service did not price the cart, in words with what to do.
  const detail = result.problem ? format(messages.serviceErrors[result.problem.code], result.problem.params) : "—";
  const banner =
    result.outcome === "rates"
      ? {
          tone: "success" as const,
          text: result.rates.length === 1 ? m.withOneRate : format(m.withRates, { count: result.rates.length }),
        }
      : result.outcome === "no_rates"
        ? {
            tone: "warning" as const,
            // Why, when the service said (no stock of a product, no dimensions): never a guess.
            text:
              result.reason === "not_served"
                ? m.notServed
                : result.problem
                  ? format(messages.rateCauses.noRatesBecause, { detail })
                  : m.noRates,
          }
        : result.outcome === "fallback"
          ? { tone: "warning" as const, text: format(m.fallback, { detail }) }
          : result.outcome === "backup"
            ? { tone: "critical" as const, text: format(m.backup, { detail }) }
            : { tone: "critical" as const, text: m.notQuoted };

  const effectText = (effect: EffectView): string => {
    switch (effect.rule) {
      case "markup":
        return format(m.markup, {
          // Only the parts the shop set: "10 %", "$5.00" or "10 % + $5.00".
          parts: [
            effect.percent !== "0.00" ? format(m.markupPercent, { percent: number(Number(effect.percent)) }) : null,
            effect.fixed !== "0.00" ? money(effect.fixed) : null,
          ]
            .filter(Boolean)
            .join(" + "),
          from: money(effect.from),
          to: money(effect.to),
        });
      case "rounding":
        return format(m.rounding, { from: money(effect.from), to: money(effect.to) });
      case "free_shipping":
        return format(m.freeShipping, { threshold: money(effect.threshold), from: money(effect.from) });
      case "renamed":
        return format(m.renamed, { from: effect.from, to: effect.to });
      case "handling_days":
        return format(m.handlingDays, { days: effect.days });
    }
  };

  const rows = result.rates.map((rate) => [
    <BlockStack key="name" gap="050">
      <Text as="span" fontWeight="semibold">
        {rate.name}
      </Text>
      {rate.description ? (
        <Text as="span" tone="subdued">
          {rate.description}
        </Text>
      ) : null}
      <Text as="span" tone="subdued">
        {format(m.serviceName, {
          service: Object.hasOwn(services, rate.code) ? services[rate.code as keyof typeof services] : rate.code,
        })}
      </Text>
    </BlockStack>,
    rate.price === "0.00" ? m.free : money(rate.price),
    rate.minDate && rate.maxDate
      ? rate.minDate === rate.maxDate
        ? day(rate.maxDate)
        : format(m.between, { from: day(rate.minDate), to: day(rate.maxDate) })
      : m.noDate,
    <ul key="rules" style={{ margin: 0, paddingInlineStart: "1.1em" }}>
      {rate.quoted ? (
        <li>
          {format(rate.quoted.days === 0 ? m.quotedSameDay : rate.quoted.days === 1 ? m.quotedOneDay : m.quoted, {
            price: money(rate.quoted.price),
            days: rate.quoted.days,
          })}
        </li>
      ) : (
        <li>{m.fallbackRate}</li>
      )}
      {rate.effects.map((effect) => (
        <li key={effect.rule}>{effectText(effect)}</li>
      ))}
      {rate.quoted && rate.effects.length === 0 ? <li>{m.unchanged}</li> : null}
    </ul>,
  ]);

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.resultTitle}
        </Text>
        <Banner tone={banner.tone}>
          <p>{banner.text}</p>
        </Banner>
        <Text as="p" tone="subdued">
          {format(m.answeredIn, { ms: number(result.durationMs) })}, {result.cacheHit ? m.fromCache : m.fromService}.
        </Text>
        {rows.length ? (
          <DataTable
            columnContentTypes={["text", "numeric", "text", "text"]}
            headings={[m.service, m.price, m.delivery, m.rules]}
            rows={rows}
            verticalAlign="top"
          />
        ) : null}
        {result.hidden.length ? (
          <Text as="p" tone="subdued">
            {format(m.hidden, { services: result.hidden.join(", ") })}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
