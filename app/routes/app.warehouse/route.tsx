// /app/warehouse (Almacén): the warehouse's stock beside Shopify's, the stock sync's «now» and its
// result, receptions and withdrawals. The loader only reads (warehouse.server.ts).
import { data as answer, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Page } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useEffect } from "react";
import { useI18n } from "~/i18n/react";
import { loadWarehousePage, warehouseAction } from "./warehouse.server";
import { ReceptionsCard, WithdrawalsCard } from "./movements";
import { StockCard } from "./stock-list";
import { stockButtonLabel, SyncStatus } from "./sync-status";
import type { WarehouseActionData, WarehouseLoaderData } from "./types";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const page = await loadWarehousePage(context.services, session.shop, new URL(request.url));
  // A wrong value in the URL is a 400 naming the field, with the unfiltered page (not an error page).
  return page.invalid ? answer(page, { status: 400 }) : page;
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const { status, result } = await warehouseAction(context.services, session.shop, await request.formData());
  return status === 200 ? result : answer<WarehouseActionData>(result, { status });
};

export default function Warehouse() {
  const data = useLoaderData<typeof loader>() as WarehouseLoaderData;
  const result = useActionData<typeof action>() as WarehouseActionData | undefined;
  const submit = useSubmit();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { messages, format, number } = useI18n();
  const m = messages.warehouse;
  useEffect(() => {
    if (!data.syncing) return;
    // Once a second while the sync runs, so its result shows as soon as it is there.
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [data.syncing, revalidator]);

  return (
    <Page
      primaryAction={
        data.connected
          ? {
              content: stockButtonLabel(m.stock, data.stockSyncOn),
              loading: data.syncing || navigation.state === "submitting",
              disabled: data.syncing,
              onAction: () => submit({ intent: "sync" }, { method: "post" }),
            }
          : undefined
      }
    >
      <TitleBar title={m.title} />
      <BlockStack gap="400">
        {!data.connected && <Banner tone="warning">{m.notConnected}</Banner>}
        {result?.kind === "read" && (
          <Banner tone="success">{format(m.stock.readDone, { products: number(result.products) })}</Banner>
        )}
        {result?.kind === "not-connected" && <Banner tone="warning">{m.notConnected}</Banner>}
        {result?.kind === "invalid" && <Banner tone="critical">{m.stock.errors.intent}</Banner>}
        <SyncStatus data={data} />
        <StockCard data={data} />
        <ReceptionsCard view={data.receptions} />
        <WithdrawalsCard view={data.withdrawals} />
      </BlockStack>
    </Page>
  );
}
