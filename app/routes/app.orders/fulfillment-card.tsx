// One record on Pedidos: its order, status, reason, service order, tracking, address warnings,
// what the merchant can do and its history.
import { Badge, BlockStack, Box, Button, Card, Checkbox, InlineStack, Link, Text } from "@shopify/polaris";
import { useState } from "react";
import { storedWarning } from "~/address/warning-codes";
import { STATUS_TONES } from "~/fulfillment/page/status-tones";
import type { FulfillmentRow } from "~/fulfillment/page/orders-page.server";
import { useI18n } from "~/i18n/react";
import { adminOrderUrl } from "~/shopify/admin-links";
import { OrderFacts } from "./order-facts";
import { Actions } from "./record-actions";
import { reasonWords, svcStatusWords } from "~/fulfillment/page/reason-words";
import { Timeline } from "./timeline";

export function FulfillmentCard({
  row,
  selected,
  onSelect,
}: {
  row: FulfillmentRow;
  selected: boolean;
  onSelect: ((on: boolean) => void) | null;
}) {
  const i18n = useI18n();
  const m = i18n.messages.orders;
  const tone = STATUS_TONES[row.status];
  // The service's names come from one place (settings.services), as on Tarifas and the order-page block.
  const serviceNames: Record<string, string> = i18n.messages.settings.services;
  const service = row.serviceCode ? (serviceNames[row.serviceCode] ?? row.serviceCode) : null;
  const [open, setOpen] = useState(false);
  const timelineId = `timeline-${row.id}`;
  const headingId = `order-${row.id}`;
  // The order's page in Shopify's admin, where its address or items are fixed.
  const adminUrl = adminOrderUrl(row.orderGid);
  return (
    <article aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            {onSelect && (
              <Checkbox
                label={i18n.format(m.select, { order: row.orderName })}
                labelHidden
                checked={selected}
                onChange={onSelect}
              />
            )}
            <Text as="h2" variant="headingMd" id={headingId}>
              {adminUrl ? (
                <Link url={adminUrl} target="_top" removeUnderline>
                  {row.orderName}
                </Link>
              ) : (
                row.orderName
              )}
            </Text>
            <Badge tone={tone}>{m.statuses[row.status]}</Badge>
            {service && (
              <Text as="span" tone="subdued">
                {service}
                {row.serviceCodeSource === "shop_default" ? ` ${m.shopDefault}` : ""}
              </Text>
            )}
          </InlineStack>
          <OrderFacts facts={row.facts} />
          {row.reason && <Text as="p">{reasonWords(i18n, row.reasonMessage) ?? m.reasonNotCoded}</Text>}
          {row.missingLines.length > 0 && !row.shortChoice && (
            <Text as="p" tone="caution">
              {i18n.format(m.missingLines, {
                lines: row.missingLines.map((l) => `${l.sku} × ${l.quantity}`).join(", "),
              })}
            </Text>
          )}
          {row.status === "waiting" && (
            <Text as="p" fontWeight="semibold">
              {row.waitUntil ? i18n.format(m.goesAt, { at: i18n.dateTime(row.waitUntil) }) : m.goesOnRelease}
            </Text>
          )}
          {row.svcOrderId && (
            <Text as="p" tone="subdued">
              {i18n.format(m.serviceOrder, { id: row.svcOrderId })}
              {row.svcStatus
                ? ` · ${i18n.format(m.serviceStatus, { status: svcStatusWords(i18n, row.svcStatus) })}`
                : ""}
            </Text>
          )}
          {row.tracking && (
            <Text as="p">
              {i18n.format(m.tracking, { company: row.tracking.company ?? "" })}{" "}
              {row.tracking.url ? (
                <Link url={row.tracking.url} target="_blank">
                  {row.tracking.number}
                </Link>
              ) : (
                row.tracking.number
              )}
            </Text>
          )}
          {row.warnings.length > 0 && (
            <Box>
              {row.warnings.map((warning, index) => {
                const known = storedWarning(warning);
                return (
                  <Text as="p" tone="caution" key={index}>
                    {m.fields[warning.field] ?? warning.field}:{" "}
                    {known ? i18n.format(m.warnings[known.code], known.params) : m.warningNotCoded}
                    {warning.original ? ` («${warning.original}»)` : ""}
                  </Text>
                );
              })}
            </Box>
          )}
          <InlineStack gap="200" blockAlign="end" align="space-between">
            <Actions row={row} />
            <Button
              variant="plain"
              disclosure={open ? "up" : "down"}
              ariaExpanded={open}
              ariaControls={timelineId}
              onClick={() => setOpen(!open)}
            >
              {open ? m.timelineHide : i18n.format(m.timelineShow, { count: i18n.number(row.timeline.length) })}
            </Button>
          </InlineStack>
          {open && <Timeline id={timelineId} row={row} />}
        </BlockStack>
      </Card>
    </article>
  );
}
