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
import type { ServiceCode } from "~/models/shop-settings.server";

// Listed here rather than imported: this runs in the browser, which must not load .server modules.
const SERVICE_CODES: readonly ServiceCode[] = ["NACIONAL", "EXPRESS", "PROGRAMADO"];
const SERVICE_LABELS: Record<ServiceCode, string> = {
  NACIONAL: "Nacional",
  EXPRESS: "Express",
  PROGRAMADO: "Programado",
};

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
        <BlockStack gap="400">
          {saved ? <Banner tone="success" title="Reglas guardadas" /> : null}
          {errors.form ? <Banner tone="critical" title={errors.form} /> : null}
          <FormLayout>
            <FormLayout.Group>
              {text("markupPercent", "Margen porcentual", { suffix: "%", helpText: "Negativo para un descuento." })}
              {text("markupFixed", "Margen fijo", { prefix: "$", suffix: "MXN" })}
            </FormLayout.Group>
            {select("rounding", "Redondeo", [
              { label: "Sin redondeo", value: "none" },
              { label: "Hacia arriba al peso entero", value: "up_to_peso" },
              { label: "Hacia arriba a .99", value: "up_to_99" },
            ])}
            {text("freeShippingMin", "Envío gratis desde un subtotal de", {
              prefix: "$",
              suffix: "MXN",
              helpText: "Vacío: sin envío gratis.",
            })}
            <InlineGrid columns={3}>
              {SERVICE_CODES.map((code) => (
                <div key={code}>{check(`freeShipping_${code}`, `Gratis: ${SERVICE_LABELS[code]}`)}</div>
              ))}
            </InlineGrid>
            <InlineGrid columns={3}>
              {SERVICE_CODES.map((code) => (
                <div key={code}>{check(`hidden_${code}`, `Ocultar: ${SERVICE_LABELS[code]}`)}</div>
              ))}
            </InlineGrid>
            {SERVICE_CODES.map((code) => (
              <FormLayout.Group key={code}>
                {text(`name_${code}`, `Nombre de ${SERVICE_LABELS[code]}`)}
                {text(`description_${code}`, "Descripción")}
              </FormLayout.Group>
            ))}
            {text("handlingDays", "Días hábiles de preparación", { suffix: "días" })}
            {select("onInsufficientStock", "Si no hay existencias suficientes", [
              { label: "No ofrecer envío", value: "no_rates" },
              { label: "Cotizar de todos modos (tarifas fijas)", value: "quote_anyway" },
            ])}
            {select("onFailure", "Si el servicio no responde a tiempo", [
              { label: "Mostrar las tarifas de respaldo de Shopify", value: "backup_rates" },
              { label: "Mostrar mis tarifas fijas", value: "fallback_rates" },
            ])}
            <Text as="h3" variant="headingSm">
              Tarifas fijas (respaldo)
            </Text>
            <Text as="p" tone="subdued">
              Se usan si un producto no tiene dimensiones, si no hay existencias y eliges cotizar de todos modos, o si
              el servicio falla y así lo eliges. Sin tarifas fijas, Shopify muestra sus tarifas de respaldo.
            </Text>
            {SERVICE_CODES.map((code) => (
              <FormLayout.Group key={code} condensed>
                {text(`fallbackPrice_${code}`, `Precio ${SERVICE_LABELS[code]}`, {
                  prefix: "$",
                  helpText: "Vacío: no ofrecer",
                })}
                {text(`fallbackName_${code}`, "Nombre")}
                {text(`fallbackDays_${code}`, "Días máx.")}
              </FormLayout.Group>
            ))}
            <FormLayout.Group>
              {text("deadlineMs", "Tiempo máximo de espera", { suffix: "ms", helpText: "Entre 250 y 2500: Shopify deja de esperar a los 3 s." })}
              {text("cacheTtlSeconds", "Reutilizar cotizaciones durante", {
                suffix: "s",
                helpText: "0 desactiva la caché.",
              })}
            </FormLayout.Group>
          </FormLayout>
          <Button submit variant="primary" loading={saving}>
            Guardar reglas
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}
