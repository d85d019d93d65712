// The banner at the top of the settings page: the carrier service's registration state in plain words.
import { Form } from "@remix-run/react";
import { Banner, Button } from "@shopify/polaris";

/** Whether checkout rates are live, refused by the shop's plan, or failed to register; with a retry. */
export function CarrierServiceStatus({
  connected,
  state,
  message,
}: {
  connected: boolean;
  state: string | null;
  message: string | null;
}) {
  if (state === "not_allowed_by_plan") {
    return (
      <Banner tone="critical" title="Tu plan de Shopify no permite tarifas calculadas por apps">
        <p>
          Shopify solo permite tarifas de envío calculadas por terceros en el plan Advanced o superior, con facturación
          anual, o con el complemento de tarifas calculadas. Hasta entonces tus clientes no verán las tarifas del
          servicio en el checkout.
        </p>
        {message ? <p>Shopify respondió: {message}</p> : null}
        <RegisterAgain label="Reintentar después de cambiar de plan" />
      </Banner>
    );
  }
  if (state === "error") {
    return (
      <Banner tone="warning" title="No se pudo registrar el servicio de tarifas en tu tienda">
        <p>{message}</p>
        <RegisterAgain label="Reintentar" />
      </Banner>
    );
  }
  if (state === "active") {
    return (
      <Banner tone="success" title="Tarifas en vivo activas">
        <p>Añade el servicio a tus zonas de envío (Configuración → Envío y entrega) para mostrarlo en el checkout.</p>
      </Banner>
    );
  }
  return (
    <Banner
      tone="info"
      title={
        connected
          ? "El servicio de tarifas aún no está registrado"
          : "Conecta tu cuenta del servicio para mostrar tarifas en vivo"
      }
    />
  );
}

function RegisterAgain({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="register" />
      <Button submit>{label}</Button>
    </Form>
  );
}
