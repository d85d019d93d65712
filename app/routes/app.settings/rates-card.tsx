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
import { useRef, useState } from "react";
import { FormSaveBar } from "~/components/form-save-bar";
import { NumberField } from "~/components/number-field";
import type { NumberFieldSpec } from "~/forms/number-input";
import { useI18n } from "~/i18n/react";
import { SERVICE_CODES } from "~/svc/service-codes";
import { RATE_FIELDS } from "~/orchestration/settings-forms/number-fields";
import { EveryOrderFree, FormProblem, ReadAtFields } from "./conflict-banner";

/** The rate rules form, field names as rates-form.ts reads them; `typed` is what a refused save sent. */
export function RatesCard({
  values,
  typed,
  errors,
  saving,
  version,
  conflict,
}: {
  values: Record<string, string>;
  /** The settings version `values` were read at; `conflict`: a save refused as they changed since. */
  version: number;
  conflict: boolean;
  typed?: Record<string, string>;
  errors: Record<string, string>;
  saving: boolean;
}) {
  const { messages, format, locale } = useI18n();
  const m = messages.settings.rules;
  const SERVICE_LABELS = messages.settings.services;
  const [form, setForm] = useState(typed ?? values);
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the page reloads the stored rules: the form shows them as saved.
  const [stored, setStored] = useState(values);
  if (stored !== values) {
    setStored(values);
    setForm(values);
  }
  const dirty = Object.keys({ ...values, ...form }).some((name) => (form[name] ?? "") !== (values[name] ?? ""));
  const number = (
    name: string,
    spec: NumberFieldSpec,
    label: string,
    extra: { helpText?: string; prefix?: string; suffix?: string } = {},
  ) => (
    <NumberField
      spec={spec}
      label={label}
      name={name}
      value={form[name] ?? ""}
      onChange={(v) => setForm({ ...form, [name]: v })}
      error={errors[name]}
      {...extra}
    />
  );
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
      <FormSaveBar id="rates-save-bar" dirty={dirty} saving={saving} form={formRef} onDiscard={() => setForm(values)} />
      <Form method="post" ref={formRef}>
        <input type="hidden" name="intent" value="rates" />
        <input type="hidden" name="locale" value={locale} />
        <ReadAtFields version={version} values={values} />
        <BlockStack gap="400">
          <FormProblem message={errors.form} conflict={conflict} />
          {Object.keys(errors).some((name) => name !== "form") ? (
            <Banner tone="critical" title={format(m.notSaved, { count: Object.keys(errors).length })} />
          ) : null}
          <FormLayout>
            <FormLayout.Group>
              {number("markupPercent", RATE_FIELDS.markupPercent, m.markupPercent, {
                suffix: "%",
                helpText: m.markupPercentHelp,
              })}
              {number("markupFixed", RATE_FIELDS.markupFixed, m.markupFixed, {
                prefix: "$",
                suffix: "MXN",
                helpText: m.markupFixedHelp,
              })}
            </FormLayout.Group>
            {select("rounding", m.rounding, [
              { label: m.roundingNone, value: "none" },
              { label: m.roundingPeso, value: "up_to_peso" },
              { label: m.rounding99, value: "up_to_99" },
            ])}
            {number("freeShippingMin", RATE_FIELDS.freeShippingMin, m.freeShippingMin, {
              prefix: "$",
              suffix: "MXN",
              helpText: m.freeShippingMinHelp,
            })}
            <EveryOrderFree values={values} />
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
            {number("handlingDays", RATE_FIELDS.handlingDays, m.handlingDays, { suffix: m.days })}
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
                {number(
                  `fallbackPrice_${code}`,
                  RATE_FIELDS.fallbackPrice,
                  format(m.fallbackPrice, { service: SERVICE_LABELS[code] }),
                  { prefix: "$", helpText: m.fallbackPriceHelp },
                )}
                {text(`fallbackName_${code}`, m.fallbackName)}
                {number(`fallbackDays_${code}`, RATE_FIELDS.fallbackDays, m.fallbackDays)}
              </FormLayout.Group>
            ))}
            <FormLayout.Group>
              {number("deadlineMs", RATE_FIELDS.deadlineMs, m.deadline, { suffix: "ms", helpText: m.deadlineHelp })}
              {number("cacheTtlSeconds", RATE_FIELDS.cacheTtlSeconds, m.cacheTtl, {
                suffix: "s",
                helpText: m.cacheTtlHelp,
              })}
              {number("staleMaxAgeHours", RATE_FIELDS.staleMaxAgeHours, m.staleMaxAge, {
                suffix: "h",
                helpText: m.staleMaxAgeHelp,
              })}
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
