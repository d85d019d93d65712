// What the merchant recognises an order by, on its row of Pedidos: when it was placed, where it
// goes, how many items and its total (exact decimal text, formatted without a float).
import { InlineStack, Text } from "@shopify/polaris";
import type { OrderFacts as Facts } from "~/fulfillment/page/order-facts.server";
import { useI18n } from "~/i18n/react";

export function OrderFacts({ facts }: { facts: Facts }) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const parts = [
    facts.placedAt && { key: "placed", text: i18n.format(m.placedAt, { at: i18n.dateTime(facts.placedAt) }) },
    facts.city && { key: "city", text: i18n.format(m.destination, { city: facts.city }) },
    facts.items !== null && {
      key: "items",
      text: facts.items === 1 ? m.itemsOne : i18n.format(m.items, { count: i18n.number(facts.items) }),
    },
    facts.total && {
      key: "total",
      text: i18n.format(m.total, {
        total:
          facts.total.currency === "MXN"
            ? i18n.money(facts.total.amount)
            : `${facts.total.amount} ${facts.total.currency}`,
      }),
    },
  ].filter((part): part is { key: string; text: string } => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <InlineStack gap="300" wrap>
      {parts.map((part) => (
        <Text as="span" tone="subdued" key={part.key}>
          {part.text}
        </Text>
      ))}
    </InlineStack>
  );
}
