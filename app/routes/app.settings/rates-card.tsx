// The rate rules form of the settings page; rates-form.ts converts its values to stored settings.
import { Form } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineGrid,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useI18n } from "~/i18n/react";
import type { ServiceCode } from "~/models/shop-settings.server";

// Listed here rather than imported: this runs in the browser, which must not load .server modules.
const SERVICE_CODES: readonly ServiceCode[] = ["NACIONAL", "EXPRESS", "PROGRAMADO"];

/** The rate rules form, field names as rates-form.ts reads them. */
export function RatesCard({
  values,
  errors,
  saved,
  saving,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  saved: boolean;
  saving: boolean;
}) {
  const { messages, format, locale } = useI18n();
  const m = messages.settings.rules;
  const SERVICE_LABELS = messages.settings.services;
  const [form, setForm] = useState(values);
  const text = (name: string, label: string, extra: { helpText?: string; prefix?: string; suffix?: string } = {}) => (
    <TextField
      label={label}
      name={name}
      autoComplete="off"
      value={form[name] ?? ""}
      onChange={(v) => setForm({ ...form, [name]: v })}
      error={errors[name]}
      {...extra}
    />
  );
  const check = (name: string, label: string) => (
    <Checkbox
      label={label}
      name={name}
      value="on"
      checked={form[name] === "on"}
      onChange={(on) => setForm({ ...form, [name]: on ? "on" : "" })}
    />
  );
  const select = (name: string, label: string, options: { label: string; value: string }[]) => (
    <Select
      label={label}
      name={name}
      options={options}
      value={form[name]}
      onChange={(v) => setForm({ ...form, [name]: v })}
      error={errors[name]}
    />
  );

  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="rates" />
        <input type="hidden" name="locale" value={locale} />
        <BlockStack gap="400">
          {saved ? <Banner tone="success" title={m.saved} /> : null}
          {errors.form ? <Banner tone="critical" title={errors.form} /> : null}
          <FormLayout>
            <FormLayout.Group>
              {text("markupPercent", m.markupPercent, { suffix: "%", helpText: m.markupPercentHelp })}
              {text("markupFixed", m.markupFixed, { prefix: "$", suffix: "MXN" })}
            </FormLayout.Group>
            {select("rounding", m.rounding, [
              { label: m.roundingNone, value: "none" },
              { label: m.roundingPeso, value: "up_to_peso" },
              { label: m.rounding99, value: "up_to_99" },
            ])}
            {text("freeShippingMin", m.freeShippingMin, {
              prefix: "$",
              suffix: "MXN",
              helpText: m.freeShippingMinHelp,
            })}
            <InlineGrid columns={3}>
              {SERVICE_CODES.map((code) => (
                <div key={code}>{check(`freeShipping_${code}`, format(m.free, { service: SERVICE_LABELS[code] }))}</div>
              ))}
            </InlineGrid>
            <InlineGrid columns={3}>
              {SERVICE_CODES.map((code) => (
                <div key={code}>{check(`hidden_${code}`, format(m.hide, { service: SERVICE_LABELS[code] }))}</div>
              ))}
            </InlineGrid>
            {SERVICE_CODES.map((code) => (
              <FormLayout.Group key={code}>
                {text(`name_${code}`, format(m.name, { service: SERVICE_LABELS[code] }))}
                {text(`description_${code}`, m.description)}
              </FormLayout.Group>
            ))}
            {text("handlingDays", m.handlingDays, { suffix: m.days })}
            {select("onInsufficientStock", m.onInsufficientStock, [
              { label: m.noRates, value: "no_rates" },
              { label: m.quoteAnyway, value: "quote_anyway" },
            ])}
            {select("onFailure", m.onFailure, [
              { label: m.backupRates, value: "backup_rates" },
              { label: m.fallbackRates, value: "fallback_rates" },
            ])}
            <Text as="h3" variant="headingSm">
              {m.fallbackTitle}
            </Text>
            <Text as="p" tone="subdued">
              {m.fallbackHelp}
            </Text>
            {SERVICE_CODES.map((code) => (
              <FormLayout.Group key={code} condensed>
                {text(`fallbackPrice_${code}`, format(m.fallbackPrice, { service: SERVICE_LABELS[code] }), {
                  prefix: "$",
                  helpText: m.fallbackPriceHelp,
                })}
                {text(`fallbackName_${code}`, m.fallbackName)}
                {text(`fallbackDays_${code}`, m.fallbackDays)}
              </FormLayout.Group>
            ))}
            <FormLayout.Group>
              {text("deadlineMs", m.deadline, { suffix: "ms", helpText: m.deadlineHelp })}
              {text("cacheTtlSeconds", m.cacheTtl, { suffix: "s", helpText: m.cacheTtlHelp })}
              {text("staleMaxAgeHours", m.staleMaxAge, { suffix: "h", helpText: m.staleMaxAgeHelp })}
            </FormLayout.Group>
          </FormLayout>
          <Button submit variant="primary" loading={saving}>
            {m.save}
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}
