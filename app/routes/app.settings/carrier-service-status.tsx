// The banner at the top of the settings page: whether checkout shows our live rates, in plain
// words, decided by the shop's one state (app/orchestration/shop-state.ts) that Inicio's checklist
// also reads: green only when every checklist item is «Listo».
import { Form } from "@remix-run/react";
import { Banner, Button } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";
import type { RatesBanner } from "~/orchestration/shop-state";
import type { ShopifyProblem } from "~/shopify/admin/problem";

/** Whether checkout rates are live, missing something, refused by the shop's plan, or failed to register; with a retry. */
export function CarrierServiceStatus({
  banner,
  problem,
}: {
  banner: RatesBanner;
  /** A ShopifyProblem code (app/shopify/admin/problem.ts), worded from the catalogue. */
  problem: ShopifyProblem | null;
}) {
  const { messages } = useI18n();
  const m = messages.settings.carrier;
  switch (banner) {
    case "plan":
      return (
        <Banner tone="critical" title={m.planTitle}>
          <p>{m.planBody}</p>
          <RegisterAgain label={m.retryAfterPlan} />
        </Banner>
      );
    case "error":
      return (
        <Banner tone="warning" title={m.errorTitle}>
          <p>{messages.shopifyProblems[problem ?? "unknown"]}</p>
          <RegisterAgain label={m.retry} />
        </Banner>
      );
    case "active":
      return (
        <Banner tone="success" title={m.activeTitle}>
          <p>{m.activeBody}</p>
        </Banner>
      );
    case "incomplete":
      return (
        <Banner tone="warning" title={m.incompleteTitle}>
          <p>{m.incompleteBody}</p>
        </Banner>
      );
    case "not_registered":
      return <Banner tone="info" title={m.notRegistered} />;
    case "connect_first":
      return <Banner tone="info" title={m.connectFirst} />;
  }
}

function RegisterAgain({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="register" />
      <Button submit>{label}</Button>
    </Form>
  );
}
