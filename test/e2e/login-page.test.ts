import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appEnv, startApp, type AppProcess } from "../helpers/app-process";
import { launchBrowser } from "../helpers/browser";
import { createTestDatabase } from "../helpers/test-database";

const SCREENSHOTS = path.resolve(".data/screenshots");

let app: AppProcess;
let browser: Browser;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase("e2e");
  dropDatabase = database.drop;
  app = await startApp({
    env: appEnv({ DATABASE_URL: database.url }),
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), "svc-login-")),
  });
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await dropDatabase?.();
});

describe("the login page in Chromium", () => {
  it("shows the Polaris login form and explains a missing shop domain", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/auth/login`);
    await expect.poll(() => page.getByRole("heading", { name: "Iniciar sesión" }).isVisible()).toBe(true);
    const field = page.getByLabel("Dominio de la tienda");
    expect(await field.isVisible()).toBe(true);

    // WHEN the merchant submits without a domain THEN the form says what is missing
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => page.getByText("Escribe el dominio de tu tienda").isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, "login-missing-shop.png"), fullPage: true });
  });

  it("words the login form and its error in English when opened with ?locale=en", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/auth/login?locale=en`);
    await expect.poll(() => page.getByRole("heading", { name: "Log in" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Shop domain").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByText("Enter your shop's domain to log in").isVisible()).toBe(true);
    await page.close();
  });

  it("redirects the landing page to the app when Shopify opens it with a shop", async () => {
    const response = await fetch(`${app.url}/?shop=tienda-demo.myshopify.com&host=abc`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app?shop=tienda-demo.myshopify.com&host=abc");
  });
});
