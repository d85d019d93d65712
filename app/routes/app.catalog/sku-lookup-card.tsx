// One SKU looked up at the service, next to Shopify's variants with it.
import { Form, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { SKU_MAX } from "~/catalog/catalog-query";
import { MEASURE_FIELDS } from "~/catalog/measure-differences";
import type { SkuLookup } from "~/catalog/sku-lookup.server";
import { useI18n } from "~/i18n/react";
import type { CatalogActionData } from "./types";

/** One SKU at the service next to Shopify's variants with it. */
export function SkuLookupCard({ connected, result }: { connected: boolean; result: CatalogActionData | undefined }) {
  const { messages, format } = useI18n();
  const m = messages.catalog;
  const busy = useNavigation().state !== "idle";
  const [sku, setSku] = useState("");
  const error = result?.kind === "invalid" && result.field === "sku" ? m.lookupSkuError : undefined;
  const lookup = result?.kind === "lookup" ? result.lookup : null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.lookupTitle}
        </Text>
        <Text as="p" tone="subdued">
          {connected ? m.lookupHelp : m.lookupNotConnected}
        </Text>
        <Form method="post">
          <input type="hidden" name="intent" value="lookup" />
          <InlineStack gap="200" blockAlign="end">
            <TextField
              label={m.lookupSku}
              name="sku"
              value={sku}
              onChange={setSku}
              error={error}
              maxLength={SKU_MAX}
              autoComplete="off"
            />
            <Button submit disabled={busy || !connected}>
              {m.lookupButton}
            </Button>
          </InlineStack>
        </Form>
        {lookup && <LookupResult lookup={lookup} />}
        {lookup && lookup.kind === "found" && lookup.service.length === 0 && (
          <Text as="p">{format(m.lookupNotFound, { sku: lookup.sku })}</Text>
        )}
      </BlockStack>
    </Card>
  );
}

function LookupResult({ lookup }: { lookup: SkuLookup }) {
  const { messages, format } = useI18n();
  const m = messages.catalog;
  if (lookup.kind === "not_connected") return <Banner tone="warning">{m.lookupNotConnected}</Banner>;
  if (lookup.kind === "failed")
    return (
      <Banner tone="critical">
        {format(m.lookupFailed, {
          error: format(messages.serviceErrors[lookup.problem.code], lookup.problem.params),
        })}
      </Banner>
    );
  const product = lookup.service[0];
  if (!product) return null;
  const variant = lookup.shopify.find((v) => !v.deleted) ?? lookup.shopify[0];
  const differing = new Set(variant?.differences.map((d) => d.field) ?? []);
  return (
    <BlockStack gap="200">
      <table style={{ borderCollapse: "collapse", textAlign: "left" }}>
        <caption style={{ textAlign: "left", fontWeight: 650, paddingBottom: "4px" }}>
          {format(m.lookupFound, { sku: product.sku, name: product.name ?? m.noValue })}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={CELL}>
              {m.lookupMeasure}
            </th>
            <th scope="col" style={CELL}>
              {m.lookupService}
            </th>
            <th scope="col" style={CELL}>
              {m.lookupShopify}
            </th>
          </tr>
        </thead>
        <tbody>
          {MEASURE_FIELDS.map((field) => (
            <tr key={field} data-differs={differing.has(field)}>
              <th scope="row" style={CELL}>
                {m.measures[field]}
              </th>
              <td style={CELL}>{product.measures[field] ?? m.noValue}</td>
              <td style={{ ...CELL, fontWeight: differing.has(field) ? 650 : undefined }}>
                {variant ? (variant.measures?.[field] ?? m.noValue) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text as="p" tone="subdued">
        {variant
          ? format(m.lookupShopifyVariant, {
              title: variant.title,
              status: variant.deleted ? m.filters.deleted : m.filters[variant.status],
            })
          : m.lookupNotInShopify}
      </Text>
      {variant && differing.size === 0 && <Text as="p">{m.lookupSame}</Text>}
    </BlockStack>
  );
}

const CELL = { padding: "4px 16px 4px 0", borderBottom: "1px solid #e3e3e3" } as const;
