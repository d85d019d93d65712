import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Layout, Page } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { shopOverview } from "../orchestration/overview.server";
import { quotesPerHour } from "../rates/quote-hours.server";
import { DailyFigures } from "../components/daily-figures";
import { QuoteDetails } from "../components/quote-details";
import { SETUP_ORDERS_SEEN_INTENT, SetupGuideCard } from "../components/setup-guide";
import { markOrdersGuideSeen } from "../shop/shop.server";
import { useI18n } from "../i18n/react";
import { AttentionOutcomeBanner, JobProblemsCard } from "../components/attention";
import { listJobProblems, retryFromPage, type AttentionActionData } from "../attention/job-problems.server";
import { offlineTokenProblem } from "../shop/offline-token.server";
import { ReadinessCard, ReadinessRegressionBanner } from "../components/readiness-card";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const now = new Date();
  // Only reads: a shop's readiness check is queued by what it checks changing (connecting, a
  // catalogue sync's end, a test quote, an order at the warehouse) and by the worker's sweep
  // (app/orchestration/readiness-subscriber.ts, schedules.server.ts), never from this page. The
  // steps, the checklist and the figures are one state read at once (app/orchestration/shop-state.ts).
  const { db } = context.services;
  const [overview, hours, failedJobs, tokenProblem] = await Promise.all([
    shopOverview({ db, shop: session.shop, now }),
    quotesPerHour({ db, shop: session.shop, now }),
    listJobProblems(db, { shop: session.shop, page: "home" }),
    offlineTokenProblem({ db, shop: session.shop }),
  ]);
  return { ...overview, hours, failedJobs, tokenProblem };
};

// Inicio's actions: the setup guide's «Entendido» (setup-orders-seen), and running a shop-level
// job that gave up again (job-retry).
export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const form = await request.formData();
  if (form.get("intent") === SETUP_ORDERS_SEEN_INTENT) {
    const { db, now } = context.services;
    await markOrdersGuideSeen(db, session.shop, now());
    return data({ kind: "setup", ok: true } as const);
  }
  if (form.get("intent") !== "job-retry") {
    const refused: AttentionActionData = {
      kind: "attention",
      ok: false,
      outcome: "notFound",
      params: { field: "intent" },
    };
    return data(refused, { status: 400 });
  }
  const { db, now } = context.services;
  const { status, result } = await retryFromPage(db, {
    shop: session.shop,
    page: "home",
    id: String(form.get("id") ?? ""),
    now: now(),
  });
  return data(result, { status });
};

export default function Index() {
  const overview = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const retried = acted?.kind === "attention" ? (acted as AttentionActionData) : undefined;
  const { messages, format, dateTime } = useI18n();
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
        {overview.readiness?.regressedAt && (
          <Layout.Section>
            <ReadinessRegressionBanner readiness={overview.readiness} />
          </Layout.Section>
        )}
        {overview.setup.current && (
          <Layout.Section>
            <SetupGuideCard guide={overview.setup} />
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
          <DailyFigures counts={overview} />
        </Layout.Section>
        <Layout.Section>
          <QuoteDetails quotes={overview.quotesLastDay} hours={overview.hours} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
