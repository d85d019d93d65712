// The records on one page of Pedidos, with the bulk retry of those needing attention.
import { Form, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, Checkbox, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import type { FulfillmentRow } from "~/fulfillment/page/orders-page.server";
import { isCancelledReason } from "~/fulfillment/core/reason-codes";
import { RETRYABLE_BY_MERCHANT } from "~/fulfillment/core/status";
import { useI18n } from "~/i18n/react";
import { FulfillmentCard } from "./fulfillment-card";

/** Whether the merchant can retry the record: a cancelled order would only be skipped again. */
// A cancelled order cannot be retried; a short shipment asks for a choice, not a retry.
const canRetry = (row: FulfillmentRow) =>
  RETRYABLE_BY_MERCHANT.includes(row.status) && !isCancelledReason(row.reasonMessage?.code) && !row.shortChoice;

/** The records, with the bulk retry of those needing attention. */
export function Records({ rows }: { rows: FulfillmentRow[] }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const busy = useNavigation().state !== "idle";
  const retryable = rows.filter(canRetry);
  const [selected, setSelected] = useState<string[]>([]);
  // A reload (after an action) may have moved records out of a retryable status.
  const live = selected.filter((id) => retryable.some((r) => r.id === id));
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  return (
    <BlockStack gap="400">
      {retryable.length > 0 && (
        <Card>
          <Form method="post" onSubmit={() => setSelected([])}>
            <input type="hidden" name="intent" value="retry-many" />
            {live.map((id) => (
              <input key={id} type="hidden" name="fulfillmentId" value={id} />
            ))}
            <InlineStack gap="300" blockAlign="center" align="space-between">
              <Checkbox
                label={i18n.format(m.selectAll, { count: i18n.number(retryable.length) })}
                checked={live.length === retryable.length ? true : live.length > 0 ? "indeterminate" : false}
                onChange={(on) => setSelected(on ? retryable.map((r) => r.id) : [])}
              />
              <Button submit variant="primary" disabled={busy || live.length === 0}>
                {i18n.format(m.retrySelected, { count: i18n.number(live.length) })}
              </Button>
            </InlineStack>
          </Form>
        </Card>
      )}
      {rows.map((row) => (
        <FulfillmentCard
          key={row.id}
          row={row}
          selected={live.includes(row.id)}
          onSelect={canRetry(row) ? (on) => toggle(row.id, on) : null}
        />
      ))}
    </BlockStack>
  );
}
