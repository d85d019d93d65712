// The catalogue's variants, filtered and searched, each with its state and its differences.
import { useSearchParams } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, EmptyState, InlineStack, Link, Pagination, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import type { CatalogPageData, CatalogVariantView } from "~/catalog/catalog-page.server";
import { CATALOG_FILTERS, CATALOG_PAGE_SIZE } from "~/catalog/catalog-query";
import { catalogReasonWords } from "~/catalog/reason-words";
import { SearchForm } from "~/components/search-form";
import { useI18n } from "~/i18n/react";
import { STATUS_TONES } from "./status-tones";
import type { CatalogLoaderData } from "./types";

export function VariantList({ data, invalid }: { data: CatalogPageData; invalid: CatalogLoaderData["invalid"] }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(data.query.search);
  const { messages, format, number } = useI18n();
  const m = messages.catalog;
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const pages = Math.max(1, Math.ceil(data.matching / CATALOG_PAGE_SIZE));
  const filtered = data.query.filter !== "all" || data.query.search !== "";
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="300" blockAlign="end">
          <Select
            label={m.status}
            options={CATALOG_FILTERS.map((f) => ({ label: `${m.filters[f]} (${number(data.counts[f])})`, value: f }))}
            value={data.query.filter}
            onChange={(value) => update({ status: value === "all" ? "" : value, page: "" })}
            error={invalid?.field === "status" ? m.errors.status : undefined}
          />
          <SearchForm
            label={m.search}
            button={m.searchButton}
            value={search}
            onChange={setSearch}
            onSearch={(q) => update({ q, page: "" })}
            error={invalid?.field === "q" ? m.errors.q : undefined}
            maxLength={100}
          />
          {/* With nothing found, the empty state's own button clears the filters. */}
          {filtered && data.variants.length > 0 && (
            <Button variant="plain" onClick={() => (setSearch(""), update({ status: "", q: "", page: "" }))}>
              {m.clearFilters}
            </Button>
          )}
        </InlineStack>
        {data.variants.length === 0 &&
          (filtered ? (
            <EmptyState
              heading={m.emptyFilterTitle}
              image=""
              action={{
                content: m.clearFilters,
                onAction: () => (setSearch(""), update({ status: "", q: "", page: "" })),
              }}
            >
              <p>{m.empty}</p>
            </EmptyState>
          ) : (
            <EmptyState heading={m.emptyCatalogueTitle} image="">
              <p>{m.emptyCatalogueBody}</p>
            </EmptyState>
          ))}
        {data.variants.map((variant) => (
          <VariantRow key={variant.id} variant={variant} />
        ))}
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

function VariantRow({ variant }: { variant: CatalogVariantView }) {
  const i18n = useI18n();
  const { format } = i18n;
  const m = i18n.messages.catalog;
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" fontWeight="semibold">
          {variant.adminUrl ? (
            <Link url={variant.adminUrl} target="_top" removeUnderline>
              {variant.title}
            </Link>
          ) : (
            variant.title
          )}
        </Text>
        <Text as="span" tone="subdued">
          {variant.sku ?? m.noSku}
        </Text>
        <Badge tone={variant.deleted ? undefined : STATUS_TONES[variant.status]}>
          {variant.deleted ? m.filters.deleted : m.filters[variant.status]}
        </Badge>
      </InlineStack>
      {variant.reason && <Text as="p">{catalogReasonWords(i18n, variant.reason)}</Text>}
      {variant.differences.map((d) => (
        <Text as="p" tone="caution" key={d.field}>
          {format(m.difference, {
            measure: m.measures[d.field],
            service: d.service ?? m.noValue,
            store: d.store ?? m.noValue,
          })}
        </Text>
      ))}
    </BlockStack>
  );
}
