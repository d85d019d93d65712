// What the merchant can do about one record: exactly the actions its reason offers
// (app/fulfillment/reason-actions.ts), each a form posting to the page's action.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { BlockStack, Box, Button, InlineStack, Link, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { FulfillmentRow } from "~/fulfillment/orders-page.server";
import { actionsFor, type RecordAction } from "~/fulfillment/reason-actions";
import { isCancelledReason } from "~/fulfillment/reason-codes";
import { HANDLED_NOTE_MAX } from "~/fulfillment/handled-note";
import type { SupportChannel } from "~/shop/support-channel";
import { RETRYABLE_BY_MERCHANT } from "~/fulfillment/status";
import { useI18n } from "~/i18n/react";
import type { OrdersActionData } from "./types";

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

/** The service's support channel and the steps for stopping or changing the order there. */
function ContactService({ row, support }: { row: FulfillmentRow; support: SupportChannel | null }) {
  const i18n = useI18n();
  const n = i18n.messages.nextSteps;
  return (
    <Box padding="200" background="bg-surface-secondary" borderRadius="200">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {n.contactTitle}
        </Text>
        <Text as="p">{i18n.format(n.contactSteps, { svcOrderId: row.svcOrderId ?? "—", order: row.orderName })}</Text>
        {support ? (
          <>
            {support.email && (
              <Text as="p">
                {n.contactEmail} <Link url={`mailto:${support.email}`}>{support.email}</Link>
              </Text>
            )}
            {support.phone && (
              <Text as="p">
                {n.contactPhone} <Link url={`tel:${support.phone.replace(/[^\d+]/g, "")}`}>{support.phone}</Link>
              </Text>
            )}
            {support.url && (
              <Text as="p">
                <Link url={support.url} target="_blank">
                  {n.contactUrl}
                </Link>
              </Text>
            )}
          </>
        ) : (
          <Text as="p" tone="subdued">
            {n.contactMissing} <Link url="/app/settings">{n.contactSettings}</Link>
          </Text>
        )}
      </BlockStack>
    </Box>
  );
}

/** «Marcar como atendido»: a required, bounded note, refused with its error under the field. */
function MarkHandled({ row, busy }: { row: FulfillmentRow; busy: boolean }) {
  const i18n = useI18n();
  const n = i18n.messages.nextSteps;
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const answer = useActionData() as OrdersActionData | undefined;
  const refused =
    answer?.kind === "one" &&
    !answer.ok &&
    (answer.code === "noteMissing" || answer.code === "noteTooLong") &&
    answer.params?.order === row.orderName
      ? i18n.format(i18n.messages.orders.outcomes[answer.code], answer.params)
      : undefined;
  if (!open && !refused) {
    return (
      <InlineStack>
        <Button onClick={() => setOpen(true)} disabled={busy}>
          {n.handled}
        </Button>
      </InlineStack>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="fulfillmentId" value={row.id} />
      <input type="hidden" name="intent" value="handled" />
      <BlockStack gap="200">
        <TextField
          label={n.handledNote}
          name="note"
          value={note}
          onChange={setNote}
          multiline={2}
          autoComplete="off"
          helpText={i18n.format(n.handledHelp, { max: i18n.number(HANDLED_NOTE_MAX) })}
          error={refused}
        />
        <InlineStack gap="200">
          <Button submit variant="primary" disabled={busy}>
            {n.handledSave}
          </Button>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {n.handledCancel}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
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
