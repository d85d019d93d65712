// A record's history on Pedidos, newest last.
import { Badge, BlockStack, Box, InlineStack, Text } from "@shopify/polaris";
import type { FulfillmentRow, TimelineEntry } from "~/fulfillment/page/orders-page.server";
import { isFulfillmentStatus } from "~/fulfillment/core/status";
import { useI18n } from "~/i18n/react";
import { reasonWords } from "~/fulfillment/page/reason-words";

const KIND_TONES: Record<TimelineEntry["kind"], "info" | "success" | "critical" | "attention" | undefined> = {
  webhook: undefined,
  submission: "info",
  service: "success",
  tracking: "success",
  merchant: "attention",
  attention: "critical",
  wait: undefined,
};

export function Timeline({ id, row }: { id: string; row: FulfillmentRow }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const label = (status: string | null) => (status && isFulfillmentStatus(status) ? m.statuses[status] : status);
  return (
    <Box id={id} paddingBlockStart="200" borderBlockStartWidth="025" borderColor="border">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {i18n.format(m.timelineTitle, { order: row.orderName })}
        </Text>
        {row.timeline.length === 0 ? (
          <Text as="p" tone="subdued">
            {m.timelineEmpty}
          </Text>
        ) : (
          <ol
            aria-label={i18n.format(m.timelineTitle, { order: row.orderName })}
            style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}
          >
            {row.timeline.map((entry, index) => (
              <li key={index} data-kind={entry.kind} style={{ marginBottom: "8px" }}>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <Text as="span" tone="subdued" numeric>
                    {i18n.dateTime(entry.at)}
                  </Text>
                  <Badge tone={KIND_TONES[entry.kind]}>{m.kinds[entry.kind]}</Badge>
                  <Text as="span" fontWeight="medium">
                    {entry.from && entry.from !== entry.to
                      ? i18n.format(m.timelineMoved, { from: label(entry.from) ?? "", to: label(entry.to) ?? "" })
                      : label(entry.to)}
                  </Text>
                </InlineStack>
                {entry.message && (
                  <Text as="p" tone="subdued">
                    {reasonWords(i18n, entry.message)}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        )}
      </BlockStack>
    </Box>
  );
}
