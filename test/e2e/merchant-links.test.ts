// Links out of the app's lists, in Chromium through the admin stand-in, both languages: an order's
// name on Pedidos opens the order in Shopify's admin, a catalogue row opens its variant there
// (App Bridge's shopify://admin links, which the stand-in records), and Inicio's «requieren
// atención» figure opens Pedidos filtered to those orders, with the same number on both pages.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { IN_BOTH_LANGUAGES } from "./support/merchant-texts";

const shot = (page: Page, name: string) => screenshot(page, `links-${name}`);
const adminVisits = (page: Page) =>
  page.evaluate(() => (window as unknown as { __simAdminVisits?: string[] }).__simAdminVisits ?? []);

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-links");
  await admin.connect();
  await admin.db.catalogVariant.createMany({
    data: [
      ["4401", "3301", "Taza de barro", "synced"],
      ["4402", "3302", "Jarro de barro", "exists_at_service"],
      ["4403", "3303", "Plato grande", "skipped"],
      ["4404", "3304", "Cazuela", "drifted"],
      ["4405", "3305", "Comal", "pending"],
    ].map(([variant, product, title, status]) => ({
      shop: SHOP,
      variantId: `gid://shopify/ProductVariant/${variant}`,
      productId: `gid://shopify/Product/${product}`,
      title: title!,
      sku: `SKU-${variant}`,
      status: status!,
    })),
  });
  // Two orders needing attention (one of them cancelled in Shopify since) and one sent.
  for (const [n, status, reason] of [
    ["5001", "needs_attention", "the order was cancelled in Shopify"],
    [
      "5002",
      "needs_attention",
      "not enough stock of PLATO-GR at the warehouse; request an inventory reception, then retry. The service said: Insufficient stock",
    ],
    ["5003", "unknown_outcome", null],
    ["5004", "submitted", null],
  ] as const) {
    await admin.db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: n,
        orderGid: `gid://shopify/Order/${n}`,
        orderName: `#${n}`,
        status,
        reason,
        svcOrderId: status === "submitted" ? `svc-${n}` : null,
      },
    });
  }
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

for (const [locale, t] of IN_BOTH_LANGUAGES) {
  describe(`[${locale}]`, () => {
    it("Pedidos: the order's name opens the order in Shopify's admin", async () => {
      const page = await admin.open("/app/orders", locale);
      const name = page.getByRole("link", { name: "#5002", exact: true });
      await poll(() => name.isVisible()).toBe(true);
      expect(await name.getAttribute("href")).toBe("shopify://admin/orders/5002");
      await name.click();
      await poll(() => adminVisits(page)).toEqual(["/orders/5002"]);
      await poll(async () => (await page.getByRole("region", { name: "Shopify admin" }).textContent()) ?? "").toBe(
        `${t.adminPage}: admin/orders/5002`,
      );
      await shot(page, `pedidos-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Catálogo: the row opens its variant in Shopify's admin", async () => {
      const page = await admin.open("/app/catalog", locale);
      const row = page.getByRole("link", { name: "Taza de barro", exact: true });
      await poll(() => row.isVisible()).toBe(true);
      await row.click();
      await poll(() => adminVisits(page)).toEqual(["/products/3301/variants/4401"]);
      await shot(page, `catalogo-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Inicio: «requieren atención» opens Pedidos filtered to them, with the same count", async () => {
      const page = await admin.open("/app", locale);
      const figure = page.getByRole("link", { name: `${t.attentionFigure}: 2`, exact: true });
      await poll(() => figure.isVisible()).toBe(true);
      await shot(page, `inicio-${locale}`);
      await figure.click();
      await poll(async () => new URL(page.url()).pathname).toBe("/app/orders");
      expect(new URL(page.url()).searchParams.get("status")).toBe("needs_attention");
      const status = page.getByRole("combobox").first();
      await poll(async () => (await status.locator("option:checked").textContent())?.trim()).toBe(
        `${t.attentionFilter} (2)`,
      );
      await poll(() => page.getByRole("link", { name: "#5001", exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "#5004", exact: true }).count()).toBe(0);
      await shot(page, `inicio-a-pedidos-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    for (const [figure, status, filter, listed] of [
      [t.registeredFigure, "registered", `${t.registeredFilter} (2)`, ["Taza de barro", "Jarro de barro"]],
      [t.needsWorkFigure, "needs_work", `${t.needsWorkFilter} (2)`, ["Plato grande", "Cazuela"]],
    ] as const) {
      it(`Inicio: «${figure}» opens Catálogo filtered to the variants it counts`, async () => {
        const page = await admin.open("/app", locale);
        const link = page.getByRole("link", { name: `${figure}: 2`, exact: true });
        await poll(() => link.isVisible()).toBe(true);
        await link.click();
        await poll(async () => new URL(page.url()).pathname).toBe("/app/catalog");
        expect(new URL(page.url()).searchParams.get("status")).toBe(status);
        const select = page.getByRole("combobox").first();
        await poll(async () => (await select.locator("option:checked").textContent())?.trim()).toBe(filter);
        for (const title of listed) await poll(() => page.getByText(title, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByText("Comal", { exact: true }).count()).toBe(0);
        await shot(page, `inicio-a-catalogo-${status}-${locale}`);
        expect(page.problems).toEqual([]);
        await page.close();
      });
    }

    it("Inicio: «enviados al almacén» opens Pedidos filtered to the orders the service took", async () => {
      const page = await admin.open("/app", locale);
      const figure = page.getByRole("link", { name: `${t.sentFigure}: 1`, exact: true });
      await poll(() => figure.isVisible()).toBe(true);
      await figure.click();
      await poll(async () => new URL(page.url()).searchParams.get("status")).toBe("sent");
      const status = page.getByRole("combobox").first();
      await poll(async () => (await status.locator("option:checked").textContent())?.trim()).toBe(
        `${t.sentFilter} (1)`,
      );
      await poll(() => page.getByRole("link", { name: "#5004", exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "#5002", exact: true }).count()).toBe(0);
      await shot(page, `inicio-a-pedidos-enviados-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });
  });
}
