// What a merchant checks every day on Inicio: orders sent, on the way, delivered and needing a
// person or waiting for stock — each a link to Pedidos filtered to exactly those (counted by Pedidos' own function) —
// and the catalogue's two counts, linked to Catálogo alike.
import { BlockStack } from "@shopify/polaris";
import { Figure, FigureCard } from "./figure";
import { useI18n } from "~/i18n/react";

export interface DailyCounts {
  ordersSubmitted: number;
  ordersInTransit: number;
  ordersDelivered: number;
  ordersNeedingAttention: number;
  /** Refused by the service for lack of stock: they go by themselves once a stock read covers them. */
  ordersAwaitingStock: number;
  variantsSynced: number;
  variantsNeedingWork: number;
}

export function DailyFigures({ counts }: { counts: DailyCounts }) {
  const { messages, number } = useI18n();
  const m = messages.home;
  return (
    <BlockStack gap="400">
      <FigureCard title={m.daily.title} columns={5}>
        <Figure label={m.ordersSubmitted} value={number(counts.ordersSubmitted)} to="/app/orders?status=sent" />
        <Figure label={m.daily.inTransit} value={number(counts.ordersInTransit)} to="/app/orders?status=shipped" />
        <Figure label={m.daily.delivered} value={number(counts.ordersDelivered)} to="/app/orders?status=delivered" />
        <Figure
          label={m.ordersNeedingAttention}
          value={number(counts.ordersNeedingAttention)}
          to="/app/orders?status=needs_attention"
        />
        <Figure
          label={m.ordersAwaitingStock}
          value={number(counts.ordersAwaitingStock)}
          to="/app/orders?status=awaiting_stock"
        />
      </FigureCard>
      <FigureCard title={messages.nav.catalog} columns={4}>
        <Figure label={m.variantsSynced} value={number(counts.variantsSynced)} to="/app/catalog?status=registered" />
        <Figure
          label={m.variantsNeedingWork}
          value={number(counts.variantsNeedingWork)}
          to="/app/catalog?status=needs_work"
        />
      </FigureCard>
    </BlockStack>
  );
}
