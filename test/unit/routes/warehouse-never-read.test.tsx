// Almacén before the warehouse's stock was ever read tells the merchant which button to press: the
// one the page shows, «Leer existencias ahora» while the stock sync is off and «Sincronizar ahora»
// while it is on (the page's button changes with the setting; the sentence must follow it).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { I18nProvider } from "~/i18n/react";
import { stockButtonLabel, SyncStatus } from "~/routes/app.warehouse/sync-status";
import type { WarehouseLoaderData } from "~/routes/app.warehouse/types";

const neverRead = (stockSyncOn: boolean) =>
  ({ syncing: false, stockSyncOn, readAt: null, lastSync: null }) as unknown as WarehouseLoaderData;

describe.each(["es", "en"] as const)("Almacén never read, in %s", (locale) => {
  const m = translator(locale).messages.warehouse.stock;
  const render = (stockSyncOn: boolean) =>
    renderToString(
      <I18nProvider locale={locale}>
        <SyncStatus data={neverRead(stockSyncOn)} />
      </I18nProvider>,
    ).replace(/<[^>]+>/g, "");

  it("names «read stock now», the page's button, while the stock sync is off", () => {
    expect(stockButtonLabel(m, false)).toBe(m.readNow);
    const text = render(false);
    expect(text).toContain(m.readNow);
    expect(text).not.toContain(m.syncNow);
  });

  it("names «sync now», the page's button, while the stock sync is on", () => {
    expect(stockButtonLabel(m, true)).toBe(m.syncNow);
    const text = render(true);
    expect(text).toContain(m.syncNow);
    expect(text).not.toContain(m.readNow);
    expect(text).not.toContain("{");
  });
});
