import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, InlineGrid, Layout, Link, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { appContext } from "../context.server";
import { authenticate } from "../shopify.server";
import { shopOverview } from "../shop/overview.server";
import { quotesPerHour } from "../rates/quote-hours.server";
import { QuotesChart } from "../components/quotes-chart";
import { useI18n } from "../i18n/react";
import { AttentionOutcomeBanner, JobProblemsCard } from "../components/attention";
import { listJobProblems, retryFromPage, type AttentionActionData } from "../attention/job-problems.server";
import { offlineTokenProblem } from "../shop/offline-token.server";
import { ReadinessCard, ReadinessRegressionBanner } from "../components/readiness-card";
import { readReadiness } from "../shop/readiness.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const now = new Date();
  // Only reads: a shop's readiness check is scheduled on connecting, after auth and by the
  // worker's sweep (app/shop/schedules.server.ts), never from this page.
  const { db } = appContext();
  const [overview, hours, failedJobs, tokenProblem, readiness] = await Promise.all([
    shopOverview({ db, shop: session.shop, now }),
    quotesPerHour({ db, shop: session.shop, now }),
    listJobProblems(db, { shop: session.shop, page: "home" }),
    offlineTokenProblem({ db, shop: session.shop }),
    readReadiness(db, session.shop),
  ]);
  return { ...overview, hours, failedJobs, tokenProblem, readiness };
};

// The one action of Inicio: run a shop-level job that gave up again (job-retry).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  if (form.get("intent") !== "job-retry") {
    const refused: AttentionActionData = { kind: "attention", ok: false, outcome: "notFound", error: "unknown action" };
    return data(refused, { status: 400 });
  }
  const { db, now } = appContext();
  const { status, result } = await retryFromPage(db, {
    shop: session.shop,
    page: "home",
    id: String(form.get("id") ?? ""),
    now: now(),
  });
  return data(result, { status });
};

/** A figure; with `to`, the figure opens the list it counts (e.g. Pedidos filtered to those needing attention). */
function Figure({ label, value, to }: { label: string; value: string | number; to?: string }) {
  return (
    <BlockStack gap="100">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        {to ? (
          <Link url={to} accessibilityLabel={`${label}: ${value}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </Text>
    </BlockStack>
  );
}

export default function Index() {
  const overview = useLoaderData<typeof loader>();
  const retried = useActionData<typeof action>() as AttentionActionData | undefined;
  const quotes = overview.quotesLastDay;
  const { messages, number, locale, format, dateTime } = useI18n();
  const m = messages.home;
  // The Admin token's problem (app/shop/offline-token.server.ts), in words by its code.
  const tokenProblem = overview.tokenProblem;
  const tokenWords = tokenProblem ? m.problems[tokenProblem.code as keyof typeof m.problems] : undefined;
  return (
    <Page>
      <TitleBar title={m.title} />
      <Layout>
        {tokenWords && tokenProblem && (
          <Layout.Section>
            <Banner tone="critical" title={tokenWords.title}>
              <p>{format(tokenWords.body, { since: dateTime(tokenProblem.since) })}</p>
            </Banner>
          </Layout.Section>
        )}
        {!overview.connected && (
          <Layout.Section>
            <Banner tone="info" title={m.connectTitle}>
              <p>
                {m.connectBefore}
                <RemixLink to="/app/settings">{messages.nav.settings}</RemixLink>
                {m.connectAfter}
              </p>
            </Banner>
          </Layout.Section>
        )}
        {overview.readiness?.regressedAt && (
          <Layout.Section>
            <ReadinessRegressionBanner readiness={overview.readiness} />
          </Layout.Section>
        )}
        {overview.connected && (
          <Layout.Section>
            <ReadinessCard readiness={overview.readiness} />
          </Layout.Section>
        )}
        {(overview.failedJobs.length > 0 || retried) && (
          <Layout.Section>
            <BlockStack gap="300">
              <AttentionOutcomeBanner data={retried} />
              <JobProblemsCard jobs={overview.failedJobs} />
            </BlockStack>
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {m.summary}
              </Text>
              <InlineGrid columns={{ xs: 2, md: 5 }} gap="400">
                <Figure
                  label={m.variantsSynced}
                  value={number(overview.variantsSynced)}
                  to="/app/catalog?status=registered"
                />
                <Figure
                  label={m.variantsNeedingWork}
                  value={number(overview.variantsNeedingWork)}
                  to="/app/catalog?status=needs_work"
                />
                <Figure
                  label={m.ordersSubmitted}
                  value={number(overview.ordersSubmitted)}
                  to="/app/orders?status=sent"
                />
                <Figure
                  label={m.ordersNeedingAttention}
                  value={number(overview.ordersNeedingAttention)}
                  to="/app/orders?status=needs_attention"
                />
              </InlineGrid>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {m.quotesTitle}
              </Text>
              <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                <Figure label={m.quotes} value={number(quotes.total)} />
                <Figure label={m.withRates} value={number(quotes.answeredWithRates)} />
                <Figure label={m.stale} value={number(quotes.answeredStale)} />
                <Figure
                  label={m.fromCache}
                  value={
                    quotes.cacheHitPercent === null
                      ? "—"
                      : new Intl.NumberFormat(locale === "en" ? "en-US" : "es-MX", { style: "percent" }).format(
                          quotes.cacheHitPercent / 100,
                        )
                  }
                />
                <Figure
                  label={m.answerTime}
                  value={
                    quotes.medianMs === null ? "—" : `${number(quotes.medianMs)} / ${number(quotes.p99Ms ?? 0)} ms`
                  }
                />
              </InlineGrid>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {m.chart.title}
              </Text>
              {quotes.total > 0 ? (
                <QuotesChart hours={overview.hours} />
              ) : (
                <Text as="p" tone="subdued">
                  {m.chart.empty}
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
