// What the merchant can do about one record, each a form posting to the page's action.
import { Form, useNavigation } from "@remix-run/react";
import { Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { FulfillmentRow } from "~/fulfillment/page/orders-page.server";
import { isCancelledReason } from "~/fulfillment/core/reason-codes";
import { RETRYABLE_BY_MERCHANT } from "~/fulfillment/core/status";
import { useI18n } from "~/i18n/react";

export function Actions({ row }: { row: FulfillmentRow }) {
  const [svcOrderId, setSvcOrderId] = useState("");
  const busy = useNavigation().state !== "idle";
  const m = useI18n().messages.orders;
  if (row.status === "unknown_outcome") {
    return (
      <InlineStack gap="200" blockAlign="end">
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-exists" />
          <InlineStack gap="200" blockAlign="end">
            <TextField
              label={m.svcOrderIdLabel}
              name="svcOrderId"
              value={svcOrderId}
              onChange={setSvcOrderId}
              autoComplete="off"
            />
            <Button submit disabled={busy || !svcOrderId.trim()}>
              {m.confirmExists}
            </Button>
          </InlineStack>
        </Form>
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-absent" />
          <Button submit disabled={busy} tone="critical">
            {m.confirmAbsent}
          </Button>
        </Form>
      </InlineStack>
    );
  }
  if (row.addressHeld) {
    return (
      <InlineStack gap="200" blockAlign="end">
        {row.whatsappUrl && (
          <Button url={row.whatsappUrl} target="_blank">
            {m.addressHold.whatsappLink}
          </Button>
        )}
        <RecordAction id={row.id} intent="send-as-is" label={m.addressHold.sendAsItStands} busy={busy} />
      </InlineStack>
    );
  }
  if (RETRYABLE_BY_MERCHANT.includes(row.status) && isCancelledReason(row.reasonMessage?.code)) {
    return (
      <Text as="p" tone="subdued">
        {m.cancelledNoRetry}
      </Text>
    );
  }
  if (row.shortChoice) {
    return (
      <InlineStack gap="200" blockAlign="end">
        <RecordAction id={row.id} intent="short-resend" label={m.sendMissing} busy={busy} primary />
        <RecordAction id={row.id} intent="short-refund" label={m.leaveForRefund} busy={busy} />
      </InlineStack>
    );
  }
  if (RETRYABLE_BY_MERCHANT.includes(row.status)) {
    return <RecordAction id={row.id} intent="retry" label={m.retry} busy={busy} />;
  }
  return <span />;
}

/** One button posting an action on one record. */
function RecordAction(props: { id: string; intent: string; label: string; busy: boolean; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="fulfillmentId" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
      <Button submit disabled={props.busy} {...(props.primary ? { variant: "primary" as const } : {})}>
        {props.label}
      </Button>
    </Form>
  );
}
