// «Almacén» in Chromium through the admin stand-in, in Spanish and in English, on the demo
// catalogue synced for real: the stock sync's «now» and its result, a difference nothing explains
// flagged and filtered, the accent-blind search, the CSV, receptions and withdrawals, and a
// reception answer the app cannot read shown as such with the rest of the page intact.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { translator } from "~/i18n/locale";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { sandboxControl } from "./support/sandbox-control";

let admin: EmbeddedAdmin;
let locationId: string;
const control = (path: string, body: unknown) => sandboxControl(admin.sandbox.url, path, body);

beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-warehouse");
  await admin.connect();
  // The demo catalogue registered at the service by the app's own worker.
  const sync = await startFullSync({ db: admin.db, shop: SHOP });
  if (!sync.started) throw new Error(`the catalogue sync did not start: ${sync.reason}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { state } = await admin.db.catalogSync.findUniqueOrThrow({ where: { id: sync.syncId } });
    if (state === "completed") break;
    if (state === "failed" || Date.now() > deadline) throw new Error(`the catalogue sync ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  locationId = admin.store.inspect(SHOP).inventoryLevels[0]!.locationId;
  await control("/__sandbox/pickup-order", { productos: [{ sku: "TAZA-NA", cantidad: 2 }], razon: "Bazar" });
}, 240_000);
afterAll(async () => {
  await admin?.close();
});

const stockSync = (enabled: boolean) =>
  updateShopSettings({ db: admin.db, shop: SHOP, patch: { stock: { enabled, locationId, intervalMinutes: 60 } } });
const rowOf = (page: Page, sku: string) => page.locator(".Polaris-DataTable table tbody tr", { hasText: sku });

