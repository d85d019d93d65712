import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Page,
  Pagination,
  ProgressBar,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useEffect, useState } from "react";
import { catalogPageData, type CatalogPageData, type CatalogVariantView } from "../catalog/catalog-page.server";
import { CATALOG_FILTERS, CATALOG_PAGE_SIZE, parseCatalogQuery } from "../catalog/catalog-query";
import { startFullSync } from "../catalog/full-sync.server";
import type { CatalogStatus } from "../catalog/status";
import { appContext } from "../context.server";
import { useI18n } from "../i18n/react";
import { authenticate } from "../shopify.server";
import { JobProblemsCard } from "../components/attention";
import { listJobProblems, retryFromPage } from "../models/job-problems.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { db } = appContext();
  const page = await catalogPageData({ db, shop: session.shop, query: parseCatalogQuery(new URL(request.url)) });
  return { ...page, failedJobs: await listJobProblems(db, { shop: session.shop, page: "catalog" }) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  if (form.get("intent") === "job-retry") {
    const { db, now } = appContext();
    const { status, result } = await retryFromPage(db, { shop: session.shop, page: "catalog", id: String(form.get("id") ?? ""), now: now() });
    return data({ ok: result.ok, message: result.ok ? result.message : result.error }, { status });
  }
  if (form.get("intent") !== "sync") return { ok: false, message: "Acción desconocida." };
  const result = await startFullSync({ db: appContext().db, shop: session.shop });
  return { ok: result.started, message: result.message };
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
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
        {result && <Banner tone={result.ok ? "success" : "warning"}>{result.message}</Banner>}
        {!data.connected && <Banner tone="warning">{messages.catalog.notConnected}</Banner>}
        <JobProblemsCard jobs={data.failedJobs} />
        <SyncCard data={data} />
        <VariantList data={data} />
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
          {CATALOG_FILTERS.filter((f) => f !== "all").map((filter) => (
            <Badge key={filter} tone={filter === "deleted" ? undefined : STATUS_TONES[filter]}>
              {`${m.filters[filter]}: ${number(data.counts[filter])}`}
            </Badge>
          ))}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function VariantList({ data }: { data: CatalogPageData }) {
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
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="300" blockAlign="end">
          <Select
            label={m.status}
            options={CATALOG_FILTERS.map((f) => ({ label: `${m.filters[f]} (${number(data.counts[f])})`, value: f }))}
            value={data.query.filter}
            onChange={(value) => update({ status: value === "all" ? "" : value, page: "" })}
          />
          <Form method="get" onSubmit={(event) => (event.preventDefault(), update({ q: search, page: "" }))}>
            <TextField label={m.search} value={search} onChange={setSearch} autoComplete="off" />
          </Form>
        </InlineStack>
        {data.variants.length === 0 && <Text as="p">{m.empty}</Text>}
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
          {variant.title}
        </Text>
        <Text as="span" tone="subdued">
          {variant.sku ?? m.noSku}
        </Text>
        <Badge tone={variant.deleted ? undefined : STATUS_TONES[variant.status]}>
          {variant.deleted ? m.filters.deleted : m.filters[variant.status]}
        </Badge>
      </InlineStack>
      {variant.reason && <Text as="p">{variant.reason}</Text>}
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
