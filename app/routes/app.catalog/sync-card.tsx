// The catalogue sync: its button, its progress while it runs, how the last one ended and the counts.
import { Form, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { CatalogPageData } from "~/catalog/catalog-page.server";
import { CATALOG_FILTERS } from "~/catalog/catalog-query";
import { isCatalogStatus } from "~/catalog/status";
import { useI18n } from "~/i18n/react";
import { STATUS_TONES } from "./status-tones";

export function SyncCard({ data }: { data: CatalogPageData }) {
  const busy = useNavigation().state !== "idle";
  const { messages, format, dateTime, number } = useI18n();
  const m = messages.catalog;
  const sync = data.sync;
  const running = sync?.state === "running";
  const percent = sync && sync.total > 0 ? Math.min(100, Math.round((sync.done / sync.total) * 100)) : 0;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {m.syncTitle}
          </Text>
          <Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <Button submit variant="primary" disabled={busy || running || !data.connected}>
              {m.syncButton}
            </Button>
          </Form>
        </InlineStack>
        {running && sync && (
          <BlockStack gap="200">
            <Text as="p">
              {format(sync.phase === "sending" ? m.sending : m.reading, {
                done: number(sync.done),
                total: number(sync.total),
              })}
            </Text>
            <ProgressBar progress={percent} size="small" />
            <Text as="p" tone="subdued">
              {m.alreadyRunning}
            </Text>
          </BlockStack>
        )}
        {sync?.state === "completed" && <ProgressBar progress={100} size="small" tone="success" />}
        {sync && !running && (
          <Text as="p" tone={sync.state === "failed" ? "critical" : "subdued"}>
            {format(sync.state === "completed" ? m.lastCompleted : m.lastFailed, {
              at: dateTime(sync.finishedAt ?? sync.startedAt),
            })}
          </Text>
        )}
        {sync?.error && (
          <Text as="p" tone="critical">
            {sync.error.words}
          </Text>
        )}
        <InlineStack gap="200">
          {CATALOG_FILTERS.filter((f) => isCatalogStatus(f) || f === "deleted").map((filter) => (
            <Badge key={filter} tone={filter === "deleted" ? undefined : STATUS_TONES[filter]}>
              {`${m.filters[filter]}: ${number(data.counts[filter])}`}
            </Badge>
          ))}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
