import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  EmptyState,
  InlineStack,
  Link,
  Page,
  Pagination,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useEffect, useState } from "react";
import { warningMessage } from "../address/warning-codes";
import { appContext } from "../context.server";
import { SERVICE_LABELS, STATUS_LABELS } from "../fulfillment/labels";
import {
  confirmServiceOrderAbsent,
  confirmServiceOrderExists,
  refused,
  leaveMissingForRefund,
  retryFulfillment,
  sendAsItStands,
  sendMissingAsNewOrder,
  type MerchantActionResult,
} from "../fulfillment/merchant-actions.server";
import { listFulfillments, type FulfillmentRow, type TimelineEntry } from "../fulfillment/orders-page.server";
import {
  parseBulkIds,
  parseOrdersQuery,
  ORDERS_PAGE_SIZE,
  ORDERS_SEARCH_MAX,
  SENT_FILTER,
  type FieldError,
  type OrdersFilter,
} from "../fulfillment/orders-query";
import { isCancelledReason } from "../fulfillment/reason-codes";
import { reasonWords, svcStatusWords } from "../i18n/reason-words";
import { ensureReconciliation } from "../fulfillment/reconcile.server";
import { FULFILLMENT_STATUSES, isFulfillmentStatus, RETRYABLE_BY_MERCHANT } from "../fulfillment/status";
import { ensureStockSchedule, requestStockSync } from "../fulfillment/stock-sync.server";
import { useI18n } from "../i18n/react";
import { isRecordId } from "../http/record-id";
import { getShopSettings } from "../shop/shop-settings.server";
import { OrdersAttentionCard } from "../components/attention";
import { SearchForm } from "../components/search-form";
import { ATTENTION_INTENTS, ordersAttention, runAttentionAction } from "../attention/orders.server";
import type { AttentionActionData } from "../attention/job-problems.server";
import { authenticate } from "../shopify.server";
import { adminOrderUrl } from "../shopify/admin-links";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const parsed = parseOrdersQuery(new URL(request.url));
  const query = parsed.ok ? parsed.query : { status: null, q: "", page: 1 };
  const { db, now } = appContext();
  await ensureStockSchedule(db, { shop: session.shop, now: now() });
  await ensureReconciliation(db, { shop: session.shop, now: now() });
  const page: OrdersPageData = {
    ...(await listFulfillments(db, {
      shop: session.shop,
      status: query.status,
      q: query.q,
      page: query.page,
      take: ORDERS_PAGE_SIZE,
    })),
    query,
    invalid: parsed.ok ? null : parsed.error,
    attention: await ordersAttention({ db, now }, session.shop),
    stockSyncOn: (await getShopSettings({ db, shop: session.shop })).settings.stock.enabled,
  };
  // A wrong filter in the URL is a 400 naming the field; the page still shows every order, with
  // the error next to the filter, rather than an error page.
  return parsed.ok ? page : data(page, { status: 400 });
};

export type OrdersPageData = Awaited<ReturnType<typeof listFulfillments>> & {
  /** Stock sync is switched on in Configuración: only then can it be asked for now. */
  stockSyncOn: boolean;
  query: { status: OrdersFilter | null; q: string; page: number };
  invalid: FieldError | null;
  attention: Awaited<ReturnType<typeof ordersAttention>>;
};

/** One action's result, or each record's result of a bulk retry; `field` names refused input. */
export type OrdersActionData =
  | (MerchantActionResult & { kind: "one" })
  | { kind: "bulk"; results: (MerchantActionResult & { id: string; orderName: string | null })[] }
  | { kind: "invalid"; error: FieldError }
  | AttentionActionData;

