// The orders-and-stock form of the settings page.
import { Form } from "@remix-run/react";
import { Banner, Button, Card, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { OperationsFormValues } from "./operations-form";

// The card's words, together so they move to a message catalogue in one piece.
const TEXT = {
  mode: "Cómo recibe el almacén los pedidos",
  modeHelp:
    "Pedidos de la tienda: la app envía al almacén las partes de cada pedido asignadas a las ubicaciones elegidas. " +
    "Servicio de logística: el almacén es un servicio de logística de Shopify con su propia ubicación y su inventario; " +
    "Shopify le asigna solo lo que tiene en existencia.",
  modeMerchant: "Pedidos de la tienda (gestionados por el comerciante)",
  modeService: "Servicio de logística de Shopify",
  locations: "Ubicaciones que surte el almacén",
  locationsHelp: "Sin ninguna marcada: la ubicación del inventario de abajo (o todas, si no hay ninguna).",
  holdBack: "Minutos de espera tras el pago antes de enviar al almacén",
  holdBackHelp: "0 = enseguida. Con p. ej. 30, una edición o cancelación hecha en esos minutos nunca llega al almacén.",
  importDays: "Al conectar, enviar también los pedidos pagados y abiertos de los últimos días",
  importDaysHelp: "0 = solo los pedidos pagados a partir de ahora.",
};

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
        {form.locationIds.map((id) => (
          <input key={id} type="hidden" name="locationIds" value={id} />
        ))}
        <FormLayout>
          {saved ? <Banner tone="success">Guardado.</Banner> : null}
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
              label={`${TEXT.locations}: ${location.name}`}
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
          <TextField
            label={TEXT.holdBack}
            helpText={TEXT.holdBackHelp}
            name="holdBackMinutes"
            type="number"
            autoComplete="off"
            value={form.holdBackMinutes}
            onChange={set("holdBackMinutes")}
            error={errors.holdBackMinutes}
          />
          <TextField
            label={TEXT.importDays}
            helpText={TEXT.importDaysHelp}
            name="importDays"
            type="number"
            autoComplete="off"
            value={form.importDays}
            onChange={set("importDays")}
            error={errors.importDays}
          />
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
