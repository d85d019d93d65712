// Inicio's setup guide (app/orchestration/setup-guide.ts): the five steps, the current one open with what
// to do and where (any other opens with a click on its title), the done ones ticked. «Entendido»
// on the last step posts to Inicio.
import { useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { SetupGuide, SetupStep } from "~/orchestration/setup-guide";
import { useI18n } from "~/i18n/react";

/** Where each step's button goes (none for readiness: its checklist is on Inicio itself). */
const STEP_URL: Record<SetupStep, string | null> = {
  connect: "/app/settings",
  catalog: "/app/catalog",
  readiness: null,
  testQuote: "/app/rates",
  orders: "/app/settings",
};

export const SETUP_ORDERS_SEEN_INTENT = "setup-orders-seen";

export function SetupGuideCard({ guide }: { guide: SetupGuide }) {
  const { messages, format, number } = useI18n();
  const m = messages.home.setup;
  const fetcher = useFetcher();
  const [openStep, setOpenStep] = useState(guide.current);
  const total = guide.steps.length;
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {m.title}
          </Text>
          <Text as="p" tone="subdued">
            {format(m.progress, { done: number(guide.done), total: number(total) })}
          </Text>
          <ProgressBar progress={Math.round((guide.done / total) * 100)} size="small" tone="primary" />
        </BlockStack>
        <BlockStack gap="300">
          {guide.steps.map(({ step, done }, index) => {
            const words = m.steps[step];
            const open = step === openStep;
            const url = STEP_URL[step];
            return (
              <div key={step} data-setup-step={step} data-done={done ? "true" : "false"}>
                <BlockStack gap="200">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h3" variant="headingSm" tone={done ? "subdued" : undefined}>
                      <Button
                        variant="monochromePlain"
                        ariaExpanded={open}
                        onClick={() => setOpenStep(open ? null : step)}
                      >
                        {`${number(index + 1)}. ${words.title}`}
                      </Button>
                    </Text>
                    {done && <Badge tone="success">{m.done}</Badge>}
                  </InlineStack>
                  {open && (
                    <BlockStack gap="200">
                      <Text as="p">{words.body}</Text>
                      <InlineStack gap="200">
                        {url && words.action && (
                          <Button url={url} variant="primary">
                            {words.action}
                          </Button>
                        )}
                        {step === "orders" && (
                          <fetcher.Form method="post" action="/app?index">
                            <input type="hidden" name="intent" value={SETUP_ORDERS_SEEN_INTENT} />
                            <Button submit loading={fetcher.state !== "idle"}>
                              {m.understood}
                            </Button>
                          </fetcher.Form>
                        )}
                      </InlineStack>
                    </BlockStack>
                  )}
                </BlockStack>
              </div>
            );
          })}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
