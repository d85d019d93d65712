// What needs the merchant on a page: background jobs that gave up (JobProblems, on Pedidos,
// Catálogo and Inicio) and, on Pedidos, order webhooks the app could not read. Each item says what
// and why, and carries its action; the forms post to the page's own action (intent + id).
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "../i18n/react";
import type { AttentionActionData, JobProblemRow } from "../attention/job-problems.server";
import type { UnreadableWebhookRow } from "../shopify/webhooks/unreadable-webhook.server";

function ActionButton({ intent, id, label, tone }: { intent: string; id: string; label: string; tone?: "critical" }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button submit disabled={busy} tone={tone}>
        {label}
      </Button>
    </Form>
  );
}

function JobProblems({ jobs }: { jobs: JobProblemRow[] }) {
  const { messages, format, dateTime } = useI18n();
  const m = messages.attention;
  const jobErrorWords = (code: JobProblemRow["errorCode"]) =>
    code === null
      ? m.jobErrors.notCoded
      : code === "shopifyFailed" ||
          code === "shopifyRefused" ||
          code === "shopifyAccess" ||
          code === "shopifyProviderAccess"
        ? m.jobErrors[code]
        : format(messages.serviceErrors[code], {});
  return (
    <>
      {jobs.map((job) => (
        <Banner key={job.id} tone="critical" title={format(m.jobTitle, { kind: m.jobs[job.kind] })}>
          <BlockStack gap="200">
            {job.subject && (
              <Text as="p" fontWeight="semibold">
                {job.subject}
              </Text>
            )}
            <Text as="p">
              {format(job.state === "failed" ? m.jobFailed : m.jobFailing, {
                attempts: job.attempts,
                at: dateTime(job.at),
              })}
            </Text>
            {/* What failed, in words from its code; the error's text (class, message, the service's body) is for logs. */}
            {job.error !== null && <Text as="p">{jobErrorWords(job.errorCode)}</Text>}
            <InlineStack>
              <ActionButton intent="job-retry" id={job.id} label={m.retry} />
            </InlineStack>
          </BlockStack>
        </Banner>
      ))}
    </>
  );
}

/** The words for `key` in `words`, or its `other` words for a key the catalogue does not name. */
function wordOf(words: { other: string } & Record<string, string>, key: string): string {
  return Object.hasOwn(words, key) ? words[key]! : words.other;
}

function UnreadableWebhooks({ records }: { records: UnreadableWebhookRow[] }) {
  const { messages, format, dateTime } = useI18n();
  const m = messages.attention;
  return (
    <>
      {records.map((record) => {
        // The order's parts the issues name (line_items.0.sku → the products), each once.
        const parts = [
          ...new Set(
            record.issues.filter((issue) => issue !== "$").map((issue) => wordOf(m.payloadParts, issue.split(".")[0]!)),
          ),
        ];
        return (
          <Banner key={record.id} tone="warning" title={m.unreadableTitle}>
            <BlockStack gap="200">
              <Text as="p">
                {format(m.unreadableBody, { topic: wordOf(m.topics, record.topic), at: dateTime(record.receivedAt) })}
              </Text>
              {parts.length > 0 && <Text as="p">{format(m.fields, { fields: parts.join(", ") })}</Text>}
              <Text as="p">{record.orderId ? format(m.orderNamed, { id: record.orderId }) : m.noOrder}</Text>
              <InlineStack gap="200" align="start" wrap={false}>
                {record.orderId && (
                  <ActionButton
                    intent="unreadable-send"
                    id={record.id}
                    // Both read the order from Shopify as it is now; a paid order goes to the warehouse.
                    label={format(record.topic === "orders/paid" ? m.send : m.reread, { id: record.orderId })}
                  />
                )}
                <ActionButton intent="unreadable-dismiss" id={record.id} label={m.dismiss} tone="critical" />
              </InlineStack>
            </BlockStack>
          </Banner>
        );
      })}
    </>
  );
}

/** What the last attention action did (retry, dismiss, or why it was refused), in the merchant's words. */
export function AttentionOutcomeBanner({ data }: { data: unknown }) {
  const { messages } = useI18n();
  const result = data as AttentionActionData | undefined;
  if (!result || result.kind !== "attention") return null;
  return <Banner tone={result.ok ? "success" : "critical"}>{messages.attention.outcomes[result.outcome]}</Banner>;
}

/** Pedidos: unreadable order webhooks and order jobs that gave up, under one heading. */
export function OrdersAttentionCard({
  attention,
}: {
  attention: { unreadable: UnreadableWebhookRow[]; failedJobs: JobProblemRow[] };
}) {
  const { messages } = useI18n();
  const outcome = <AttentionOutcomeBanner data={useActionData()} />;
  if (attention.unreadable.length === 0 && attention.failedJobs.length === 0) return outcome;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {messages.attention.title}
        </Text>
        {outcome}
        <UnreadableWebhooks records={attention.unreadable} />
        <JobProblems jobs={attention.failedJobs} />
      </BlockStack>
    </Card>
  );
}

/** Catálogo and Inicio: the page's jobs that gave up. */
export function JobProblemsCard({ jobs }: { jobs: JobProblemRow[] }) {
  const { messages } = useI18n();
  if (jobs.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {messages.attention.title}
        </Text>
        <JobProblems jobs={jobs} />
      </BlockStack>
    </Card>
  );
}
