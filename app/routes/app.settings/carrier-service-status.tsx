// The banner at the top of the settings page: the carrier service's registration state in plain words.
import { Form } from "@remix-run/react";
import { Banner, Button } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";
import type { ShopifyProblem } from "~/shopify/admin/problem";

/** Whether checkout rates are live, refused by the shop's plan, or failed to register; with a retry. */
export function CarrierServiceStatus({
  connected,
  state,
  problem,
}: {
  connected: boolean;
  state: string | null;
  /** A ShopifyProblem code (app/shopify/admin/problem.ts), worded from the catalogue. */
  problem: ShopifyProblem | null;
}) {
  const { messages } = useI18n();
  const m = messages.settings.carrier;
  if (state === "not_allowed_by_plan") {
    return (
      <Banner tone="critical" title={m.planTitle}>
        <p>{m.planBody}</p>
        <RegisterAgain label={m.retryAfterPlan} />
      </Banner>
    );
  }
  if (state === "error") {
    return (
      <Banner tone="warning" title={m.errorTitle}>
        <p>{messages.shopifyProblems[problem ?? "unknown"]}</p>
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
