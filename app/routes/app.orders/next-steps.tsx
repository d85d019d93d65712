// A record's next steps beside its own actions (issue 33): the service's support channel and the
// steps for stopping or changing an order there, and «Marcar como atendido» with its note.
import { Form, useActionData } from "@remix-run/react";
import { BlockStack, Box, Button, InlineStack, Link, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { HANDLED_NOTE_MAX } from "~/fulfillment/core/handled-note";
import type { FulfillmentRow } from "~/fulfillment/page/orders-page.server";
import { useI18n } from "~/i18n/react";
import type { SupportChannel } from "~/shop/support-channel";
import type { OrdersActionData } from "./types";

/** The service's support channel and the steps for stopping or changing the order there. */
export function ContactService({ row, support }: { row: FulfillmentRow; support: SupportChannel | null }) {
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
export function MarkHandled({ row, busy }: { row: FulfillmentRow; busy: boolean }) {
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
