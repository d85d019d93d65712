// The orders-and-stock form of the settings page.
import { Form } from "@remix-run/react";
import { Banner, Button, Card, Checkbox, FormLayout, Modal, Select, Text } from "@shopify/polaris";
import { useRef, useState, type FormEvent } from "react";
import { FormSaveBar } from "~/components/form-save-bar";
import { NumberField } from "~/components/number-field";
import { useI18n } from "~/i18n/react";
import { OPERATIONS_FIELDS } from "~/orchestration/settings-forms/number-fields";
import type { OperationsFormValues } from "~/orchestration/settings-forms/operations-form";
import { ConflictBanner, ReadAtFields } from "./conflict-banner";

// Listed here rather than imported: this runs in the browser, which must not load .server modules.
const SERVICES = ["NACIONAL", "EXPRESS", "PROGRAMADO"] as const;

/** Default service for orders paid on other rates, test orders, customer notification, and stock sync. */
export function OperationsCard({
  values,
  typed,
  locations,
  errors,
  saving,
  version,
  conflict,
}: {
  values: OperationsFormValues;
  /** The settings version `values` were read at. */
  version: number;
  /** A save refused because these settings changed elsewhere after they were read. */
  conflict: boolean;
  /** What a refused save sent, shown again as typed. */
  typed?: OperationsFormValues;
  locations: { id: string; name: string }[];
  errors: Record<string, string>;
  saving: boolean;
}) {
  const { messages, format, locale } = useI18n();
  const TEXT = messages.settings.operations;
  const serviceNames = messages.settings.services;
  const [form, setForm] = useState(typed ?? values);
  const [stored, setStored] = useState(values);
  if (stored !== values) {
    // Saved: the page reloaded the stored settings, and the form shows them.
    setStored(values);
    setForm(values);
  }
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(values);
  // Changing the mode registers (or removes) a fulfilment service and its location in Shopify:
  // the merchant confirms it after reading what will happen.
  const toService = form.mode === "fulfillment_service";
  const confirmModeChange = (event: FormEvent<HTMLFormElement>) => {
    if (form.mode === values.mode || confirmed.current) {
      confirmed.current = false;
      return;
    }
    event.preventDefault();
    setConfirming(true);
  };
  const set =
    <K extends keyof OperationsFormValues>(key: K) =>
    (value: OperationsFormValues[K]) =>
      setForm({ ...form, [key]: value });
  return (
    <Card>
      <FormSaveBar
        id="operations-save-bar"
        dirty={dirty}
        saving={saving}
        form={formRef}
        onDiscard={() => setForm(values)}
      />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={toService ? TEXT.confirmServiceTitle : TEXT.confirmMerchantTitle}
        primaryAction={{
          content: TEXT.confirmModeAction,
          onAction: () => {
            setConfirming(false);
            confirmed.current = true;
            formRef.current?.requestSubmit();
          },
        }}
        secondaryActions={[{ content: TEXT.confirmModeCancel, onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{toService ? TEXT.confirmServiceBody : TEXT.confirmMerchantBody}</Text>
        </Modal.Section>
      </Modal>
      <Form method="post" ref={formRef} onSubmit={confirmModeChange}>
        <input type="hidden" name="intent" value="operations" />
        <input type="hidden" name="locale" value={locale} />
        <ReadAtFields version={version} values={values} />
        <input type="hidden" name="skipTestOrders" value={String(form.skipTestOrders)} />
        <input type="hidden" name="notifyCustomer" value={String(form.notifyCustomer)} />
        <input type="hidden" name="stockEnabled" value={String(form.stockEnabled)} />
        {form.locationIds.map((id) => (
          <input key={id} type="hidden" name="locationIds" value={id} />
        ))}
        <FormLayout>
          {errors.form && conflict ? <ConflictBanner message={errors.form} /> : null}
          {Object.keys(errors).some((name) => name !== "form") ? (
            <Banner tone="critical">{format(TEXT.notSaved, { count: Object.keys(errors).length })}</Banner>
          ) : null}
          <Select
            label={TEXT.mode}
            helpText={TEXT.modeHelp}
            name="mode"
            options={[
              { label: TEXT.modeMerchant, value: "merchant_managed" },
              { label: TEXT.modeService, value: "fulfillment_service" },
            ]}
            value={form.mode}
            onChange={(value) => set("mode")(value as OperationsFormValues["mode"])}
            error={errors.mode}
          />
          {locations.map((location) => (
            <Checkbox
              key={location.id}
              label={format(TEXT.locations, { location: location.name })}
              helpText={TEXT.locationsHelp}
              checked={form.locationIds.includes(location.id)}
              onChange={(on) =>
                set("locationIds")(
                  on ? [...form.locationIds, location.id] : form.locationIds.filter((id) => id !== location.id),
                )
              }
            />
          ))}
          {errors.locationIds ? <Banner tone="critical">{errors.locationIds}</Banner> : null}
          <NumberField
            spec={OPERATIONS_FIELDS.holdBackMinutes}
            label={TEXT.holdBack}
            helpText={TEXT.holdBackHelp}
            name="holdBackMinutes"
            value={form.holdBackMinutes}
            onChange={set("holdBackMinutes")}
            error={errors.holdBackMinutes}
          />
          <NumberField
            spec={OPERATIONS_FIELDS.importDays}
            label={TEXT.importDays}
            helpText={TEXT.importDaysHelp}
            name="importDays"
            value={form.importDays}
            onChange={set("importDays")}
            error={errors.importDays}
          />
          <Select
            label={TEXT.defaultService}
            helpText={TEXT.defaultServiceHelp}
            name="defaultService"
            options={SERVICES.map((code) => ({
              label: code === "NACIONAL" ? TEXT.serviceNacional : serviceNames[code],
              value: code,
            }))}
            value={form.defaultService}
            onChange={(value) => set("defaultService")(value as OperationsFormValues["defaultService"])}
            error={errors.defaultService}
          />
          <Checkbox label={TEXT.skipTestOrders} checked={form.skipTestOrders} onChange={set("skipTestOrders")} />
          <Checkbox label={TEXT.notifyCustomer} checked={form.notifyCustomer} onChange={set("notifyCustomer")} />
          <Checkbox label={TEXT.stockEnabled} checked={form.stockEnabled} onChange={set("stockEnabled")} />
          <Select
            label={TEXT.stockLocation}
            name="stockLocationId"
            options={[
              { label: TEXT.chooseLocation, value: "" },
              ...locations.map((l) => ({ label: l.name, value: l.id })),
            ]}
            value={form.stockLocationId}
            onChange={set("stockLocationId")}
            error={errors.stockLocationId}
          />
          <NumberField
            spec={OPERATIONS_FIELDS.stockIntervalMinutes}
            label={TEXT.stockInterval}
            name="stockIntervalMinutes"
            value={form.stockIntervalMinutes}
            onChange={set("stockIntervalMinutes")}
            error={errors.stockIntervalMinutes}
          />
          <Button submit loading={saving}>
            {TEXT.save}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
