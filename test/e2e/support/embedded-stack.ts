/**
 * What the e2e tests of the admin start from: a database of their own, the service sandbox and
 * the simulated store holding the demo shop (startDemoShop); then the built app embedded through
 * the store's admin stand-in, in headless Chromium with a merchant's user agent
 * (startEmbeddedAdmin), opening pages the way Shopify's admin opens them; or both, for a shop
 * freshly installed (startInstalledAdmin).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { freePort } from "../../../server/database";
import { startServiceSandbox, type ServiceSandbox, type ServiceSandboxOptions } from "../../../sandbox/service/server";
import { createSimulatedStore, type ListeningStore, type SimulatedStore } from "../../../sandbox/store";
import { appEnv, startApp, type AppProcess } from "../../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../../helpers/browser";
import { createTestDatabase } from "../../helpers/test-database";

export const SHOP = "tienda-demo.myshopify.com";
const APP_BRIDGE = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

export interface DemoShop {
  db: PrismaClient;
  databaseUrl: string;
  sandbox: ServiceSandbox;
  store: SimulatedStore;
  storeServer: ListeningStore;
  close(): Promise<void>;
}

/** A fresh database, the service sandbox and the simulated store serving the demo shop. */
export async function startDemoShop(opts: { sandbox?: Omit<ServiceSandboxOptions, "port"> } = {}): Promise<DemoShop> {
  const database = await createTestDatabase("e2e");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const sandbox = await startServiceSandbox({ port: 0, ...opts.sandbox });
  const store = createSimulatedStore();
  store.addShop({ domain: SHOP, name: "Tienda Demo" });
  store.seedDemoCatalogue(SHOP);
  const storeServer = await store.listen(0);
  return {
    db,
    databaseUrl: database.url,
    sandbox,
    store,
    storeServer,
    async close() {
      await sandbox.close();
      await storeServer.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}

export interface EmbeddedAdmin {
  app: AppProcess;
  browser: Browser;
  context: BrowserContext;
  /** Opens an app page through the admin stand-in; fails on a page error or a wrong language. */
  open(pagePath: string, locale?: "es" | "en"): Promise<Page>;
  close(): Promise<void>;
}

/** The built app for the demo shop, embedded through the store's admin stand-in, and a browser. */
export async function startEmbeddedAdmin(
  shop: DemoShop,
  opts: { apiKey: string; apiSecret: string; viewport: { width: number; height: number }; tmpPrefix: string },
): Promise<EmbeddedAdmin> {
  // The app must know its own URL (SHOPIFY_APP_URL): the session-token bounce reloads it.
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  shop.store.registerApp({ apiKey: opts.apiKey, apiSecret: opts.apiSecret, appUrl });
  const app = await startApp({
    env: appEnv({
      DATABASE_URL: shop.databaseUrl,
      PORT: String(port),
      SHOPIFY_API_KEY: opts.apiKey,
      SHOPIFY_API_SECRET: opts.apiSecret,
      SHOPIFY_APP_URL: appUrl,
      SVC_QA_BASE_URL: shop.sandbox.url,
      SVC_BASE_URL: shop.sandbox.url,
      SIMULATED_STORE_URL: shop.storeServer.url,
      LOG_LEVEL: "warn",
    }),
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix)),
  });
  const browser = await launchBrowser();
  const context = await browser.newContext({ userAgent: MERCHANT_BROWSER, viewport: opts.viewport });
  // The page asks Shopify's CDN for App Bridge; the admin stand-in answers, nothing leaves the machine.
  // (Playwright asks the last registered route first.)
  const standIn = await (await fetch(`${shop.storeServer.url}/shopifycloud/app-bridge.js`)).text();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await context.route(APP_BRIDGE, (route) => route.fulfill({ contentType: "text/javascript", body: standIn }));
  return {
    app,
    browser,
    context,
    async open(pagePath, locale = "es") {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (m) => {
        if (m.type() === "error") console.log("CONSOLE", m.text().slice(0, 300));
      });
      const response = await page.goto(
        shop.store.adminUrl(shop.storeServer, { domain: SHOP, apiKey: opts.apiKey, path: pagePath, locale }),
      );
      expect(response?.status()).toBe(200);
      // The admin chrome is drawn from the app's own <ui-nav-menu>: Inicio, Pedidos, Catálogo, Almacén, Tarifas, Configuración, Privacidad.
      await expect.poll(() => page.locator("#sim-admin-bar nav a").count(), { timeout: 15_000 }).toBe(7);
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
      expect(problems).toEqual([]);
      return page;
    },
    async close() {
      await context.close();
      await browser.close();
      await app.stop();
    },
  };
}

/**
 * The demo shop right after installing the app (its Shop row and offline session; the store signs
 * the carrier callback with the app's secret), not yet connected to the service, and embedded.
 */
export async function startInstalledAdmin(opts: Parameters<typeof startEmbeddedAdmin>[1]): Promise<{
  shop: DemoShop;
  admin: EmbeddedAdmin;
}> {
  const shop = await startDemoShop();
  shop.store.control.setApp(SHOP, { secret: opts.apiSecret, webhooks: [] });
  await shop.db.shop.create({ data: { domain: SHOP } });
  const session = new Session({ id: `offline_${SHOP}`, shop: SHOP, state: "", isOnline: false });
  session.accessToken = shop.store.accessToken(SHOP);
  session.scope = appEnv().SCOPES;
  await new PrismaSessionStorage(shop.db).storeSession(session);
  return { shop, admin: await startEmbeddedAdmin(shop, opts) };
}
