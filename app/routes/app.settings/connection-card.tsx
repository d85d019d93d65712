// The service account form of the settings page.
import { Form } from "@remix-run/react";
import { Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useI18n } from "~/i18n/react";

/** The service account form: API key and environment (validated by the service on submit). */
export function ConnectionCard({
  connected,
  environment,
  error,
  environmentError,
  saving,
}: {
  connected: boolean;
  environment: string;
  error?: string;
  environmentError?: string;
  saving: boolean;
}) {
  const { messages, locale } = useI18n();
  const m = messages.settings.connection;
  const [apiKey, setApiKey] = useState("");
  const [env, setEnv] = useState(environment);
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="connect" />
        <input type="hidden" name="locale" value={locale} />
        <FormLayout>
          <Text as="p">
            {connected ? (environment === "production" ? m.connectedProduction : m.connectedQa) : m.notConnected}
          </Text>
          <TextField
            label={m.apiKey}
            name="apiKey"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={setApiKey}
            error={error}
          />
          <Select
            label={m.environment}
            name="environment"
            options={[
              { label: m.qa, value: "qa" },
              { label: m.production, value: "production" },
            ]}
            value={env}
            onChange={setEnv}
            error={environmentError}
          />
          <Button submit variant="primary" loading={saving}>
            {connected ? m.change : m.connect}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
