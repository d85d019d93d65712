// The banner at the top of the settings page: the carrier service's registration state in plain words.
import { Form } from "@remix-run/react";
import { Banner, Button } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";

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
  const { messages, format } = useI18n();
  const m = messages.settings.carrier;
  if (state === "not_allowed_by_plan") {
    return (
      <Banner tone="critical" title={m.planTitle}>
        <p>{m.planBody}</p>
        {message ? <p>{format(m.shopifySaid, { message })}</p> : null}
        <RegisterAgain label={m.retryAfterPlan} />
      </Banner>
    );
  }
  if (state === "error") {
    return (
      <Banner tone="warning" title={m.errorTitle}>
        <p>{message}</p>
        <RegisterAgain label={m.retry} />
      </Banner>
    );
  }
  if (state === "active") {
    return (
      <Banner tone="success" title={m.activeTitle}>
        <p>{m.activeBody}</p>
      </Banner>
    );
  }
  return <Banner tone="info" title={connected ? m.notRegistered : m.connectFirst} />;
}

function RegisterAgain({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="register" />
      <Button submit>{label}</Button>
    </Form>
  );
}
