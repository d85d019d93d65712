import { data as answer, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Page,
  Pagination,
  ProgressBar,
  Select,
  Link,
  Text,
  TextField,
} from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { SearchForm } from "../components/search-form";
import { useEffect, useState } from "react";
import { catalogPageData, type CatalogPageData, type CatalogVariantView } from "../catalog/catalog-page.server";
import {
  CATALOG_FILTERS,
  CATALOG_PAGE_SIZE,
  catalogQueryError,
  parseCatalogQuery,
  SKU_MAX,
} from "../catalog/catalog-query";
import { startFullSync } from "../catalog/full-sync.server";
import { MEASURES } from "../catalog/measure-differences";
import { lookupSku, parseSku, type SkuLookup } from "../catalog/sku-lookup.server";
import { isCatalogStatus, type CatalogStatus } from "../catalog/status";
import { appContext } from "../context.server";
import { useI18n } from "../i18n/react";
import { authenticate } from "../shopify.server";
import { AttentionOutcomeBanner, JobProblemsCard } from "../components/attention";
import { listJobProblems, retryFromPage, type AttentionActionData } from "../attention/job-problems.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const invalid = catalogQueryError(url);
  // A wrong value in the URL is a 400 naming the field, with the unfiltered page and the error
  // next to its field (not an error page).
  const query = parseCatalogQuery(invalid ? new URL(url.pathname, url) : url);
  const { db } = appContext();
  const page: CatalogLoaderData = {
    ...(await catalogPageData({ db, shop: session.shop, query })),
    invalid,
    failedJobs: await listJobProblems(db, { shop: session.shop, page: "catalog" }),
  };
  return invalid ? answer(page, { status: 400 }) : page;
};

export type CatalogLoaderData = CatalogPageData & {
  invalid: ReturnType<typeof catalogQueryError>;
  failedJobs: Awaited<ReturnType<typeof listJobProblems>>;
};

/** The sync's start, a SKU's lookup at the service, or which field was refused. */
export type CatalogActionData =
  | { kind: "sync"; ok: boolean; message: string; refused: "running" | "not_connected" | null }
  | { kind: "lookup"; lookup: SkuLookup }
  | { kind: "invalid"; field: "intent" | "sku"; error: string }
  | AttentionActionData;

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "job-retry") {
    const { db, now } = appContext();
    const id = String(form.get("id") ?? "");
    const { status, result } = await retryFromPage(db, { shop: session.shop, page: "catalog", id, now: now() });
    return answer<CatalogActionData>(result, { status });
  }
  if (intent === "lookup") {
    const sku = parseSku(form.get("sku"));
    if (!sku.ok) return answer<CatalogActionData>({ kind: "invalid", field: "sku", error: sku.error }, { status: 400 });
    const { db, svcClientFor } = appContext();
    const found: CatalogActionData = {
      kind: "lookup",
      lookup: await lookupSku({ db, shop: session.shop, sku: sku.sku, svcClientFor }),
    };
    return found;
  }
  if (intent !== "sync") {
    return answer<CatalogActionData>(
      { kind: "invalid", field: "intent", error: `unknown action "${String(intent ?? "").slice(0, 40)}"` },
      { status: 400 },
    );
  }
  const result = await startFullSync({ db: appContext().db, shop: session.shop });
  const started: CatalogActionData = {
    kind: "sync",
    ok: result.started,
    message: result.message,
    refused: result.started ? null : result.reason,
  };
  return started;
};

const STATUS_TONES: Record<CatalogStatus, "success" | "info" | "attention" | "warning" | "critical" | undefined> = {
  pending: "info",
  synced: "success",
  exists_at_service: "success",
  skipped: "attention",
  failed: "critical",
  drifted: "warning",
};

