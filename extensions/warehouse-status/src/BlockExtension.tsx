/** @jsxImportSource preact */
// The warehouse's view of an order, on Shopify's order details page (admin.order-details.block.render).
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-details.block.render";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { fetchOrderStatus, postOrderAction, type ActionAnswer, type ActionRequest } from "../../shared/app-api";
import { blockView, outcomeMessage, type BlockView, type Message, type RecordView } from "../../shared/warehouse-status";

declare const shopify: Api;

export default async () => {
  render(<WarehouseBlock />, document.body);
};

const when = (iso: string) =>
  shopify.i18n.formatDate(new Date(iso), { dateStyle: "medium", timeStyle: "short" } as Intl.DateTimeFormatOptions);
const t = (message: Message): string => {
  const params = { ...message.params };
  for (const name of message.dates ?? []) if (params[name]) params[name] = when(params[name]);
  for (const [name, inner] of Object.entries(message.nested ?? {})) params[name] = t(inner);
  // An optional part a reason left empty reads as nothing, not "()".
  return String(shopify.i18n.translate(message.key, params)).replace(/ \(\)/g, "");
};

function WarehouseBlock() {
  const orderGid = shopify.data.selected[0]?.id ?? "";
  const [view, setView] = useState<BlockView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(blockView(await fetchOrderStatus(orderGid)));
      setError(null);
    } catch (cause) {
      // The cause (a network error, the app's English answer) is not the merchant's to read.
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }, [orderGid]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (request: ActionRequest) => {
    setBusy(true);
    // Not reached (a network error): no code, so the general sentence.
    const answer: ActionAnswer = await postOrderAction(orderGid, request).catch(() => ({ ok: false, params: {} }));
    setNotice({ ok: answer.ok, text: t(outcomeMessage(answer)) });
    await load();
    setBusy(false);
  };

  const summary = view ? summaryOf(view) : t({ key: "block.loading" });
  return (
    <s-admin-block heading={t({ key: "block.heading" })} collapsedSummary={summary}>
      <s-stack direction="block" gap="base">
        {error && <s-banner tone="critical">{t({ key: "block.loadFailed" })}</s-banner>}
        {notice && <s-banner tone={notice.ok ? "success" : "critical"}>{notice.text}</s-banner>}
        {!view && !error && <s-text>{t({ key: "block.loading" })}</s-text>}
        {view?.empty && <s-text>{t(view.empty)}</s-text>}
        {view?.records.map((record) => (
          <RecordSection key={record.id} record={record} busy={busy} onAct={act} />
        ))}
        {view && (
          <s-stack direction="inline" gap="base">
            <s-link href={`app:${view.ordersPagePath}`}>{t({ key: "block.openOrdersPage" })}</s-link>
          </s-stack>
        )}
      </s-stack>
    </s-admin-block>
  );
}

function summaryOf(view: BlockView): string {
  if (view.empty) return t(view.empty);
  return view.records.map((record) => t(record.badge.label)).join(" · ");
}

function RecordSection(props: { record: RecordView; busy: boolean; onAct: (request: ActionRequest) => Promise<void> }) {
  const { record } = props;
  return (
    <s-stack direction="block" gap="small-200">
      <s-stack direction="inline" gap="small-200" alignItems="center">
        <s-heading>{t(record.heading)}</s-heading>
        <s-badge tone={record.badge.tone}>{t(record.badge.label)}</s-badge>
        {record.service && <s-text color="subdued">{t(record.service)}</s-text>}
      </s-stack>
      {record.attention && (
        <s-banner tone={record.badge.tone === "critical" ? "critical" : "info"}>{t(record.attention)}</s-banner>
      )}
      {record.svcOrder && <s-text>{t(record.svcOrder)}</s-text>}
      {record.whatsappUrl && (
        <s-link href={record.whatsappUrl} target="_blank">
          {t({ key: "record.whatsappBuyer" })}
        </s-link>
      )}
      {record.tracking.map((tracking) => (
        <s-text key={tracking.number}>
          {t({ key: "record.tracking", params: { company: tracking.company ?? "" } })}{" "}
          {tracking.url ? (
            <s-link href={tracking.url} target="_blank">
              {tracking.number}
            </s-link>
          ) : (
            tracking.number
          )}
        </s-text>
      ))}
      {record.warnings.length > 0 && (
        <s-stack direction="block" gap="small-300">
          <s-text type="strong">{t({ key: "record.addressWarnings" })}</s-text>
          {record.warnings.map((warning, index) => (
            <s-text key={index} tone="caution">
              {t(warning.field)}: {t(warning.text)}
              {warning.original ? ` («${warning.original}»)` : ""}
            </s-text>
          ))}
        </s-stack>
      )}
      <Actions {...props} />
      {record.timeline.length > 0 && (
        <s-stack direction="block" gap="small-300">
          <s-text type="strong">{t({ key: "record.timeline" })}</s-text>
          {record.timeline.map((entry, index) => (
            <s-text key={index} color="subdued">
              {when(entry.at)} — {t(entry.label)}
              {entry.detailMessage ? `: ${t(entry.detailMessage)}` : ""}
            </s-text>
          ))}
        </s-stack>
      )}
    </s-stack>
  );
}

function Actions({
  record,
  busy,
  onAct,
}: {
  record: RecordView;
  busy: boolean;
  onAct: (request: ActionRequest) => Promise<void>;
}) {
  const [svcOrderId, setSvcOrderId] = useState("");
  if (record.actionNote) return <s-text color="subdued">{t(record.actionNote)}</s-text>;
  if (record.actions.includes("confirm")) {
    return (
      <s-stack direction="block" gap="small-200">
        <s-text-field
          label={t({ key: "actions.svcOrderId" })}
          value={svcOrderId}
          onInput={(event) => setSvcOrderId(event.currentTarget.value)}
        />
        <s-stack direction="inline" gap="small-200">
          <s-button
            disabled={busy || svcOrderId.trim() === ""}
            onClick={() =>
              onAct({ action: "confirm", recordId: record.id, exists: true, svcOrderId: svcOrderId.trim() })
            }
          >
            {t({ key: "actions.confirmExists" })}
          </s-button>
          <s-button
            tone="critical"
            disabled={busy}
            onClick={() => onAct({ action: "confirm", recordId: record.id, exists: false })}
          >
            {t({ key: "actions.confirmAbsent" })}
          </s-button>
        </s-stack>
      </s-stack>
    );
  }
  if (record.actions.includes("retry")) {
    return (
      <s-stack direction="inline" gap="small-200">
        <s-button disabled={busy} onClick={() => onAct({ action: "retry", recordId: record.id })}>
          {t({ key: "actions.retry" })}
        </s-button>
      </s-stack>
    );
  }
  return null;
}
