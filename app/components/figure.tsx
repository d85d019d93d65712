import { BlockStack, Link, Text } from "@shopify/polaris";

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
