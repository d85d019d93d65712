// The checkout readiness checklist (Inicio and Configuración): each item, why it is missing and
// its fix — the one button that adds our rates, a page of the app, or the steps and the exact
// Shopify admin page. Actions post to /app/readiness and the page reloads its data.
import { Link as RemixLink, useFetcher } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import type { ReadinessActionData } from "~/orchestration/readiness.server";
import type { ReadinessItem } from "~/orchestration/readiness";
import { useI18n } from "~/i18n/react";
import { isShopifyProblem } from "~/shopify/admin/problem";

export interface ReadinessView {
  checkedAt: string;
  ready: boolean;
  items: ReadinessItem[];
  marketDriven: boolean | null;
  regressedAt: string | null;
}

const TONES = { ok: "success", problem: "critical", unknown: undefined } as const;

export function ReadinessRegressionBanner({ readiness }: { readiness: ReadinessView | null }) {
  const { messages, format, dateTime } = useI18n();
  if (!readiness?.regressedAt) return null;
  const m = messages.readiness;
  return (
    <Banner tone="critical" title={m.regressedTitle}>
      <p>{format(m.regressed, { date: dateTime(readiness.regressedAt) })}</p>
    </Banner>
  );
}

export function ReadinessCard({ readiness }: { readiness: ReadinessView | null }) {
  const { messages, format, dateTime } = useI18n();
  const m = messages.readiness;
  const fetcher = useFetcher<ReadinessActionData>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {m.title}
          </Text>
          <fetcher.Form method="post" action="/app/readiness">
            <input type="hidden" name="intent" value="recheck" />
            <Button submit loading={busy && fetcher.formData?.get("intent") === "recheck"}>
              {m.recheck}
            </Button>
          </fetcher.Form>
        </InlineStack>
        {result?.intent === "add_rates" && <AddRatesBanner outcome={result.outcome} />}
        {!readiness ? (
          <Text as="p" tone="subdued">
            {m.neverChecked}
          </Text>
        ) : (
          <>
            <Text as="p" tone={readiness.ready ? "success" : "critical"}>
              {readiness.ready ? m.ready : m.notReady}
            </Text>
            <Text as="p" tone="subdued">
              {format(m.checkedAt, { date: dateTime(readiness.checkedAt) })}
              {readiness.marketDriven === null ? "" : ` · ${readiness.marketDriven ? m.modelMarkets : m.modelProfiles}`}
            </Text>
            <BlockStack gap="200" as="ul">
              {readiness.items.map((item) => (
                <li
                  key={item.code}
                  data-readiness-item={item.code}
                  data-status={item.status}
                  style={{ listStyle: "none" }}
                >
                  <ChecklistItem item={item} busy={busy} fetcher={fetcher} />
                </li>
              ))}
            </BlockStack>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function ChecklistItem({
  item,
  busy,
  fetcher,
}: {
  item: ReadinessItem;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<ReadinessActionData>>;
}) {
  const { messages, format } = useI18n();
  const m = messages.readiness;
  const params = Object.fromEntries(
    Object.entries(item.params).map(([key, value]) => [key, Array.isArray(value) ? value.join(", ") : value]),
  );
  const reason = item.reason ? (m.reasons as Record<string, string>)[item.reason] : undefined;
  const okDetail = item.status === "ok" ? (m.okDetail as Record<string, string>)[item.code] : undefined;
  const fix = item.status === "ok" ? null : item.fix;
  // Why Shopify refused, with what to do (the plan has its own item and steps).
  const problem =
    item.status !== "ok" && isShopifyProblem(item.params.problem) && item.params.problem !== "not_allowed_by_plan"
      ? messages.shopifyProblems[item.params.problem]
      : null;
  return (
    <Box paddingBlockEnd="200" borderBlockEndWidth="025" borderColor="border-secondary">
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone={TONES[item.status]}>{m.status[item.status]}</Badge>
          <Text as="span" fontWeight="semibold">
            {m.items[item.code]}
          </Text>
        </InlineStack>
        {(reason ?? okDetail) && (
          <Text as="p" tone="subdued">
            {format(reason ?? okDetail ?? "", params)}
          </Text>
        )}
        {problem && (
          <Text as="p" tone="subdued">
            {problem}
          </Text>
        )}
        {fix?.kind === "add_rates" && (
          <fetcher.Form method="post" action="/app/readiness">
            <input type="hidden" name="intent" value="add_rates" />
            <Button variant="primary" submit loading={busy && fetcher.formData?.get("intent") === "add_rates"}>
              {m.fixes.addRates}
            </Button>
          </fetcher.Form>
        )}
        {fix?.kind === "app_page" && (
          <RemixLink to={fix.path}>{fix.path === "/app/rates" ? m.fixes.rates : m.fixes.settings}</RemixLink>
        )}
        {fix?.kind === "admin_steps" && (
          <BlockStack gap="100">
            <Text as="p">{m.fixes[fix.steps]}</Text>
            <Link url={fix.url} target="_blank">
              {m.fixes.openAdmin}
            </Link>
          </BlockStack>
        )}
        {fix?.kind === "developer_steps" && <Text as="p">{m.fixes.customer_data}</Text>}
      </BlockStack>
    </Box>
  );
}

function AddRatesBanner({ outcome }: { outcome: Extract<ReadinessActionData, { intent: "add_rates" }>["outcome"] }) {
  const { messages, format } = useI18n();
  const m = messages.readiness.outcome;
  if (outcome.ok)
    return (
      <Banner tone="success">
        <p>{outcome.changed > 0 ? format(m.added, { changed: outcome.changed }) : m.nothing}</p>
      </Banner>
    );
  return (
    <Banner tone={outcome.reason === "refused" ? "warning" : "critical"}>
      <p>{format(m[outcome.reason], { problem: messages.shopifyProblems[outcome.problem ?? "unknown"] })}</p>
    </Banner>
  );
}
