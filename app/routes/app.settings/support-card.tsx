// The service's support channel form of the settings page (issue 33): shown on Pedidos beside the
// orders the merchant must stop or change with the service. Saved like the other settings forms:
// with the version and values it was read at, so another tab's change is never undone silently.
import { Form } from "@remix-run/react";
import { Banner, Button, Card, FormLayout, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { FormSaveBar } from "~/components/form-save-bar";
import { useI18n } from "~/i18n/react";
import { ConflictBanner, ReadAtFields } from "./conflict-banner";
import type { SupportFormValues } from "~/orchestration/settings-forms/support-form";

export function SupportCard({
  values,
  typed,
  errors,
  saved,
  saving,
  version,
  conflict,
}: {
  values: SupportFormValues;
  typed?: SupportFormValues;
  errors: Record<string, string>;
  saved: boolean;
  saving: boolean;
  version: number;
  conflict: boolean;
}) {
  const { messages, locale } = useI18n();
  const t = messages.nextSteps.support;
  const [form, setForm] = useState(typed ?? values);
  const [stored, setStored] = useState(values);
  if (stored !== values) {
    setStored(values);
    setForm(values);
  }
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(values);
  const set = (key: keyof SupportFormValues) => (value: string) => setForm({ ...form, [key]: value });
  return (
    <Card>
      <FormSaveBar
        id="support-save-bar"
        dirty={dirty}
        saving={saving}
        form={formRef}
        onDiscard={() => setForm(values)}
      />
      <Form method="post" ref={formRef}>
        <input type="hidden" name="intent" value="support" />
        <input type="hidden" name="locale" value={locale} />
        <ReadAtFields version={version} values={values} />
        <FormLayout>
          {saved ? <Banner tone="success">{t.saved}</Banner> : null}
          {errors.form && conflict ? <ConflictBanner message={errors.form} /> : null}
          <TextField
            label={t.email}
            name="supportEmail"
            inputMode="email"
            value={form.supportEmail}
            onChange={set("supportEmail")}
            autoComplete="off"
            error={errors.supportEmail}
          />
          <TextField
            label={t.phone}
            name="supportPhone"
            inputMode="tel"
            value={form.supportPhone}
            onChange={set("supportPhone")}
            autoComplete="off"
            error={errors.supportPhone}
          />
          <TextField
            label={t.url}
            name="supportUrl"
            inputMode="url"
            helpText={t.urlHelp}
            value={form.supportUrl}
            onChange={set("supportUrl")}
            autoComplete="off"
            error={errors.supportUrl}
          />
          <Button submit loading={saving}>
            {t.save}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
