// The service account form of the settings page, and disconnecting it after a confirmation.
import { Form } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  List,
  Modal,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useRef, useState } from "react";
import { useI18n } from "~/i18n/react";

/** The service account form: API key and environment (validated by the service on submit). */
export function ConnectionCard({
  connected,
  environment,
  serviceMode,
  error,
  disconnected,
  environmentError,
  saving,
}: {
  connected: boolean;
  environment: string;
  /** The fulfilment mode is Shopify's fulfilment service (the warehouse has a location there). */
  serviceMode: boolean;
  error?: string;
  /** The merchant has just disconnected the account. */
  disconnected: boolean;
  environmentError?: string;
  saving: boolean;
}) {
  const { messages, locale } = useI18n();
  const m = messages.settings.connection;
  const [apiKey, setApiKey] = useState("");
  const [env, setEnv] = useState(environment);
  const [confirming, setConfirming] = useState(false);
  const disconnectForm = useRef<HTMLFormElement>(null);
  return (
    <Card>
      {/* Disconnecting stops orders, the catalogue and checkout rates: the merchant confirms it after
          reading what will happen (as the fulfilment mode's change on the operations card). */}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={m.disconnectTitle}
        primaryAction={{
          content: m.disconnectConfirm,
          destructive: true,
          onAction: () => {
            setConfirming(false);
            disconnectForm.current?.requestSubmit();
          },
        }}
        secondaryActions={[{ content: m.disconnectCancel, onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{m.disconnectIntro}</Text>
            <List>
              <List.Item>{m.disconnectKey}</List.Item>
              <List.Item>{m.disconnectOrders}</List.Item>
              <List.Item>{m.disconnectCatalog}</List.Item>
              <List.Item>{m.disconnectRates}</List.Item>
              {serviceMode && <List.Item>{m.disconnectFulfillmentService}</List.Item>}
            </List>
          </BlockStack>
        </Modal.Section>
      </Modal>
      <Form method="post" ref={disconnectForm}>
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="locale" value={locale} />
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="connect" />
        <input type="hidden" name="locale" value={locale} />
        <FormLayout>
          {disconnected && <Banner tone="info">{m.disconnected}</Banner>}
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
          <InlineStack gap="200">
            <Button submit variant="primary" loading={saving}>
              {connected ? m.change : m.connect}
            </Button>
            {connected && (
              <Button tone="critical" onClick={() => setConfirming(true)} disabled={saving}>
                {m.disconnect}
              </Button>
            )}
          </InlineStack>
        </FormLayout>
      </Form>
    </Card>
  );
}
