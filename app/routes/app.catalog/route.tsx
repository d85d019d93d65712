// /app/catalog (Catálogo): the catalogue sync's progress, each variant's state at the service, a
// SKU's lookup and the catalogue jobs that gave up. The loader only reads (catalog.server.ts).
import { data as answer, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, Page } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useEffect } from "react";
import { AttentionOutcomeBanner, JobProblemsCard } from "~/components/attention";
import { localeFromRequest } from "~/i18n/locale";
import { useI18n } from "~/i18n/react";
import { catalogAction, loadCatalogPage } from "./catalog.server";
import { SkuLookupCard } from "./sku-lookup-card";
import { SyncCard } from "./sync-card";
import type { CatalogActionData, CatalogLoaderData } from "./types";
import { VariantList } from "./variant-list";

export type { CatalogActionData, CatalogLoaderData } from "./types";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const page = await loadCatalogPage(context.services, session.shop, new URL(request.url), localeFromRequest(request));
  // A wrong value in the URL is a 400 naming the field, with the unfiltered page and the error
  // next to its field (not an error page).
  return page.invalid ? answer(page, { status: 400 }) : page;
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const { status, result, attention } = await catalogAction(context.services, session.shop, await request.formData());
  return status === 200 && !attention ? result : answer<CatalogActionData>(result, { status });
};

export default function Catalog() {
  const data = useLoaderData<typeof loader>() as CatalogLoaderData;
  const result = useActionData<typeof action>() as CatalogActionData | undefined;
  const running = data.sync?.state === "running";
  const revalidator = useRevalidator();
  const { messages } = useI18n();
  useEffect(() => {
    if (!running) return;
    // Once a second, so the bar moves while the merchant watches.
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <Page>
      <TitleBar title={messages.catalog.title} />
      <BlockStack gap="400">
        {result?.kind === "sync" && (
          <Banner tone={result.ok ? "success" : "warning"}>
            {result.ok
              ? messages.catalog.syncStarted
              : result.refused === "running"
                ? messages.catalog.alreadyRunning
                : messages.catalog.notConnected}
          </Banner>
        )}
        {result?.kind === "invalid" && result.field === "intent" && (
          <Banner tone="critical">{messages.catalog.unknownAction}</Banner>
        )}
        <AttentionOutcomeBanner data={result} />
        {!data.connected && <Banner tone="warning">{messages.catalog.notConnected}</Banner>}
        <JobProblemsCard jobs={data.failedJobs} />
        <SyncCard data={data} />
        <SkuLookupCard connected={data.connected} result={result} />
        {data.invalid?.field === "page" && <Banner tone="warning">{messages.catalog.errors.page}</Banner>}
        <VariantList data={data} invalid={data.invalid} />
      </BlockStack>
    </Page>
  );
}
