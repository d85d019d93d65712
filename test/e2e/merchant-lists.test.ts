// Lists and actions a merchant can trust, in Chromium through the admin stand-in, both languages:
// Catálogo's search ignores case and accents and has a visible button; Pedidos offers no retry on a
// cancelled order, and no stock sync (Almacén's «now» has it).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { IN_BOTH_LANGUAGES } from "./support/merchant-texts";
import { reason, reasonColumns } from "~/fulfillment/core/reason-codes";

const shot = (page: Page, name: string) => screenshot(page, `lists-${name}`);

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-lists");
  await admin.connect();
  // The catalogue as a sync leaves it, and two orders: one cancelled in Shopify, one refused for stock.
  await admin.db.catalogVariant.createMany({
    data: [
      ["1", "Jabón artesanal de Tepoztlán - Lavanda", "JAB-LAV"],
      ["2", "Taza de barro", "TAZA-1"],
    ].map(([id, title, sku]) => ({
      shop: SHOP,
      variantId: `gid://shopify/ProductVariant/${id}`,
      productId: `gid://shopify/Product/${id}`,
      title: title!,
      sku,
      status: "synced",
    })),
  });
  for (const [n, status, why] of [
    ["2001", "skipped", reason("cancelledInShopify")],
    ["2002", "needs_attention", reason("insufficientStock", { product: "PLATO-GR", said: "Insufficient stock" })],
  ] as const) {
    await admin.db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: n,
        orderGid: `gid://shopify/Order/${n}`,
        orderName: `#${n}`,
        status,
        ...reasonColumns(why),
      },
    });
  }
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

for (const [locale, t] of IN_BOTH_LANGUAGES) {
  describe(`[${locale}]`, () => {
    it("Catálogo finds «Jabón … Tepoztlán» for «JABON tepoztlan», with a visible search button", async () => {
      const page = await admin.open("/app/catalog", locale);
      await page.getByLabel(t.searchField).fill("JABON tepoztlan");
      await page.getByRole("button", { name: t.searchButton, exact: true }).click();
      await poll(async () => new URL(page.url()).searchParams.get("q")).toBe("JABON tepoztlan");
      await poll(() => page.getByText("Jabón artesanal de Tepoztlán - Lavanda").isVisible()).toBe(true);
      expect(await page.getByText("Taza de barro").count()).toBe(0);
      await shot(page, `catalogo-busqueda-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Pedidos offers no retry on the cancelled order, and no stock sync (Almacén has it)", async () => {
      const page = await admin.open("/app/orders", locale);
      await poll(() => page.getByText(t.cancelledNoRetry).isVisible()).toBe(true);
      // One retry, #2002's: the cancelled #2001 has the sentence instead.
      expect(await page.getByRole("button", { name: t.retry, exact: true }).count()).toBe(1);
      expect(await page.getByRole("checkbox").count()).toBe(2); // select-all and #2002
      // Stock sync's «now» is Almacén's, whether the sync is on or off.
      expect(await page.getByRole("button", { name: t.syncStock }).count()).toBe(0);
      await shot(page, `pedidos-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });
  });
}
