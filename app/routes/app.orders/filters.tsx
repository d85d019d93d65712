// The filters of Pedidos, what it says when nothing matches them, and its pages.
import { useSearchParams } from "@remix-run/react";
import { Button, Card, EmptyState, InlineStack, Pagination, Select } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { DownloadButton } from "~/components/download-button";
import { SearchForm } from "~/components/search-form";
import { ORDERS_SEARCH_MAX, SENT_FILTER, type FieldError, type OrdersFilter } from "~/fulfillment/page/orders-query";
import { FULFILLMENT_STATUSES, isFulfillmentStatus } from "~/fulfillment/core/status";
import { useI18n } from "~/i18n/react";

export function Filters({
  counts,
  total,
  query,
  invalid,
}: {
  counts: Record<OrdersFilter, number>;
  total: number;
  query: { status: string | null; q: string };
  invalid: FieldError | null;
}) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(query.q);
  useEffect(() => setSearch(query.q), [query.q]);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    setParams(next);
  };
  const options = [
    { label: i18n.format(m.all, { count: i18n.number(total) }), value: "" },
    { label: `${m.sentFilter} (${i18n.number(counts.sent)})`, value: SENT_FILTER },
    ...FULFILLMENT_STATUSES.map((s) => ({ label: `${m.statuses[s]} (${i18n.number(counts[s])})`, value: s })),
  ];
  // The CSV holds what the filters select, every page of it, in the merchant's language.
  const exportQuery = new URLSearchParams();
  if (query.status) exportQuery.set("status", query.status);
  if (query.q) exportQuery.set("q", query.q);
  exportQuery.set("locale", i18n.locale);
  return (
    <Card>
      <InlineStack gap="300" blockAlign="end" wrap>
        <Select
          label={m.status}
          options={options}
          value={query.status ?? ""}
          onChange={(value) => update({ status: value })}
          error={invalid?.field === "status" ? i18n.format(m.errors.status, invalid.params) : undefined}
        />
        <SearchForm
          label={m.search}
          button={m.searchButton}
          value={search}
          onChange={setSearch}
          onSearch={(q) => update({ q })}
          placeholder={m.searchPlaceholder}
          error={invalid?.field === "q" ? i18n.format(m.errors.q, invalid.params) : undefined}
          maxLength={ORDERS_SEARCH_MAX}
        />
        {(query.status || query.q) && (
          <Button variant="plain" onClick={() => update({ status: "", q: "" })}>
            {m.clearFilters}
          </Button>
        )}
        <DownloadButton url={`/app/orders/export?${exportQuery}`} filename="orders.csv" label={m.exportCsv} />
      </InlineStack>
    </Card>
  );
}

export function Empty({ anyOrders, query }: { anyOrders: boolean; query: { status: string | null; q: string } }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const [params, setParams] = useSearchParams();
  // Keep the admin's own parameters (host, shop, locale…): only the filters go.
  const clear = () => {
    const next = new URLSearchParams(params);
    next.delete("status");
    next.delete("q");
    next.delete("page");
    setParams(next);
  };
  if (!anyOrders && !query.status && !query.q) {
    return (
      <Card>
        <EmptyState heading={m.emptyTitle} image="">
          <p>{m.emptyBody}</p>
        </EmptyState>
      </Card>
    );
  }
  const status =
    query.status === SENT_FILTER
      ? m.sentFilter
      : query.status && isFulfillmentStatus(query.status)
        ? m.statuses[query.status]
        : "";
  const body =
    status && query.q
      ? i18n.format(m.noMatchBody, { status, q: query.q })
      : status
        ? i18n.format(m.noMatchStatus, { status })
        : i18n.format(m.noMatchSearch, { q: query.q });
  return (
    <Card>
      <EmptyState heading={m.noMatchTitle} image="" action={{ content: m.clearFilters, onAction: clear }}>
        <p>{body}</p>
      </EmptyState>
    </Card>
  );
}

export function Pages({ page, pages }: { page: number; pages: number }) {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const go = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    setParams(next);
  };
  return (
    <InlineStack align="center">
      <Pagination
        hasPrevious={page > 1}
        onPrevious={() => go(page - 1)}
        hasNext={page < pages}
        onNext={() => go(page + 1)}
        label={i18n.format(i18n.messages.orders.page, { page, pages })}
      />
    </InlineStack>
  );
}
