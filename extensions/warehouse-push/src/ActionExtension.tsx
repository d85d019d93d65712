/** @jsxImportSource preact */
// "Send to warehouse now" in the order page's More actions (admin.order-details.action.render).
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-details.action.render";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { fetchOrderStatus, postOrderAction } from "../../shared/app-api";
import { pushView, type Message } from "../../shared/warehouse-status";

declare const shopify: Api;

export default async () => {
  render(<PushAction />, document.body);
};

const t = (message: Message) => shopify.i18n.translate(message.key, message.params);

function PushAction() {
  const orderGid = shopify.data.selected[0]?.id ?? "";
  const [question, setQuestion] = useState<{ allowed: boolean; order: string; message: Message } | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchOrderStatus(orderGid)
      .then((status) => setQuestion(pushView(status)))
      // The cause (a network error, the app's English answer) is not the merchant's to read.
      .catch(() => setOutcome({ ok: false, text: t({ key: "push.loadFailed" }) }));
  }, [orderGid]);

  const push = async () => {
    setBusy(true);
    // Not reached (a network error) reads as any refusal: the order's block and Pedidos say why.
    const answer = await postOrderAction(orderGid, { action: "push" }).catch(() => ({ ok: false }));
    const order = question?.order ?? "";
    setOutcome(
      answer.ok
        ? { ok: true, text: t({ key: "push.sent", params: { order } }) }
        : { ok: false, text: t({ key: "push.failed" }) },
    );
    setBusy(false);
  };

  const done = outcome?.ok === true;
  return (
    <s-admin-action heading={t({ key: "push.heading" })} loading={!question && !outcome}>
      <s-stack direction="block" gap="base">
        {question && !done && <s-text>{t(question.message)}</s-text>}
        {outcome && <s-banner tone={outcome.ok ? "success" : "critical"}>{outcome.text}</s-banner>}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        disabled={busy || done || !question?.allowed}
        loading={busy}
        onClick={push}
      >
        {t({ key: "push.send" })}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t({ key: done ? "push.close" : "push.cancel" })}
      </s-button>
    </s-admin-action>
  );
}
