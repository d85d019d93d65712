// The orders-and-stock form of the settings page.
import { Form } from "@remix-run/react";
import { Banner, Button, Card, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { OperationsFormValues } from "./operations-form";

const SERVICE_OPTIONS = [
  { label: "Nacional (estándar)", value: "NACIONAL" },
  { label: "Express", value: "EXPRESS" },
  { label: "Programado", value: "PROGRAMADO" },
];

/** Default service for orders paid on other rates, test orders, customer notification, and stock sync. */
export function OperationsCard({
  values,
  locations,
  errors,
  saved,
  saving,
}: {
  values: OperationsFormValues;
  locations: { id: string; name: string }[];
  errors: Record<string, string>;
  saved: boolean;
  saving: boolean;
}) {
  const [form, setForm] = useState(values);
  const set =
    <K extends keyof OperationsFormValues>(key: K) =>
    (value: OperationsFormValues[K]) =>
      setForm({ ...form, [key]: value });
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="operations" />
        <input type="hidden" name="skipTestOrders" value={String(form.skipTestOrders)} />
        <input type="hidden" name="notifyCustomer" value={String(form.notifyCustomer)} />
        <input type="hidden" name="stockEnabled" value={String(form.stockEnabled)} />
        <FormLayout>
          {saved ? <Banner tone="success">Guardado.</Banner> : null}
          <Select
            label="Servicio para pedidos pagados con otras tarifas"
            helpText="Se usa cuando el comprador pagó una tarifa que no vino de este servicio (p. ej. las tarifas de respaldo de Shopify)."
            name="defaultService"
            options={SERVICE_OPTIONS}
            value={form.defaultService}
            onChange={(value) => set("defaultService")(value as OperationsFormValues["defaultService"])}
            error={errors.defaultService}
          />
          <Checkbox
            label="No enviar al almacén los pedidos de prueba"
            checked={form.skipTestOrders}
            onChange={set("skipTestOrders")}
          />
          <Checkbox
            label="Avisar al cliente cuando su pedido tenga guía de rastreo"
            checked={form.notifyCustomer}
            onChange={set("notifyCustomer")}
          />
          <Checkbox
            label="Actualizar el inventario de Shopify con el stock del almacén"
            checked={form.stockEnabled}
            onChange={set("stockEnabled")}
          />
          <Select
            label="Ubicación de Shopify que representa el almacén"
            name="stockLocationId"
            options={[
              { label: "Elige una ubicación", value: "" },
              ...locations.map((l) => ({ label: l.name, value: l.id })),
            ]}
            value={form.stockLocationId}
            onChange={set("stockLocationId")}
            error={errors.stockLocationId}
          />
          <TextField
            label="Cada cuántos minutos"
            name="stockIntervalMinutes"
            type="number"
            autoComplete="off"
            value={form.stockIntervalMinutes}
            onChange={set("stockIntervalMinutes")}
            error={errors.stockIntervalMinutes}
          />
          <Button submit loading={saving}>
            Guardar
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
