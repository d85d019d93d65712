import type { ReactNode } from "react";
import { BlockStack, Card, InlineGrid, Link, Text } from "@shopify/polaris";

/** A figure; with `to`, the figure opens the list it counts (e.g. Pedidos filtered to those needing attention). */
export function Figure({ label, value, to }: { label: string; value: string | number; to?: string }) {
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

/** A card of figures under a heading (Inicio's orders, catalogue and quotes). */
export function FigureCard({ title, columns, children }: { title: string; columns: number; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <InlineGrid columns={{ xs: 2, md: columns }} gap="400">
          {children}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
