// /app/rates: the rate tester. The merchant picks a destination in Mexico and a cart from the
// synced catalogue; the page quotes it through the carrier callback's own quoter and shows what
// checkout would show — names, prices, dates, which rules changed them, how long it took and
// whether it came from the cache — without touching Shopify's checkout.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, Layout, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { findCartVariants } from "~/catalog/cart-variants.server";
import { useI18n } from "~/i18n/react";
import { CartCard, DestinationCard } from "./rate-test-fields";
import type { RateTestError } from "./rate-test-values";
import { readRateTestForm, toRateTest, type CartVariant } from "./rate-test-form.server";
import { EMPTY_VALUES } from "./rate-test-values";
import { RateTestResultCard } from "./rate-test-result";
import { withCartCause } from "./cart-cause.server";
import { loadRateTester, runRateTest } from "./rate-tester.server";
import { recordTestQuote } from "~/rates/test-quote.server";
import { gidPattern } from "~/shopify/gid";

const VARIANT_ID = gidPattern("ProductVariant");

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  return loadRateTester(context.services.db, session.shop);
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const values = readRateTestForm(await request.formData().catch(() => new FormData()));
  // Only the shop's own catalogue may be put in the cart; the SKU comes from it, never the form.
  // An id that is no variant's (a NUL byte would even fail the query) cannot be in the catalogue.
  const ids = values.lines.map((line) => line.variantId).filter((id) => VARIANT_ID.test(id));
  const rows = await findCartVariants(context.services.db, { shop: session.shop, variantIds: ids });
  const variants = new Map<string, CartVariant>(rows.map((r) => [r.variantId, { ...r, sku: r.sku ?? "" }]));
  const parsed = toRateTest(values, variants);
  // A refused test is the merchant's input: 400, with every value as typed.
  if (!parsed.ok)
    return data(
      { values, errors: parsed.errors, result: null as Awaited<ReturnType<typeof runRateTest>> | null },
      { status: 400 },
    );
  // The cause named with the cart's product where the catalogue knows it (no dimensions, a shortage).
  const cart = rows.filter((row) => values.lines.some((line) => line.variantId === row.variantId));
  const result = withCartCause(await runRateTest(context.services.rates, session.shop, parsed.rate), cart);
  // The setup guide's «test quote» step (Inicio), announced: the checklist checks itself again.
  await recordTestQuote(context.services.db, session.shop, new Date());
  return data({ values, errors: {} as Record<string, RateTestError>, result });
};

export default function RateTester() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const quoting = useNavigation().state === "submitting";
  const { messages } = useI18n();
  const m = messages.rates;

  const empty = !page.connected ? (
    <EmptyCard
      title={m.notConnectedTitle}
      body={m.notConnectedBody}
      action={m.notConnectedAction}
      url="/app/settings"
    />
  ) : page.registeredCount === 0 ? (
    <EmptyCard title={m.emptyTitle} body={m.emptyBody} action={m.emptyAction} url="/app/catalog" />
  ) : null;

  return (
    <Page>
      <TitleBar title={m.title} />
      {empty ?? (
        <Form method="post">
          <Layout>
            <Layout.Section>
              <Text as="p" tone="subdued">
                {m.intro}
              </Text>
            </Layout.Section>
            <Layout.Section variant="oneHalf">
              <DestinationCard
                values={answer?.values ?? EMPTY_VALUES}
                errors={answer?.errors ?? {}}
                states={page.states}
              />
            </Layout.Section>
            <Layout.Section variant="oneHalf">
              <CartCard
                values={answer?.values ?? EMPTY_VALUES}
                errors={answer?.errors ?? {}}
                variants={page.variants}
              />
            </Layout.Section>
            <Layout.Section>
              <Button submit variant="primary" loading={quoting}>
                {m.submit}
              </Button>
            </Layout.Section>
            <Layout.Section>
              <div aria-live="polite">{answer?.result ? <RateTestResultCard result={answer.result} /> : null}</div>
            </Layout.Section>
          </Layout>
        </Form>
      )}
    </Page>
  );
}

function EmptyCard({ title, body, action, url }: { title: string; body?: string; action: string; url: string }) {
  return (
    <Card>
      <BlockStack gap="300" inlineAlign="start">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {body ? <Text as="p">{body}</Text> : null}
        <Button url={url} variant="primary">
          {action}
        </Button>
      </BlockStack>
    </Card>
  );
}
