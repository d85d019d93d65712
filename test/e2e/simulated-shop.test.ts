// A person drives `npm run demo -- --keep-running` from the browser alone: from the admin's bar to
// «Tienda simulada», pays an order, sees it reach the warehouse in the app's Pedidos, ships and
// delivers it from the page, and sees it delivered in Pedidos — in Spanish, then in English.
import { spawn, type ChildProcess } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../helpers/browser";

let demo: ChildProcess;
let output = "";
let adminUrl: string;
let browser: Browser;

beforeAll(async () => {
  demo = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts", "--keep-running"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" },
  });
  demo.stdout!.on("data", (c: Buffer) => (output += c));
  demo.stderr!.on("data", (c: Buffer) => (output += c));
  adminUrl = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const url = /Still running/.test(output) && /(http:\/\/127\.0\.0\.1:\d+\/admin\/apps\/open\?\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    demo.stdout!.on("data", check);
    demo.once("exit", () => reject(new Error(`the demo stopped:\n${output}`)));
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (demo && demo.exitCode === null) {
    const exited = new Promise((resolve) => demo.once("exit", resolve));
    demo.kill("SIGINT");
    await exited;
  }
});

const WORDS = {
  es: { link: "Tienda simulada", pay: "Pagar pedido", ship: "Enviar", deliver: "Entregar", atWarehouse: "En el almacén", shipped: "Despachado", delivered: "Entregado" },
  en: { link: "Simulated store", pay: "Pay order", ship: "Ship", deliver: "Deliver", atWarehouse: "At the warehouse", shipped: "Shipped", delivered: "Delivered" },
} as const;

/** Reloads Pedidos until the order's row shows `status`. */
async function pedidosShows(page: Page, pedidosUrl: string, name: string, status: string) {
  await expect
    .poll(
      async () => {
        await page.goto(pedidosUrl);
        // Pedidos shows each order as an <article> headed by its name.
        const row = page.locator("article", { has: page.locator("h2", { hasText: new RegExp(`^${name}$`) }) });
        return (await row.count()) > 0 ? row.first().innerText() : "";
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toContain(status);
}

describe("«Tienda simulada» in the demo", () => {
  for (const locale of ["es", "en"] as const) {
    it(`pays an order, ships and delivers it from the page, and Pedidos follows (${locale})`, async () => {
      const w = WORDS[locale];
      const context = await browser.newContext({ userAgent: MERCHANT_BROWSER });
      const admin = await context.newPage();
      const pedidosUrl = adminUrl.replace("path=%2Fapp", "path=%2Fapp%2Forders").replace("locale=es", `locale=${locale}`);
      expect((await admin.goto(pedidosUrl))?.status()).toBe(200);
      // The admin's bar links the store's page, in the admin's language.
      const link = admin.locator("#sim-admin-bar a.sim-store-page");
      await expect.poll(() => link.textContent(), { timeout: 15_000 }).toBe(w.link);
      const storePageUrl = (await link.getAttribute("href"))!;
      expect(new URL(storePageUrl).searchParams.get("locale")).toBe(locale);

      const store = await context.newPage();
      await store.goto(storePageUrl);
      await store.locator('tr[data-sku="TAZA-AZ"] input').fill("1");
      await store.locator('select[name="address"]').first().selectOption("cdmx");
      await store.getByRole("button", { name: w.pay }).click();
      await store.waitForURL(/done=create/);
      const name = (await store.locator("tr[data-order]").first().getAttribute("data-order"))!;
      expect(name).toMatch(/^#\d+$/);

      await pedidosShows(admin, pedidosUrl, name, w.atWarehouse);

      // The store's page sees the order at the service too, then moves the warehouse.
      const row = store.locator(`tr[data-order="${name}"]`);
      await expect
        .poll(
          async () => {
            await store.reload();
            return row.locator(".service-status").count();
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      await row.getByRole("button", { name: w.ship, exact: true }).click();
      await store.waitForURL(/done=ship/);
      expect(await store.locator(`tr[data-order="${name}"] .service-status`).textContent()).toBe("IN_TRANSIT");
      await pedidosShows(admin, pedidosUrl, name, w.shipped);

      await store.locator(`tr[data-order="${name}"]`).getByRole("button", { name: w.deliver, exact: true }).click();
      await store.waitForURL(/done=deliver/);
      expect(await store.locator(`tr[data-order="${name}"] .service-status`).textContent()).toBe("DELIVERED");
      await pedidosShows(admin, pedidosUrl, name, w.delivered);
      // What the app did is on the store's page: a fulfilment with the service's tracking.
      await store.reload();
      expect(await store.locator(`tr[data-order="${name}"] a[href*="rastreo.sandbox.example"]`).count()).toBeGreaterThan(0);
      await context.close();
    }, 420_000);
  }
});