// The actions on one record name it by its id.
const ON_ONE_RECORD = new Set([
  "confirm-exists",
  "confirm-absent",
  "retry",
  "short-resend",
  "short-refund",
  "send-as-is",
]);
const INTENTS = new Set([...ON_ONE_RECORD, "retry-many", "sync-stock"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const shop = session.shop;
  const intent = String(form.get("intent") ?? "");
  if (ATTENTION_INTENTS.has(intent)) {
    const { status, result } = await runAttentionAction(appContext(), {
      shop,
      intent,
      id: String(form.get("id") ?? ""),
    });
    return data<OrdersActionData>(result, { status });
  }
  const invalid = (error: FieldError) => data<OrdersActionData>({ kind: "invalid", error }, { status: 400 });
  if (!INTENTS.has(intent)) {
    return invalid({
      field: "intent",
      error: `unknown action "${intent.slice(0, 40)}"`,
      key: "intent",
      params: { value: intent.slice(0, 40) },
    });
  }
  if (intent === "retry-many") {
    const ids = parseBulkIds(form.getAll("fulfillmentId"));
    if (!ids.ok) return invalid(ids.error);
    const bulk: OrdersActionData = { kind: "bulk", results: await retryMany(shop, ids.ids) };
    return bulk;
  }
  const fulfillmentId = String(form.get("fulfillmentId") ?? "");
  if (ON_ONE_RECORD.has(intent) && !isRecordId(fulfillmentId)) {
    return data<OrdersActionData>(
      { kind: "one", ...refused("fulfillmentId: missing or not a record id", "invalidRecordId") },
      { status: 400 },
    );
  }
  const result: OrdersActionData = { kind: "one", ...(await runAction(intent, { shop, fulfillmentId, form })) };
  return result;
};

/** Each record retried on its own (validated by retryFulfillment: this shop's, in a retryable status). */
async function retryMany(shop: string, ids: string[]) {
  const deps = appContext();
  const names = new Map(
    (
      await deps.db.fulfillment.findMany({ where: { shop, id: { in: ids } }, select: { id: true, orderName: true } })
    ).map((r) => [r.id, r.orderName]),
  );
  const results = [];
  for (const id of ids) {
    results.push({
      id,
      orderName: names.get(id) ?? null,
      ...(await retryFulfillment(deps, { shop, fulfillmentId: id })),
    });
  }
  return results;
}

async function runAction(
  intent: string,
  { shop, fulfillmentId, form }: { shop: string; fulfillmentId: string; form: FormData },
): Promise<MerchantActionResult> {
  const deps = appContext();
  switch (intent) {
    case "confirm-exists":
      return confirmServiceOrderExists(deps, { shop, fulfillmentId, svcOrderId: String(form.get("svcOrderId") ?? "") });
    case "confirm-absent":
      return confirmServiceOrderAbsent(deps, { shop, fulfillmentId });
    case "retry":
      return retryFulfillment(deps, { shop, fulfillmentId });
    case "short-resend":
      return sendMissingAsNewOrder(deps, { shop, fulfillmentId });
    case "short-refund":
      return leaveMissingForRefund(deps, { shop, fulfillmentId });
    case "send-as-is":
      return sendAsItStands(deps, { shop, fulfillmentId });
    default:
      // Asked for while switched off, it would say "asked" and do nothing.
      if (!(await getShopSettings({ db: deps.db, shop })).settings.stock.enabled)
        return { ok: false, error: "stock sync is off", code: "stockSyncOff", params: {} };
      await requestStockSync(deps.db, { shop, runAt: deps.now(), onDemand: true });
      return { ok: true, message: "stock sync requested", code: "stockSyncRequested", params: {} };
  }
}

type Translate = ReturnType<typeof useI18n>;

/** An action's result in the merchant's language (the English text when it has no code). */
function outcomeText(i18n: Translate, result: MerchantActionResult): string {
  const text = result.code ? i18n.messages.orders.outcomes[result.code] : undefined;
  if (text) return i18n.format(text, result.params ?? {});
  return result.ok ? result.message : result.error;
}

export default function Orders() {
  const { rows, matching, counts, received, reconciledAt, query, invalid, attention, stockSyncOn } = useLoaderData<
    typeof loader
  >() as OrdersPageData;
  const actionData = useActionData<typeof action>() as OrdersActionData | undefined;
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const total = FULFILLMENT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <Page
      primaryAction={
        stockSyncOn
          ? {
              content: m.syncStock,
              disabled: busy,
              onAction: () => submit({ intent: "sync-stock" }, { method: "post" }),
            }
          : undefined
      }
    >
      <TitleBar title={m.title} />
      <BlockStack gap="400">
        {stockSyncOn ? null : (
          <Text as="p" tone="subdued">
            {m.stockSyncOff}
          </Text>
        )}
        <ActionResult data={actionData} />
        {invalid?.field === "page" && <Banner tone="warning">{m.errors.page}</Banner>}
        <Filters counts={counts} total={total} query={query} invalid={invalid} />
        <OrdersAttentionCard attention={attention} />
        <Text as="p" tone="subdued">
          {reconciledAt ? i18n.format(m.reconciledAt, { at: i18n.dateTime(reconciledAt) }) : m.neverReconciled}
        </Text>
        {received.length > 0 && (
          <Card>
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm">
                {m.received}
              </Text>
              {received.map((order) => (
                <Text as="p" key={order.orderGid}>
                  {i18n.format(m.receivedAt, { order: order.orderName, at: i18n.dateTime(order.receivedAt) })}
                </Text>
              ))}
            </BlockStack>
          </Card>
        )}
        {rows.length === 0 && received.length === 0 ? (
          <Empty anyOrders={total > 0} query={query} />
        ) : (
          <Records rows={rows} />
        )}
        {matching > ORDERS_PAGE_SIZE && <Pages page={query.page} pages={Math.ceil(matching / ORDERS_PAGE_SIZE)} />}
      </BlockStack>
    </Page>
  );
}

