import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useState } from "react";
import { useI18n } from "~/i18n/react";
import { EXPORT_RETENTION_DAYS, listCustomerDataRequests } from "../privacy/customer-data.server";

// Customers' data requests (customers/data_request): each is answered when it arrives with an
// export of what the app holds; the merchant downloads it here and hands it to the customer.
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const { db, now } = context.services;
  return {
    requests: await listCustomerDataRequests(db, { shop: session.shop, now: now() }),
    retentionDays: EXPORT_RETENTION_DAYS,
  };
};

/** Why a download did not happen, for the page to word: the app's HTTP status, or no answer. */
class DownloadFailed extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? "the app did not answer" : `the app answered ${status}`);
  }
}

// The embedded admin adds the session token to fetch, not to a plain link: download through fetch
// (a POST: the download is recorded).
async function download(id: string, fileName: string) {
  const response = await fetch(`/app/privacy/${id}`, { method: "POST" }).catch(() => {
    throw new DownloadFailed(null);
  });
  if (!response.ok) throw new DownloadFailed(response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export default function Privacy() {
  const { requests, retentionDays } = useLoaderData<typeof loader>();
  const [failed, setFailed] = useState<string | null>(null);
  const { messages, format, dateTime } = useI18n();
  const m = messages.privacy;
  const failure = (error: unknown) =>
    error instanceof DownloadFailed && error.status !== null
      ? format(m.downloadFailed, { status: error.status })
      : m.downloadUnreachable;
  return (
    <Page>
      <TitleBar title={m.title} />
      <BlockStack gap="400">
        <Text as="p">{format(m.intro, { days: retentionDays })}</Text>
        {failed && (
          <Text as="p" tone="critical">
            {failed}
          </Text>
        )}
        <Card padding="0">
          {requests.length === 0 ? (
            <EmptyState heading={m.emptyTitle} image="">
              <p>{m.emptyBody}</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: m.singular, plural: m.plural }}
              itemCount={requests.length}
              selectable={false}
              headings={[
                { title: m.received },
                { title: m.customer },
                { title: m.orders },
                { title: m.state },
                { title: m.file },
              ]}
            >
              {requests.map((r, index) => (
                <IndexTable.Row id={r.id} key={r.id} position={index}>
                  <IndexTable.Cell>{dateTime(r.receivedAt)}</IndexTable.Cell>
                  <IndexTable.Cell>{r.customerId ?? "—"}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {format(m.ordersFound, { found: r.ordersFound, requested: r.ordersRequested.length })}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone="success">{format(m.answered, { at: dateTime(r.answeredAt) })}</Badge>
                    {r.downloadedAt && <Badge>{format(m.downloaded, { at: dateTime(r.downloadedAt) })}</Badge>}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button
                      onClick={() =>
                        download(r.id, `solicitud-datos-${r.id}.json`).then(
                          () => setFailed(null),
                          (error: unknown) => setFailed(failure(error)),
                        )
                      }
                    >
                      {m.download}
                    </Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}