describe.each(["es", "en"] as const)("Almacén in %s", (locale) => {
  const { messages, format } = translator(locale);
  const m = messages.warehouse;

  it("syncs now and shows the result, flags a difference nothing explains, filters, searches and exports", async () => {
    await stockSync(true);
    let page = await admin.open("/app/warehouse", locale);
    const lastSync = page.getByTestId("warehouse-last-sync");
    const before = await lastSync.innerText();
    await page.getByRole("button", { name: m.stock.syncNow }).click();
    // The page follows the job and shows what it changed, once it has run.
    await poll(() => lastSync.innerText(), 60_000).not.toBe(before);
    expect(await lastSync.innerText()).toContain(m.stock.syncedAt.split("{")[0]!);
    await poll(() => page.getByText(m.stock.syncing).count()).toBe(0);
    await poll(() => rowOf(page, "TAZA-VE").count()).toBe(1);
    await page.close();

    // Off, a mug sold in Shopify that never reached the app; «now» reads without writing Shopify.
    await stockSync(false);
    admin.store.orders.createPaid(SHOP, { lineItems: [{ sku: "TAZA-VE", quantity: 1 }] });
    page = await admin.open("/app/warehouse", locale);
    await page.getByRole("button", { name: m.stock.readNow }).click();
    await poll(() => page.getByText(m.stock.readDone.split("{")[0]!).count()).toBeGreaterThan(0);
    await poll(() => rowOf(page, "TAZA-VE").innerText()).toContain(m.stock.differs);
    expect(await rowOf(page, "TAZA-AZ").innerText()).not.toContain(m.stock.differs);

    await page.getByLabel(m.stock.filter).selectOption("differs");
    await poll(() => page.locator(".Polaris-DataTable table tbody tr").count()).toBe(1);
    expect(await rowOf(page, "TAZA-VE").count()).toBe(1);
    await page.getByLabel(m.stock.filter).selectOption("all");
    await poll(async () => new URL(page.url()).searchParams.get("status")).toBeNull();
    await poll(() => rowOf(page, "TAZA-AZ").count()).toBe(1);

    await page.getByLabel(m.stock.search).fill("JABON tepoztlan");
    await page.getByRole("button", { name: m.stock.searchButton, exact: true }).click();
    await poll(async () => new URL(page.url()).searchParams.get("q")).toBe("JABON tepoztlan");
    await poll(() => rowOf(page, "TAZA-AZ").count()).toBe(0);
    expect(await rowOf(page, "JAB-CAF").innerText()).toContain("Jabón artesanal de Tepoztlán");
    await screenshot(page, `warehouse-${locale}`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: m.stock.exportCsv }).click(),
    ]);
    const csv = await streamText(await download.createReadStream());
    const cell = (words: string) => (words.includes(",") ? `"${words}"` : words);
    const c = m.csv;
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFF" +
        [c.sku, c.product, c.available, c.inStock, c.inShopify, c.shopify, c.awaiting, c.difference, c.differs]
          .map(cell)
          .join(","),
    );
    expect(csv).toContain("JAB-CAF,");
    expect(csv).not.toContain("TAZA-AZ");
    expect(page.problems).toEqual([]);
    await page.close();
  });

  it("without a Shopify location for the warehouse, names the setting that fills the Shopify column and opens it; once chosen, asks for a read there", async () => {
    await updateShopSettings({ db: admin.db, shop: SHOP, patch: { stock: { enabled: false, locationId: null } } });
    try {
      let page = await admin.open("/app/warehouse", locale);
      await page.getByRole("button", { name: m.stock.readNow }).click();
      await poll(() => page.getByText(m.stock.readDone.split("{")[0]!).count()).toBeGreaterThan(0);
      await poll(() => rowOf(page, "TAZA-AZ").innerText()).toContain(m.stock.noLocationCell);
      expect(await rowOf(page, "TAZA-AZ").innerText()).not.toContain(m.stock.notStockedHere);
      expect(await page.getByText(m.stock.noLocation).count()).toBe(1);
      await screenshot(page, `warehouse-no-location-${locale}`);
      await page.getByRole("link", { name: m.stock.noLocationAction }).click();
      await poll(async () => new URL(page.url()).pathname).toBe("/app/settings");
      expect(page.problems).toEqual([]);
      await page.close();

      // The location chosen again: the column is from a read without it, until «now» reads there.
      await stockSync(false);
      page = await admin.open("/app/warehouse", locale);
      const readAgain = format(m.stock.readElsewhere, { button: m.stock.readNow });
      await poll(() => page.getByText(readAgain).count()).toBe(1);
      expect(await page.getByText(m.stock.noLocation).count()).toBe(0);
      await page.getByRole("button", { name: m.stock.readNow }).click();
      await poll(() => page.getByText(readAgain).count()).toBe(0);
      await poll(() => rowOf(page, "TAZA-AZ").innerText()).not.toContain(m.stock.noLocationCell);
      expect(page.problems).toEqual([]);
      await page.close();
    } finally {
      await stockSync(false);
    }
  });

  it("lists receptions and withdrawals, and says so when it cannot read the receptions' answer", async () => {
    await control("/__sandbox/reception", { productos: [{ sku: "TAZA-AZ", cantidad: 30 }] });
    let page = await admin.open("/app/warehouse", locale);
    await poll(() => page.getByText(m.receptions.origins.RECEPCION, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText(m.withdrawals.reason.replace("{reason}", "Bazar")).count()).toBe(1);
    expect(await page.getByText(`${m.withdrawals.timeline}: ${m.withdrawals.states.CREADA}`).count()).toBe(1);
    await page.close();

    await control("/__sandbox/reception-answer", { body: "En mantenimiento" });
    try {
      page = await admin.open("/app/warehouse", locale);
      await poll(() => page.getByTestId("receptions-unreadable").innerText()).toBe(m.receptions.unreadable);
      // The rest of the page is whole.
      expect(await page.getByText(m.withdrawals.reason.replace("{reason}", "Bazar")).count()).toBe(1);
      expect(await rowOf(page, "TAZA-AZ").count()).toBe(1);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: m.receptions.download }).click(),
      ]);
      expect(JSON.parse(await streamText(await download.createReadStream()))).toBe("En mantenimiento");
      await screenshot(page, `warehouse-unreadable-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    } finally {
      await control("/__sandbox/reception-answer", { body: null });
    }
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
