// /app/orders (Pedidos): every order the app handled, filtered and searched, with what the merchant
// can do about each one. The loader only reads; the actions are the page's forms (app/orchestration/orders-page.server.ts).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { OrdersAttentionCard } from "~/components/attention";
import { parseOrdersQuery, ORDERS_PAGE_SIZE } from "~/fulfillment/page/orders-query";
import { FULFILLMENT_STATUSES } from "~/fulfillment/core/status";
import { useI18n } from "~/i18n/react";
import { ActionResult } from "./action-result";
import { Empty, Filters, Pages } from "./filters";
import { loadOrdersPage, ordersAction } from "~/orchestration/orders-page.server";
import { Records } from "./records";
import type { OrdersActionData, OrdersPageData } from "./types";

export type { OrdersActionData, OrdersPageData } from "./types";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const parsed = parseOrdersQuery(new URL(request.url));
  const page = await loadOrdersPage(context.services, session.shop, parsed);
  // A wrong filter in the URL is a 400 naming the field; the page still shows every order, with
  // the error next to the filter, rather than an error page.
  return parsed.ok ? page : data(page, { status: 400 });
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const answer = await ordersAction(context.services, session.shop, await request.formData());
  return answer.status === 200 && !answer.attention
    ? answer.result
    : data<OrdersActionData>(answer.result, { status: answer.status });
};

export default function Orders() {
  const { rows, matching, counts, received, reconciledAt, query, invalid, attention } = useLoaderData<
    typeof loader
  >() as OrdersPageData;
  const actionData = useActionData<typeof action>() as OrdersActionData | undefined;
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const total = FULFILLMENT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <Page>
      <TitleBar title={m.title} />
      <BlockStack gap="400">
        <ActionResult data={actionData} />
        {invalid?.field === "page" && <Banner tone="warning">{m.errors.page}</Banner>}
        <Filters counts={counts} total={total} query={query} invalid={invalid} />
        <OrdersAttentionCard attention={attention} />
        <Text as="p" tone="subdued">
          {reconciledAt ? i18n.format(m.reconciledAt, { at: i18n.dateTime(reconciledAt) }) : m.neverReconciled}
        </Text>
        {received.length > 0 && (
          <Card>
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm">
                {m.received}
              </Text>
              {received.map((order) => (
                <Text as="p" key={order.orderGid}>
                  {i18n.format(m.receivedAt, { order: order.orderName, at: i18n.dateTime(order.receivedAt) })}
                </Text>
              ))}
            </BlockStack>
          </Card>
        )}
        {rows.length === 0 && received.length === 0 ? (
          <Empty anyOrders={total > 0} query={query} />
        ) : (
          <Records rows={rows} />
        )}
        {matching > ORDERS_PAGE_SIZE && <Pages page={query.page} pages={Math.ceil(matching / ORDERS_PAGE_SIZE)} />}
      </BlockStack>
    </Page>
  );
}
