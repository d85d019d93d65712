// Receptions (goods coming in) and withdrawals (the merchant's own goods taken out), as the
// service reports them; a list it could not give, or gave in a shape the app cannot read, says so.
import { Badge, BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { DownloadButton } from "~/components/download-button";
import { useI18n } from "~/i18n/react";
import type { Reception, Withdrawal } from "~/svc";
import type { ReceptionsView, WithdrawalsView } from "~/warehouse/movements.server";

export function ReceptionsCard({ view }: { view: ReceptionsView }) {
  const { messages, locale } = useI18n();
  const m = messages.warehouse.receptions;
  if (view.kind === "not_connected") return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.title}
        </Text>
        <Text as="p" tone="subdued">
          {m.help}
        </Text>
        {view.kind === "failed" && (
          <Text as="p" tone="caution">
            {m.failed}
          </Text>
        )}
        {view.kind === "unreadable" && (
          <BlockStack gap="200">
            <div data-testid="receptions-unreadable">
              <Text as="p" tone="caution">
                {m.unreadable}
              </Text>
            </div>
            <InlineStack>
              <DownloadButton
                url={`/app/warehouse/receptions?locale=${locale}`}
                filename="receptions.json"
                label={m.download}
              />
            </InlineStack>
          </BlockStack>
        )}
        {view.kind === "read" && view.receptions.length === 0 && <Text as="p">{m.none}</Text>}
        {view.kind === "read" && view.receptions.map((r, i) => <ReceptionItem key={r.id ?? i} reception={r} />)}
      </BlockStack>
    </Card>
  );
}

function ReceptionItem({ reception }: { reception: Reception }) {
  const { messages, format, number, dateTime } = useI18n();
  const m = messages.warehouse.receptions;
  const count = (n: number | null) => (n === null ? m.unknownValue : number(n));
  // The service's codes in words; one the app does not know is shown as the service sent it.
  const worded = (words: Record<string, string>, value: string) =>
    Object.hasOwn(words, value) ? words[value]! : format(m.otherValue, { value });
  const other = Object.entries(reception.unrecognised).map(([key, value]) => `${key}: ${plain(value)}`);
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {format(m.reception, { id: reception.id ?? m.unknownValue })}
        </Text>
        {reception.status && <Badge>{format(m.status, { status: worded(m.statuses, reception.status) })}</Badge>}
      </InlineStack>
      {reception.createdAt && <Text as="p">{format(m.createdAt, { at: dateTime(reception.createdAt) })}</Text>}
      {reception.origin && <Text as="p">{format(m.origin, { origin: worded(m.origins, reception.origin) })}</Text>}
      {reception.warehouse && <Text as="p">{format(m.warehouse, { warehouse: reception.warehouse })}</Text>}
      {reception.lines.map((line, i) => (
        <Text as="p" key={i}>
          {format(m.line, {
            sku: line.sku ?? m.unknownValue,
            name: line.name ?? "",
            expected: count(line.expected),
            received: count(line.received),
          })}
        </Text>
      ))}
      {other.length > 0 && (
        <Text as="p" tone="subdued">
          {format(m.otherFields, { fields: other.join("; ") })}
        </Text>
      )}
    </BlockStack>
  );
}

export function WithdrawalsCard({ view }: { view: WithdrawalsView }) {
  const m = useI18n().messages.warehouse.withdrawals;
  if (view.kind === "not_connected") return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.title}
        </Text>
        <Text as="p" tone="subdued">
          {m.help}
        </Text>
        {view.kind === "failed" && (
          <Text as="p" tone="caution">
            {m.failed}
          </Text>
        )}
        {view.kind === "read" && view.withdrawals.length === 0 && <Text as="p">{m.none}</Text>}
        {view.kind === "read" && view.withdrawals.map((w) => <WithdrawalItem key={w.id} withdrawal={w} />)}
      </BlockStack>
    </Card>
  );
}

function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { messages, format, number, dateTime } = useI18n();
  const m = messages.warehouse.withdrawals;
  const stateWords = (state: string) =>
    Object.hasOwn(m.states, state) ? m.states[state as keyof typeof m.states] : format(m.otherState, { state });
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {format(m.withdrawal, { id: w.id })}
      </Text>
      {w.createdAt && <Text as="p">{format(m.createdAt, { at: dateTime(w.createdAt) })}</Text>}
      {w.lines.map((line, i) => (
        <Text as="p" key={i}>
          {format(m.line, {
            sku: line.sku ?? "",
            name: line.name ?? "",
            units: line.units === null ? "" : number(line.units),
          })}
          {line.collected === null ? "" : ` (${line.collected ? m.collected : m.notCollected})`}
        </Text>
      ))}
      {w.reason && <Text as="p">{format(m.reason, { reason: w.reason })}</Text>}
      {w.comments && <Text as="p">{format(m.comments, { comments: w.comments })}</Text>}
      {w.collector && <Text as="p">{format(m.collector, { collector: w.collector })}</Text>}
      {w.collectedAt && <Text as="p">{format(m.collectedAt, { at: dateTime(w.collectedAt) })}</Text>}
      <Text as="p" tone="subdued">
        {m.timeline}: {w.timeline.map((s) => `${stateWords(s.state)}${s.at ? ` ${dateTime(s.at)}` : ""}`).join(" → ")}
      </Text>
    </BlockStack>
  );
}

/** A value from the service as plain words (never raw JSON on the page). */
function plain(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(plain).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k} ${plain(v)}`)
    .join(", ");
}
