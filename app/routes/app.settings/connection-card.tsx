// The service account form of the settings page.
import { Form } from "@remix-run/react";
import { Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";

/** The service account form: API key and environment (validated by the service on submit). */
export function ConnectionCard({
  connected,
  environment,
  error,
  saving,
}: {
  connected: boolean;
  environment: string;
  error?: string;
  saving: boolean;
}) {
  const [apiKey, setApiKey] = useState("");
  const [env, setEnv] = useState(environment);
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="connect" />
        <FormLayout>
          <Text as="p">
            {connected
              ? `Conectada al entorno ${environment === "production" ? "de producción" : "de pruebas (QA)"}.`
              : "Sin conectar."}
          </Text>
          <TextField
            label="Clave de API"
            name="apiKey"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={setApiKey}
            error={error}
          />
          <Select
            label="Entorno"
            name="environment"
            options={[
              { label: "Pruebas (QA): los pedidos no se envían", value: "qa" },
              { label: "Producción", value: "production" },
            ]}
            value={env}
            onChange={setEnv}
          />
          <Button submit variant="primary" loading={saving}>
            {connected ? "Cambiar cuenta" : "Conectar"}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
