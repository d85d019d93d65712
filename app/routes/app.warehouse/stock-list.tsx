// The warehouse's products, filtered and searched on the server, each beside Shopify's level.
import { useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  InlineStack,
  Link,
  Pagination,
  Select,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { DownloadButton } from "~/components/download-button";
import { SearchForm } from "~/components/search-form";
import { useI18n } from "~/i18n/react";
import type { WarehouseRow } from "~/warehouse/warehouse-page.server";
import { WAREHOUSE_FILTERS, WAREHOUSE_PAGE_SIZE } from "~/warehouse/warehouse-query";
import { stockButtonLabel } from "./sync-status";
import type { WarehouseLoaderData } from "./types";

export function StockCard({ data }: { data: WarehouseLoaderData }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(data.query.search);
  const i18n = useI18n();
  const { format, number } = i18n;
  const m = i18n.messages.warehouse.stock;
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const clear = () => (setSearch(""), update({ status: "", q: "", page: "" }));
  const pages = Math.max(1, Math.ceil(data.matching / WAREHOUSE_PAGE_SIZE));
  const filtered = data.query.filter !== "all" || data.query.search !== "";
  const exportQuery = new URLSearchParams();
  if (data.query.filter !== "all") exportQuery.set("status", data.query.filter);
  if (data.query.search) exportQuery.set("q", data.query.search);
  exportQuery.set("locale", i18n.locale);
  const c = m.columns;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.title}
        </Text>
        <Text as="p" tone="subdued">
          {m.help}
        </Text>
        {data.connected && data.location !== "chosen" && (
          <Banner tone="warning" action={{ content: m.noLocationAction, url: "/app/settings" }}>
            {data.location === "service_not_registered" ? m.noServiceLocation : m.noLocation}
          </Banner>
        )}
        {data.connected && data.location === "chosen" && data.readElsewhere && (
          <Banner tone="info">{format(m.readElsewhere, { button: stockButtonLabel(m, data.stockSyncOn) })}</Banner>
        )}
        {data.invalid?.field === "page" && (
          <Text as="p" tone="caution">
            {m.errors.page}
          </Text>
        )}
        <InlineStack gap="300" blockAlign="end">
          <Select
            label={m.filter}
            options={WAREHOUSE_FILTERS.map((f) => ({ label: `${m.filters[f]} (${number(data.counts[f])})`, value: f }))}
            value={data.query.filter}
            onChange={(value) => update({ status: value === "all" ? "" : value, page: "" })}
            error={data.invalid?.field === "status" ? m.errors.filter : undefined}
          />
          <SearchForm
            label={m.search}
            button={m.searchButton}
            value={search}
            onChange={setSearch}
            onSearch={(q) => update({ q, page: "" })}
            error={data.invalid?.field === "q" ? m.errors.q : undefined}
            maxLength={100}
          />
          {filtered && (
            <Button variant="plain" onClick={clear}>
              {m.clearFilters}
            </Button>
          )}
          <DownloadButton url={`/app/warehouse/export?${exportQuery}`} filename="warehouse.csv" label={m.exportCsv} />
        </InlineStack>
        {data.rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {filtered
              ? m.empty
              : data.readAt
                ? m.emptyStock
                : format(m.neverRead, { button: stockButtonLabel(m, data.stockSyncOn) })}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "numeric", "numeric", "numeric", "numeric", "text"]}
            headings={[c.product, c.sku, c.available, c.inStock, c.shopify, c.awaiting, c.difference]}
            rows={data.rows.map((row) => rowCells(row, m, number, data.readWithoutLocation))}
          />
        )}
        {pages > 1 && (
          <Pagination
            hasPrevious={data.query.page > 1}
            onPrevious={() => update({ page: String(data.query.page - 1) })}
            hasNext={data.query.page < pages}
            onNext={() => update({ page: String(data.query.page + 1) })}
            label={format(m.page, { page: data.query.page, pages })}
          />
        )}
      </BlockStack>
    </Card>
  );
}

type StockWords = ReturnType<typeof useI18n>["messages"]["warehouse"]["stock"];

function rowCells(row: WarehouseRow, m: StockWords, number: (n: number) => string, readWithoutLocation: boolean) {
  const name = row.name ?? row.sku;
  const differs = row.difference !== null && row.difference !== 0;
  return [
    row.adminUrl ? (
      <Link key="name" url={row.adminUrl} target="_top" removeUnderline>
        {name}
      </Link>
    ) : (
      <InlineStack key="name" gap="100">
        <Text as="span">{name}</Text>
        <Badge>{m.notInShopify}</Badge>
      </InlineStack>
    ),
    row.sku,
    number(row.available),
    number(row.inStock),
    row.shopifyAvailable === null
      ? !row.inShopify
        ? ""
        : readWithoutLocation
          ? m.noLocationCell
          : m.notStockedHere
      : number(row.shopifyAvailable),
    number(row.awaiting),
    row.difference === null ? (
      ""
    ) : differs ? (
      <Badge
        key="difference"
        tone="warning"
      >{`${row.difference > 0 ? "+" : ""}${number(row.difference)} · ${m.differs}`}</Badge>
    ) : (
      number(0)
    ),
  ];
}
