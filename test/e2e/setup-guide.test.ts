// Inicio's setup guide in headless Chromium, on the production build opened through the simulated
// store's admin stand-in: a fresh install is led step by step — connect the key, sync the
// catalogue, run a test quote in Tarifas, read how orders go («Entendido»; the readiness step is
// test/e2e/readiness.test.ts's checklist) — each step ticked as
// the merchant does it, in Spanish and in English; the daily figures link to Pedidos filtered to
// what they count, and the answer times wait folded under «Ver detalles técnicos».
// Screenshots land in test/e2e/screenshots/ (git-ignored); docs/screenshots/ keeps the README's.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP, startInstalledAdmin, type DemoShop, type EmbeddedAdmin } from "./support/embedded-stack";

const SCREENSHOTS = path.resolve("test/e2e/screenshots");
const API_KEY = "e2e-setup-key";
const API_SECRET = "e2e-setup-secret";

const poll = <T>(probe: () => Promise<T>, timeout = 60_000) => expect.poll(probe, { timeout });

let shop: DemoShop;
let admin: EmbeddedAdmin;

beforeAll(async () => {
  ({ shop, admin } = await startInstalledAdmin({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    viewport: { width: 1280, height: 1200 },
    tmpPrefix: "svc-setup-guide-",
  }));
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await shop?.close();
});

const open = (pagePath: string, locale: "es" | "en" = "es") => admin.open(pagePath, locale);
const step = (page: Page, name: string) => page.locator(`[data-setup-step="${name}"]`);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

describe("Inicio's setup guide", () => {
  it("leads a fresh install to connecting its key first, in both languages", async () => {
    const page = await open("/app");
    await poll(() => page.getByText("Configura tu tienda").isVisible()).toBe(true);
    expect(await page.getByText("0 de 5 pasos completados").isVisible()).toBe(true);
    expect(await step(page, "connect").getAttribute("data-done")).toBe("false");
    expect(
      await step(page, "connect").getByText("Escribe tu clave de API en Configuración.", { exact: false }).isVisible(),
    ).toBe(true);
    // Only the current step is open: the catalogue's words wait until the key is in.
    expect(await page.getByText("Registra tus productos en el servicio", { exact: false }).count()).toBe(0);
    await shot(page, "setup-guide-es");
    await page.getByRole("link", { name: "Ir a Configuración" }).click();
    await poll(async () => new URL(page.url()).pathname).toBe("/app/settings");
    await page.close();

    const english = await open("/app", "en");
    await poll(() => english.getByText("Set up your shop").isVisible()).toBe(true);
    expect(await english.getByText("0 of 5 steps done").isVisible()).toBe(true);
    expect(await english.getByRole("link", { name: "Go to Settings" }).isVisible()).toBe(true);
    await shot(english, "setup-guide-en");
    await english.close();
  });

  it("ticks each step as the merchant takes it, then makes way for the daily figures", async () => {
    const settings = await open("/app/settings");
    await settings.getByLabel("Clave de API").fill("sandbox-key");
    await settings.getByRole("button", { name: "Conectar" }).click();
    await poll(() => settings.getByText("Conectada al entorno de pruebas (QA).").isVisible()).toBe(true);
    await settings.close();

    // Connecting started the catalogue sync; the guide ticks the key, then the finished sync.
    const home = await open("/app");
    await poll(() => step(home, "connect").getAttribute("data-done")).toBe("true");
    await poll(async () => {
      await home.reload();
      return step(home, "catalog").getAttribute("data-done");
    }).toBe("true");
    await home.close();

    // A test quote in Tarifas.
    const rates = await open("/app/rates");
    await rates.getByLabel("Código postal").fill("06500");
    await rates.getByLabel("Estado").selectOption("DF");
    await rates.getByLabel("Ciudad o alcaldía").fill("Ciudad de México");
    const product = rates.getByLabel("Producto 1");
    await product.selectOption((await product.locator("option").nth(1).getAttribute("value"))!);
    await rates.getByLabel("Subtotal del carrito").fill("300");
    await rates.getByRole("button", { name: "Cotizar" }).click();
    await poll(() => rates.locator(".Polaris-DataTable table tbody tr").count()).toBeGreaterThan(0);
    await rates.close();

    const last = await open("/app");
    await poll(() => step(last, "testQuote").getAttribute("data-done")).toBe("true");
    await shot(last, "setup-guide-progress-es");
    // «How orders go» opens with a click on its title, whichever step is current.
    await step(last, "orders").getByRole("button", { name: "5. Cómo llegan tus pedidos al almacén" }).click();
    await poll(() => last.getByText("La guía de rastreo llega a Shopify", { exact: false }).isVisible()).toBe(true);
    await last.getByRole("button", { name: "Entendido" }).click();
    await poll(
      async () => (await shop.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).ordersGuideSeenAt,
    ).not.toBeNull();
    await poll(() => step(last, "orders").getAttribute("data-done")).toBe("true");
    await last.close();
  });

  it("shows what a merchant checks daily as links, and folds the answer times away", async () => {
    const page = await open("/app");
    const inTransit = page.getByRole("link", { name: "Pedidos despachados: 0", exact: true });
    await poll(() => inTransit.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Pedidos entregados: 0", exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Tiempo de respuesta (mediana / p99)").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Ver detalles técnicos" }).click();
    await poll(() => page.getByText("Tiempo de respuesta (mediana / p99)").isVisible()).toBe(true);
    await inTransit.click();
    await poll(async () => new URL(page.url()).searchParams.get("status")).toBe("shipped");
    await page.close();
  });
});