export default function Catalog() {
  const data = useLoaderData<typeof loader>() as CatalogLoaderData;
  const result = useActionData<typeof action>() as CatalogActionData | undefined;
  const running = data.sync?.state === "running";
  const revalidator = useRevalidator();
  const { messages } = useI18n();
  useEffect(() => {
    if (!running) return;
    // Once a second, so the bar moves while the merchant watches.
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <Page>
      <TitleBar title={messages.catalog.title} />
      <BlockStack gap="400">
        {result?.kind === "sync" && (
          <Banner tone={result.ok ? "success" : "warning"}>
            {result.ok
              ? messages.catalog.syncStarted
              : result.refused === "running"
                ? messages.catalog.alreadyRunning
                : result.refused === "not_connected"
                  ? messages.catalog.notConnected
                  : result.message}
          </Banner>
        )}
        {result?.kind === "invalid" && result.field === "intent" && (
          <Banner tone="critical">{messages.catalog.unknownAction}</Banner>
        )}
        <AttentionOutcomeBanner data={result} />
        {!data.connected && <Banner tone="warning">{messages.catalog.notConnected}</Banner>}
        <JobProblemsCard jobs={data.failedJobs} />
        <SyncCard data={data} />
        <SkuLookupCard connected={data.connected} result={result} />
        {data.invalid?.field === "page" && <Banner tone="warning">{messages.catalog.errors.page}</Banner>}
        <VariantList data={data} invalid={data.invalid} />
      </BlockStack>
    </Page>
  );
}

function SyncCard({ data }: { data: CatalogPageData }) {
  const busy = useNavigation().state !== "idle";
  const { messages, format, dateTime, number } = useI18n();
  const m = messages.catalog;
  const sync = data.sync;
  const running = sync?.state === "running";
  const percent = sync && sync.total > 0 ? Math.min(100, Math.round((sync.done / sync.total) * 100)) : 0;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {m.syncTitle}
          </Text>
          <Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <Button submit variant="primary" disabled={busy || running || !data.connected}>
              {m.syncButton}
            </Button>
          </Form>
        </InlineStack>
        {running && sync && (
          <BlockStack gap="200">
            <Text as="p">
              {format(sync.phase === "sending" ? m.sending : m.reading, {
                done: number(sync.done),
                total: number(sync.total),
              })}
            </Text>
            <ProgressBar progress={percent} size="small" />
            <Text as="p" tone="subdued">
              {m.alreadyRunning}
            </Text>
          </BlockStack>
        )}
        {sync?.state === "completed" && <ProgressBar progress={100} size="small" tone="success" />}
        {sync && !running && (
          <Text as="p" tone={sync.state === "failed" ? "critical" : "subdued"}>
            {format(sync.state === "completed" ? m.lastCompleted : m.lastFailed, {
              at: dateTime(sync.finishedAt ?? sync.startedAt),
            })}
          </Text>
        )}
        {sync?.error && (
          <Text as="p" tone="critical">
            {sync.error}
          </Text>
        )}
        <InlineStack gap="200">
          {CATALOG_FILTERS.filter((f) => isCatalogStatus(f) || f === "deleted").map((filter) => (
            <Badge key={filter} tone={filter === "deleted" ? undefined : STATUS_TONES[filter]}>
              {`${m.filters[filter]}: ${number(data.counts[filter])}`}
            </Badge>
          ))}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function VariantList({ data, invalid }: { data: CatalogPageData; invalid: CatalogLoaderData["invalid"] }) {
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
  const m = useI18n().messages.catalog;
  const { format } = useI18n();
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
      {variant.reason && (
        <Text as="p">
          {variant.reasonMessage
            ? format(m.reasons[variant.reasonMessage.code], variant.reasonMessage.params)
            : variant.reason}
        </Text>
      )}
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

/** One SKU at the service next to Shopify's variants with it. */
function SkuLookupCard({ connected, result }: { connected: boolean; result: CatalogActionData | undefined }) {
  const { messages, format } = useI18n();
  const m = messages.catalog;
  const busy = useNavigation().state !== "idle";
  const [sku, setSku] = useState("");
  const error = result?.kind === "invalid" && result.field === "sku" ? m.lookupSkuError : undefined;
  const lookup = result?.kind === "lookup" ? result.lookup : null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.lookupTitle}
        </Text>
        <Text as="p" tone="subdued">
          {connected ? m.lookupHelp : m.lookupNotConnected}
        </Text>
        <Form method="post">
          <input type="hidden" name="intent" value="lookup" />
          <InlineStack gap="200" blockAlign="end">
            <TextField
              label={m.lookupSku}
              name="sku"
              value={sku}
              onChange={setSku}
              error={error}
              maxLength={SKU_MAX}
              autoComplete="off"
            />
            <Button submit disabled={busy || !connected}>
              {m.lookupButton}
            </Button>
          </InlineStack>
        </Form>
        {lookup && <LookupResult lookup={lookup} />}
        {lookup && lookup.kind === "found" && lookup.service.length === 0 && (
          <Text as="p">{format(m.lookupNotFound, { sku: lookup.sku })}</Text>
        )}
      </BlockStack>
    </Card>
  );
}

function LookupResult({ lookup }: { lookup: SkuLookup }) {
  const { messages, format } = useI18n();
  const m = messages.catalog;
  if (lookup.kind === "not_connected") return <Banner tone="warning">{m.lookupNotConnected}</Banner>;
  if (lookup.kind === "failed")
    return <Banner tone="critical">{format(m.lookupFailed, { error: lookup.error })}</Banner>;
  const product = lookup.service[0];
  if (!product) return null;
  const variant = lookup.shopify.find((v) => !v.deleted) ?? lookup.shopify[0];
  const differing = new Set(variant?.differences.map((d) => d.field) ?? []);
  return (
    <BlockStack gap="200">
      <table style={{ borderCollapse: "collapse", textAlign: "left" }}>
        <caption style={{ textAlign: "left", fontWeight: 650, paddingBottom: "4px" }}>
          {format(m.lookupFound, { sku: product.sku, name: product.name ?? m.noValue })}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={CELL}>
              {m.lookupMeasure}
            </th>
            <th scope="col" style={CELL}>
              {m.lookupService}
            </th>
            <th scope="col" style={CELL}>
              {m.lookupShopify}
            </th>
          </tr>
        </thead>
        <tbody>
          {MEASURES.map((field) => (
            <tr key={field} data-differs={differing.has(field)}>
              <th scope="row" style={CELL}>
                {m.measures[field]}
              </th>
              <td style={CELL}>{product.measures[field] ?? m.noValue}</td>
              <td style={{ ...CELL, fontWeight: differing.has(field) ? 650 : undefined }}>
                {variant ? (variant.measures?.[field] ?? m.noValue) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text as="p" tone="subdued">
        {variant
          ? format(m.lookupShopifyVariant, {
              title: variant.title,
              status: variant.deleted ? m.filters.deleted : m.filters[variant.status],
            })
          : m.lookupNotInShopify}
      </Text>
      {variant && differing.size === 0 && <Text as="p">{m.lookupSame}</Text>}
    </BlockStack>
  );
}

const CELL = { padding: "4px 16px 4px 0", borderBottom: "1px solid #e3e3e3" } as const;
