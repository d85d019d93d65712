// When stock was last read and synced, what the sync changed, and whether one runs now.
import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import type { Messages } from "~/i18n/messages.es";
import { useI18n } from "~/i18n/react";
import type { WarehouseLoaderData } from "./types";

/** The page's button: "sync now" with the stock sync on, "read stock now" with it off (it only reads). */
export function stockButtonLabel(m: Messages["warehouse"]["stock"], stockSyncOn: boolean): string {
  return stockSyncOn ? m.syncNow : m.readNow;
}

export function SyncStatus({ data }: { data: WarehouseLoaderData }) {
  const { messages, format, number, dateTime } = useI18n();
  const m = messages.warehouse.stock;
  return (
    <Card>
      <BlockStack gap="200">
        {data.syncing && <Banner tone="info">{m.syncing}</Banner>}
        {!data.stockSyncOn && (
          <Text as="p" tone="subdued">
            {m.syncOff}
          </Text>
        )}
        <Text as="p">
          {data.readAt
            ? format(m.readAt, { at: dateTime(data.readAt) })
            : format(m.neverRead, { button: stockButtonLabel(m, data.stockSyncOn) })}
        </Text>
        <div data-testid="warehouse-last-sync">
          <Text as="p">
            {data.lastSync
              ? format(m.syncedAt, {
                  at: dateTime(data.lastSync.at),
                  changed: number(data.lastSync.changed),
                  unchanged: number(data.lastSync.unchanged),
                })
              : m.neverSynced}
          </Text>
        </div>
        {data.lastSync && data.lastSync.notStocked.length > 0 && (
          <Text as="p" tone="caution">
            {format(m.notStocked, { skus: data.lastSync.notStocked.join(", ") })}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
