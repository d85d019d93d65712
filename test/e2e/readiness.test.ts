// The checkout readiness checklist in headless Chromium, on the production build opened through the
// simulated store's admin stand-in: after connecting, Inicio shows that our rates are in no shipping
// profile (Admin 2026-10), the merchant presses «Agregar nuestras tarifas al checkout», the item
// turns ok and the store's checkout now calls our callback; the checklist reads in both languages.
// Screenshots land in test/e2e/screenshots/ (git-ignored).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/database";
import { startServiceSandbox, type ServiceSandbox } from "../../sandbox/service/server";
import { createSimulatedStore, type ListeningStore, type SimulatedStore } from "../../sandbox/store";
import { appEnv, startApp, type AppProcess } from "../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../helpers/browser";
import { createTestDatabase } from "../helpers/test-database";

const SCREENSHOTS = path.resolve("test/e2e/screenshots");
const SHOP = "tienda-demo.myshopify.com";
const API_KEY = "e2e-readiness-key";
const API_SECRET = "e2e-readiness-secret";
const APP_BRIDGE = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

const poll = <T>(probe: () => Promise<T>, timeout = 30_000) => expect.poll(probe, { timeout });

let app: AppProcess;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let storeServer: ListeningStore;
let browser: Browser;
let context: BrowserContext;
let db: PrismaClient;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase("e2e");
  dropDatabase = database.drop;
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  sandbox = await startServiceSandbox({ port: 0 });
  store = createSimulatedStore();
  store.addShop({ domain: SHOP, name: "Tienda Demo" });
  store.seedDemoCatalogue(SHOP);
  store.control.setApp(SHOP, { secret: API_SECRET, webhooks: [] });
  storeServer = await store.listen(0);
  await db.shop.create({ data: { domain: SHOP } });
  const session = new Session({ id: `offline_${SHOP}`, shop: SHOP, state: "", isOnline: false });
  session.accessToken = store.accessToken(SHOP);
  session.scope = appEnv().SCOPES;
  await new PrismaSessionStorage(db).storeSession(session);
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  store.registerApp({ apiKey: API_KEY, apiSecret: API_SECRET, appUrl });
  app = await startApp({
    env: appEnv({
      DATABASE_URL: database.url,
      PORT: String(port),
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: appUrl,
      SVC_QA_BASE_URL: sandbox.url,
      SVC_BASE_URL: sandbox.url,
      SIMULATED_STORE_URL: storeServer.url,
      LOG_LEVEL: "warn",
    }),
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), "svc-readiness-")),
  });
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: MERCHANT_BROWSER, viewport: { width: 1280, height: 1400 } });
  const standIn = await (await fetch(`${storeServer.url}/shopifycloud/app-bridge.js`)).text();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await context.route(APP_BRIDGE, (route) => route.fulfill({ contentType: "text/javascript", body: standIn }));
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  await sandbox?.close();
  await storeServer?.close();
  await db?.$disconnect();
  await dropDatabase?.();
});

async function open(pagePath: string, locale: "es" | "en" = "es"): Promise<Page> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto(
    store.adminUrl(storeServer, { domain: SHOP, apiKey: API_KEY, path: pagePath, locale }),
  );
  expect(response?.status()).toBe(200);
  await poll(() => page.locator("#sim-admin-bar nav a").count()).toBe(6);
  expect(problems).toEqual([]);
  return page;
}

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
    await poll(async () => Boolean(await db.checkoutReadiness.findUnique({ where: { shop: SHOP } }))).toBe(true);
    await settings.close();

    const before = await store.control.checkout(SHOP, { items: [{ sku: "TAZA-AZ", quantity: 1 }] });
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

    const after = await store.control.checkout(SHOP, { items: [{ sku: "TAZA-AZ", quantity: 1 }] });
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
