// What the merchant can do about one record: exactly the actions its reason offers
// (app/fulfillment/reason-actions.ts), each a form posting to the page's action.
import { Form, useNavigation } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { FulfillmentRow } from "~/fulfillment/page/orders-page.server";
import { isCancelledReason } from "~/fulfillment/core/reason-codes";
import { RETRYABLE_BY_MERCHANT } from "~/fulfillment/core/status";
import { actionsFor, type RecordAction } from "~/fulfillment/core/reason-actions";
import type { SupportChannel } from "~/shop/support-channel";
import { useI18n } from "~/i18n/react";
import { ContactService, MarkHandled } from "./next-steps";

/** The record's actions, from the one table. */
export function rowActions(row: FulfillmentRow): RecordAction[] {
  return actionsFor({
    status: row.status,
    reasonCode: row.reasonMessage?.code ?? null,
    svcOrderId: row.svcOrderId,
    shortChoice: row.shortChoice,
  });
}

export function Actions({ row, support }: { row: FulfillmentRow; support: SupportChannel | null }) {
  const [svcOrderId, setSvcOrderId] = useState("");
  const busy = useNavigation().state !== "idle";
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const actions = rowActions(row);
  const has = (action: RecordAction) => actions.includes(action);
  return (
    <BlockStack gap="200">
      {has("contactService") && <ContactService row={row} support={support} />}
      <InlineStack gap="200" blockAlign="end">
        {has("confirmOutcome") && (
          <>
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
            <RecordAction id={row.id} intent="confirm-absent" label={m.confirmAbsent} busy={busy} critical />
          </>
        )}
        {has("askBuyer") && row.whatsappUrl && (
          <Button url={row.whatsappUrl} target="_blank">
            {m.addressHold.whatsappLink}
          </Button>
        )}
        {has("sendAsItStands") && (
          <RecordAction id={row.id} intent="send-as-is" label={m.addressHold.sendAsItStands} busy={busy} />
        )}
        {has("shortChoice") && (
          <>
            <RecordAction id={row.id} intent="short-resend" label={m.sendMissing} busy={busy} primary />
            <RecordAction id={row.id} intent="short-refund" label={m.leaveForRefund} busy={busy} />
          </>
        )}
        {has("retry") && <RecordAction id={row.id} intent="retry" label={m.retry} busy={busy} />}
        {has("refresh") && (
          <RecordAction id={row.id} intent="refresh" label={i18n.messages.nextSteps.refresh} busy={busy} />
        )}
      </InlineStack>
      {RETRYABLE_BY_MERCHANT.includes(row.status) && isCancelledReason(row.reasonMessage?.code) && (
        <Text as="p" tone="subdued">
          {m.cancelledNoRetry}
        </Text>
      )}
      {has("handled") && <MarkHandled row={row} busy={busy} />}
    </BlockStack>
  );
}

/** One button posting an action on one record. */
function RecordAction(props: {
  id: string;
  intent: string;
  label: string;
  busy: boolean;
  primary?: boolean;
  critical?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="fulfillmentId" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
      <Button
        submit
        disabled={props.busy}
        {...(props.primary ? { variant: "primary" as const } : {})}
        {...(props.critical ? { tone: "critical" as const } : {})}
      >
        {props.label}
      </Button>
    </Form>
  );
}
