// /app/settings: the merchant connects the service account (API key + environment), edits the
// rate rules and the orders-and-stock settings. Connecting starts the catalogue sync; saving the
// account or the rules registers or updates the carrier service, and the page says plainly when
// the store's plan does not allow third-party calculated rates.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useI18n } from "~/i18n/react";
import { ReadinessCard } from "~/components/readiness-card";
import { CarrierServiceStatus } from "./carrier-service-status";
import { ConnectionCard } from "./connection-card";
import { OperationsCard } from "./operations-card";
import type { OperationsFormValues } from "~/orchestration/settings-forms/operations-form";
import { RatesCard } from "./rates-card";
import { SavedNotice } from "./saved-notice";
import { SupportCard } from "./support-card";
import type { SupportFormValues } from "~/orchestration/settings-forms/support-form";
import { loadSettingsPage, settingsAction } from "~/orchestration/settings-page.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  return loadSettingsPage(context.services, session.shop);
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const form = await request.formData().catch(() => new FormData());
  const result = await settingsAction(context.services, session.shop, form);
  // A refused form is the merchant's input, never the server's fault: 400, with what was typed;
  // 409 when another session changed the same settings after the form was read.
  return data(result, { status: result.ok ? 200 : !result.ok && result.conflict ? 409 : 400 });
};

export default function Settings() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A save is over once the page holds the stored settings again (the loaders ran after the
  // action): until then "saved" is not said, and the forms, about to be reset to what was stored,
  // show that they are still busy — an edit made in between would be silently replaced.
  const saving = useNavigation().state !== "idle";
  const errors = result && !result.ok ? result.errors : {};

  const messages = useI18n().messages;
  const m = messages.settings;
  // Saved from the top save bar: said at the top, whichever card was saved.
  const savedNotice =
    result?.ok && !saving && result.intent === "rates"
      ? m.rules.saved
      : result?.ok && !saving && result.intent === "operations"
        ? m.operations.saved
        : null;
  return (
    <Page>
      <TitleBar title={m.title} />
      <Layout>
        {savedNotice && (
          <Layout.Section>
            <SavedNotice message={savedNotice} />
          </Layout.Section>
        )}
        <Layout.Section>
          <CarrierServiceStatus banner={page.ratesBanner} problem={page.carrierService.problem} />
        </Layout.Section>
        {page.connected && (
          <Layout.Section>
            <ReadinessCard readiness={page.readiness} />
          </Layout.Section>
        )}
        <Layout.AnnotatedSection title={m.sections.account} description={m.sections.accountHelp}>
          <ConnectionCard
            connected={page.connected}
            environment={page.environment}
            serviceMode={page.operations.mode === "fulfillment_service"}
            error={result?.intent === "connect" ? errors.apiKey : undefined}
            disconnected={result?.intent === "disconnect" && result.ok && !page.connected}
            environmentError={result?.intent === "connect" ? errors.environment : undefined}
            saving={saving}
          />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title={m.sections.rates} description={m.sections.ratesHelp}>
          <RatesCard
            values={page.rates}
            typed={result?.intent === "rates" && !result.ok ? (result.values as Record<string, string>) : undefined}
            errors={result?.intent === "rates" ? errors : {}}
            saving={saving}
            version={page.version}
            conflict={result?.intent === "rates" && !result.ok && Boolean(result.conflict)}
          />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title={m.sections.operations} description={m.sections.operationsHelp}>
          <OperationsCard
            values={page.operations}
            typed={
              result?.intent === "operations" && !result.ok
                ? (result.values as OperationsFormValues | undefined)
                : undefined
            }
            locations={page.locations}
            errors={result?.intent === "operations" ? errors : {}}
            saving={saving}
            version={page.version}
            conflict={result?.intent === "operations" && !result.ok && Boolean(result.conflict)}
          />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title={messages.nextSteps.support.title} description={messages.nextSteps.support.help}>
          <SupportCard
            values={page.support}
            typed={
              result?.intent === "support" && !result.ok ? (result.values as SupportFormValues | undefined) : undefined
            }
            errors={result?.intent === "support" ? errors : {}}
            saved={result?.intent === "support" && result.ok && !saving}
            saving={saving}
            version={page.version}
            conflict={result?.intent === "support" && !result.ok && Boolean(result.conflict)}
          />
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
