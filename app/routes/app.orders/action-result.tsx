// What came of the merchant's last action on Pedidos: one record's outcome, or each of a bulk retry.
import { Banner } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";
import { outcomeText } from "./text";
import type { OrdersActionData } from "./types";

export function ActionResult({ data }: { data: OrdersActionData | undefined }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  if (!data || data.kind === "attention") return null; // said by OrdersAttentionCard
  if (data.kind === "invalid") {
    return <Banner tone="critical">{i18n.format(m.errors[data.error.key], data.error.params)}</Banner>;
  }
  if (data.kind === "one") {
    return <Banner tone={data.ok ? "success" : "critical"}>{outcomeText(i18n, data)}</Banner>;
  }
  const ok = data.results.filter((r) => r.ok).length;
  return (
    <Banner
      tone={ok === data.results.length ? "success" : ok === 0 ? "critical" : "warning"}
      title={i18n.format(m.bulkDone, { ok, total: data.results.length })}
    >
      <ul aria-label={i18n.format(m.bulkDone, { ok, total: data.results.length })}>
        {data.results.map((r) => (
          <li key={r.id} data-record={r.id} data-ok={r.ok}>
            {r.orderName && !r.params?.order ? `${r.orderName}: ` : ""}
            {outcomeText(i18n, r)}
          </li>
        ))}
      </ul>
    </Banner>
  );
}