function ActionResult({ data }: { data: OrdersActionData | undefined }) {
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

function Filters({
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
      </InlineStack>
    </Card>
  );
}

function Empty({ anyOrders, query }: { anyOrders: boolean; query: { status: string | null; q: string } }) {
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

function Pages({ page, pages }: { page: number; pages: number }) {
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

/** Whether the merchant can retry the record: a cancelled order would only be skipped again. */
// A cancelled order cannot be retried; a short shipment asks for a choice, not a retry.
const canRetry = (row: FulfillmentRow) =>
  RETRYABLE_BY_MERCHANT.includes(row.status) && !isCancelledReason(row.reasonMessage?.code) && !row.shortChoice;

/** The records, with the bulk retry of those needing attention. */
function Records({ rows }: { rows: FulfillmentRow[] }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const busy = useNavigation().state !== "idle";
  const retryable = rows.filter(canRetry);
  const [selected, setSelected] = useState<string[]>([]);
  // A reload (after an action) may have moved records out of a retryable status.
  const live = selected.filter((id) => retryable.some((r) => r.id === id));
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  return (
    <BlockStack gap="400">
      {retryable.length > 0 && (
        <Card>
          <Form method="post" onSubmit={() => setSelected([])}>
            <input type="hidden" name="intent" value="retry-many" />
            {live.map((id) => (
              <input key={id} type="hidden" name="fulfillmentId" value={id} />
            ))}
            <InlineStack gap="300" blockAlign="center" align="space-between">
              <Checkbox
                label={i18n.format(m.selectAll, { count: i18n.number(retryable.length) })}
                checked={live.length === retryable.length ? true : live.length > 0 ? "indeterminate" : false}
                onChange={(on) => setSelected(on ? retryable.map((r) => r.id) : [])}
              />
              <Button submit variant="primary" disabled={busy || live.length === 0}>
                {i18n.format(m.retrySelected, { count: i18n.number(live.length) })}
              </Button>
            </InlineStack>
          </Form>
        </Card>
      )}
      {rows.map((row) => (
        <FulfillmentCard
          key={row.id}
          row={row}
          selected={live.includes(row.id)}
          onSelect={canRetry(row) ? (on) => toggle(row.id, on) : null}
        />
      ))}
    </BlockStack>
  );
}

function FulfillmentCard({
  row,
  selected,
  onSelect,
}: {
  row: FulfillmentRow;
  selected: boolean;
  onSelect: ((on: boolean) => void) | null;
}) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const { tone } = STATUS_LABELS[row.status];
  const service = row.serviceCode ? (SERVICE_LABELS[row.serviceCode] ?? row.serviceCode) : null;
  const [open, setOpen] = useState(false);
  const timelineId = `timeline-${row.id}`;
  const headingId = `order-${row.id}`;
  // The order's page in Shopify's admin, where its address or items are fixed.
  const adminUrl = adminOrderUrl(row.orderGid);
  return (
    <article aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            {onSelect && (
              <Checkbox
                label={i18n.format(m.select, { order: row.orderName })}
                labelHidden
                checked={selected}
                onChange={onSelect}
              />
            )}
            <Text as="h2" variant="headingMd" id={headingId}>
              {adminUrl ? (
                <Link url={adminUrl} target="_top" removeUnderline>
                  {row.orderName}
                </Link>
              ) : (
                row.orderName
              )}
            </Text>
            <Badge tone={tone}>{m.statuses[row.status]}</Badge>
            {service && (
              <Text as="span" tone="subdued">
                {service}
                {row.serviceCodeSource === "shop_default" ? ` ${m.shopDefault}` : ""}
              </Text>
            )}
          </InlineStack>
          {row.reason && <Text as="p">{reasonWords(i18n, row.reasonMessage) ?? m.reasonNotCoded}</Text>}
          {row.missingLines.length > 0 && !row.shortChoice && (
            <Text as="p" tone="caution">
              {i18n.format(m.missingLines, {
                lines: row.missingLines.map((l) => `${l.sku} × ${l.quantity}`).join(", "),
              })}
            </Text>
          )}
          {row.status === "waiting" && (
            <Text as="p" fontWeight="semibold">
              {row.waitUntil ? i18n.format(m.goesAt, { at: i18n.dateTime(row.waitUntil) }) : m.goesOnRelease}
            </Text>
          )}
          {row.svcOrderId && (
            <Text as="p" tone="subdued">
              {i18n.format(m.serviceOrder, { id: row.svcOrderId })}
              {row.svcStatus
                ? ` · ${i18n.format(m.serviceStatus, { status: svcStatusWords(i18n, row.svcStatus) })}`
                : ""}
            </Text>
          )}
          {row.tracking && (
            <Text as="p">
              {i18n.format(m.tracking, { company: row.tracking.company ?? "" })}{" "}
              {row.tracking.url ? (
                <Link url={row.tracking.url} target="_blank">
                  {row.tracking.number}
                </Link>
              ) : (
                row.tracking.number
              )}
            </Text>
          )}
          {row.warnings.length > 0 && (
            <Box>
              {row.warnings.map((warning, index) => {
                const known = warningMessage(warning.message);
                return (
                  <Text as="p" tone="caution" key={index}>
                    {m.fields[warning.field] ?? warning.field}:{" "}
                    {known ? i18n.format(m.warnings[known.code], known.params) : warning.message}
                    {warning.original ? ` («${warning.original}»)` : ""}
                  </Text>
                );
              })}
            </Box>
          )}
          <InlineStack gap="200" blockAlign="end" align="space-between">
            <Actions row={row} />
            <Button
              variant="plain"
              disclosure={open ? "up" : "down"}
              ariaExpanded={open}
              ariaControls={timelineId}
              onClick={() => setOpen(!open)}
            >
              {open ? m.timelineHide : i18n.format(m.timelineShow, { count: i18n.number(row.timeline.length) })}
            </Button>
          </InlineStack>
          {open && <Timeline id={timelineId} row={row} />}
        </BlockStack>
      </Card>
    </article>
  );
}

const KIND_TONES: Record<TimelineEntry["kind"], "info" | "success" | "critical" | "attention" | undefined> = {
  webhook: undefined,
  submission: "info",
  service: "success",
  tracking: "success",
  merchant: "attention",
  attention: "critical",
  wait: undefined,
};

function Timeline({ id, row }: { id: string; row: FulfillmentRow }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const label = (status: string | null) => (status && isFulfillmentStatus(status) ? m.statuses[status] : status);
  return (
    <Box id={id} paddingBlockStart="200" borderBlockStartWidth="025" borderColor="border">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {i18n.format(m.timelineTitle, { order: row.orderName })}
        </Text>
        {row.timeline.length === 0 ? (
          <Text as="p" tone="subdued">
            {m.timelineEmpty}
          </Text>
        ) : (
          <ol
            aria-label={i18n.format(m.timelineTitle, { order: row.orderName })}
            style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}
          >
            {row.timeline.map((entry, index) => (
              <li key={index} data-kind={entry.kind} style={{ marginBottom: "8px" }}>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <Text as="span" tone="subdued" numeric>
                    {i18n.dateTime(entry.at)}
                  </Text>
                  <Badge tone={KIND_TONES[entry.kind]}>{m.kinds[entry.kind]}</Badge>
                  <Text as="span" fontWeight="medium">
                    {entry.from && entry.from !== entry.to
                      ? i18n.format(m.timelineMoved, { from: label(entry.from) ?? "", to: label(entry.to) ?? "" })
                      : label(entry.to)}
                  </Text>
                </InlineStack>
                {entry.message && (
                  <Text as="p" tone="subdued">
                    {reasonWords(i18n, entry.message)}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        )}
      </BlockStack>
    </Box>
  );
}

function Actions({ row }: { row: FulfillmentRow }) {
  const [svcOrderId, setSvcOrderId] = useState("");
  const busy = useNavigation().state !== "idle";
  const m = useI18n().messages.orders;
  if (row.status === "unknown_outcome") {
    return (
      <InlineStack gap="200" blockAlign="end">
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-exists" />
          <InlineStack gap="200" blockAlign="end">
            <TextField
              label={m.svcOrderIdLabel}
              name="svcOrderId"
              value={svcOrderId}
              onChange={setSvcOrderId}
              autoComplete="off"
            />
            <Button submit disabled={busy || !svcOrderId.trim()}>
              {m.confirmExists}
            </Button>
          </InlineStack>
        </Form>
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-absent" />
          <Button submit disabled={busy} tone="critical">
            {m.confirmAbsent}
          </Button>
        </Form>
      </InlineStack>
    );
  }
  if (row.addressHeld) {
    return (
      <InlineStack gap="200" blockAlign="end">
        {row.whatsappUrl && (
          <Button url={row.whatsappUrl} target="_blank">
            {m.addressHold.whatsappLink}
          </Button>
        )}
        <RecordAction id={row.id} intent="send-as-is" label={m.addressHold.sendAsItStands} busy={busy} />
      </InlineStack>
    );
  }
  if (RETRYABLE_BY_MERCHANT.includes(row.status) && isCancelledReason(row.reasonMessage?.code)) {
    return (
      <Text as="p" tone="subdued">
        {m.cancelledNoRetry}
      </Text>
    );
  }
  if (row.shortChoice) {
    return (
      <InlineStack gap="200" blockAlign="end">
        <RecordAction id={row.id} intent="short-resend" label={m.sendMissing} busy={busy} primary />
        <RecordAction id={row.id} intent="short-refund" label={m.leaveForRefund} busy={busy} />
      </InlineStack>
    );
  }
  if (RETRYABLE_BY_MERCHANT.includes(row.status)) {
    return <RecordAction id={row.id} intent="retry" label={m.retry} busy={busy} />;
  }
  return <span />;
}

/** One button posting an action on one record. */
function RecordAction(props: { id: string; intent: string; label: string; busy: boolean; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="fulfillmentId" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
      <Button submit disabled={props.busy} {...(props.primary ? { variant: "primary" as const } : {})}>
        {props.label}
      </Button>
    </Form>
  );
}
