// The checkout readiness checklist in headless Chromium, on the production build opened through the
// simulated store's admin stand-in: after connecting, Inicio shows that our rates are in no shipping
// profile (Admin 2026-10), the merchant presses «Agregar nuestras tarifas al checkout», the item
// turns ok and the store's checkout now calls our callback; the checklist reads in both languages.
// Screenshots land in test/e2e/screenshots/ (git-ignored).
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP, startInstalledAdmin, type DemoShop, type EmbeddedAdmin } from "./support/embedded-stack";

const SCREENSHOTS = path.resolve("test/e2e/screenshots");
const API_KEY = "e2e-readiness-key";
const API_SECRET = "e2e-readiness-secret";

const poll = <T>(probe: () => Promise<T>, timeout = 30_000) => expect.poll(probe, { timeout });

let shop: DemoShop;
let admin: EmbeddedAdmin;

beforeAll(async () => {
  ({ shop, admin } = await startInstalledAdmin({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    viewport: { width: 1280, height: 1400 },
    tmpPrefix: "svc-readiness-",
  }));
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await shop?.close();
});

const open = (pagePath: string, locale: "es" | "en" = "es") => admin.open(pagePath, locale);
const checkout = () => shop.store.control.checkout(SHOP, { items: [{ sku: "TAZA-AZ", quantity: 1 }] });
const item = (page: Page, code: string) => page.locator(`[data-readiness-item="${code}"]`);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

describe("checkout readiness in the admin", () => {
  it("after connecting, Inicio shows our rates missing from checkout; the action adds them and checkout calls us", async () => {
    const settings = await open("/app/settings");
    await settings.getByLabel("Clave de API").fill("sandbox-key");
    await settings.getByRole("button", { name: "Conectar" }).click();
    await poll(() => settings.getByText("Conectada al entorno de pruebas (QA).").isVisible()).toBe(true);
    // Connecting scheduled the first check; the job worker runs it.
    await poll(async () => Boolean(await shop.db.checkoutReadiness.findUnique({ where: { shop: SHOP } }))).toBe(true);
    await settings.close();

    const before = await checkout();
    expect(before.carriers[0]).toMatchObject({ called: false });

    const page = await open("/app");
    await poll(() => item(page, "rates_in_mexico").getAttribute("data-status")).toBe("problem");
    const rates = item(page, "rates_in_mexico");
    expect(await rates.textContent()).toContain("Tarifas ofrecidas en México para todos tus productos");
    expect(await rates.textContent()).toContain("General profile");
    expect(await page.getByText("Listo para el checkout").isVisible()).toBe(true);
    await shot(page, "inicio-readiness-falta-es");

    await page.getByRole("button", { name: "Agregar nuestras tarifas al checkout" }).click();
    await poll(() => item(page, "rates_in_mexico").getAttribute("data-status")).toBe("ok");
    expect(await page.getByText("Listo: agregamos nuestras tarifas en 1 perfil(es) de envío.").isVisible()).toBe(true);
    await shot(page, "inicio-readiness-agregadas-es");
    await page.close();

    const after = await checkout();
    // Shopify now calls our callback (what it answers depends on the catalogue sync still running).
    expect(after.carriers[0]).toMatchObject({ called: true, status: expect.any(Number) });
  });

  it("reads in English, with every item of the checklist", async () => {
    const page = await open("/app", "en");
    await poll(() => page.getByText("Ready for checkout").isVisible()).toBe(true);
    for (const label of [
      "Service API key valid",
      "Rates service registered and active in Shopify",
      "Your Shopify plan allows calculated rates",
      "Rates offered in Mexico for all your products",
      "A test quote answered in time",
      "Access to protected customer data",
    ])
      expect(await page.getByText(label).isVisible()).toBe(true);
    await shot(page, "inicio-readiness-en");
    await page.close();
  });
});
