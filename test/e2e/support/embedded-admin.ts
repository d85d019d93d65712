// The built app opened as Shopify's admin opens it, through the simulated store's admin stand-in,
// for e2e files that drive pages: its own database, the service sandbox, the simulated store with
// the demo catalogue, the production build and a merchant's Chromium. Nothing leaves the machine.
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
import { startServiceSandbox, type ServiceSandbox } from "../../../sandbox/service/server";
import { createSimulatedStore, type ListeningStore, type SimulatedStore } from "../../../sandbox/store";
import { appEnv, startApp, type AppProcess } from "../../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../../helpers/browser";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createTestDatabase } from "../../helpers/test-database";

export const SHOP = "tienda-demo.myshopify.com";
const SCREENSHOTS = path.resolve("test/e2e/screenshots");

/** Waits for `probe` to satisfy the matcher, as long as a page on a loaded machine may take. */
export const poll = <T>(probe: () => Promise<T>, timeout = 15_000) => expect.poll(probe, { timeout });

/** A full-page screenshot in test/e2e/screenshots/ (git-ignored), to look at. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
const API_KEY = "e2e-api-key";
/** The app's secret, with which the store signs the carrier callback (checkout's rate requests). */
export const API_SECRET = "e2e-api-secret";
const APP_BRIDGE = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

export interface EmbeddedAdmin {
  db: PrismaClient;
  store: SimulatedStore;
  sandbox: ServiceSandbox;
  /** The app's own URL (where the store delivers webhooks). */
  appUrl: string;
  /** Stores the sandbox's key for the shop, as connecting in Configuración does (without its sync). */
  connect(environment?: "qa" | "production"): Promise<void>;
  /** Opens `pagePath` of the app inside the admin, in `locale`; fails on any page error. */
  open(pagePath: string, locale?: "es" | "en"): Promise<Page & { problems: string[] }>;
  close(): Promise<void>;
}

/** Stores the sandbox's key for SHOP in `environment` (both environments are the one sandbox), as
 *  connecting in Configuración does, without the sync and registrations it starts. */
export function connectToSandbox(
  db: PrismaClient,
  sandboxUrl: string,
  environment: "qa" | "production" = "qa",
): Promise<void> {
  return connectShop({
    db,
    config: {
      baseUrls: { qa: sandboxUrl, production: sandboxUrl },
      serviceName: "svc",
      encryptionKey: appEnv().ENCRYPTION_KEY!,
    },
    shop: SHOP,
    apiKey: "sandbox-key",
    environment,
  });
}

/** What installing the app leaves behind: the shop's row and its offline session (the store's token). */
export async function installShop(db: PrismaClient, store: SimulatedStore): Promise<void> {
  await db.shop.create({ data: { domain: SHOP } });
  const session = new Session({ id: `offline_${SHOP}`, shop: SHOP, state: "", isOnline: false });
  session.accessToken = store.accessToken(SHOP);
  session.scope = appEnv().SCOPES;
  await new PrismaSessionStorage(db).storeSession(session);
}

/**
 * The built app on a free port, talking to the service at `serviceUrl` and to the simulated store,
 * which learns its URL (the session-token bounce reloads it) and signs its admin's ID tokens.
 */
export async function startAppForStore(args: {
  name: string;
  databaseUrl: string;
  serviceUrl: string;
  store: SimulatedStore;
  storeServer: ListeningStore;
}): Promise<AppProcess> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  args.store.registerApp({ apiKey: API_KEY, apiSecret: API_SECRET, appUrl });
  return startApp({
    env: appEnv({
      DATABASE_URL: args.databaseUrl,
      PORT: String(port),
      SHOPIFY_APP_URL: appUrl,
      SVC_QA_BASE_URL: args.serviceUrl,
      SVC_BASE_URL: args.serviceUrl,
      SIMULATED_STORE_URL: args.storeServer.url,
      LOG_LEVEL: "warn",
    }),
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), `svc-${args.name}-`)),
  });
}

/** Starts everything; the shop is installed (offline session), not yet connected to the service. */
export async function startEmbeddedAdmin(name: string): Promise<EmbeddedAdmin> {
  const database = await createTestDatabase(name);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const sandbox = await startServiceSandbox({ port: 0 });
  const store = createSimulatedStore();
  store.addShop({ domain: SHOP, name: "Tienda Demo" });
  store.seedDemoCatalogue(SHOP);
  const storeServer: ListeningStore = await store.listen(0);
  await installShop(db, store);
  const app = await startAppForStore({ name, databaseUrl: database.url, serviceUrl: sandbox.url, store, storeServer });
  const browser: Browser = await launchBrowser();
  const context: BrowserContext = await browser.newContext({
    userAgent: MERCHANT_BROWSER,
    viewport: { width: 1280, height: 900 },
  });
  const standIn = await (await fetch(`${storeServer.url}/shopifycloud/app-bridge.js`)).text();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await context.route(APP_BRIDGE, (route) => route.fulfill({ contentType: "text/javascript", body: standIn }));

  return {
    db,
    store,
    sandbox,
    appUrl: app.url,
    connect: (environment = "qa") => connectToSandbox(db, sandbox.url, environment),
    async open(pagePath, locale = "es") {
      const page = (await context.newPage()) as Page & { problems: string[] };
      page.problems = [];
      page.on("pageerror", (error) => page.problems.push(error.message));
      const response = await page.goto(
        store.adminUrl(storeServer, { domain: SHOP, apiKey: API_KEY, path: pagePath, locale }),
      );
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("#sim-admin-bar nav a").count(), { timeout: 15_000 }).toBe(7);
      return page;
    },
    async close() {
      await context.close();
      await browser.close();
      await app.stop();
      await sandbox.close();
      await storeServer.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}
