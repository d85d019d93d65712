// `npm run demo -- --keep-running` prints one URL that opens the demo shop's admin in an ordinary
// browser: no request interception here (unlike admin-pages.test.ts), and nothing may leave the
// machine — App Bridge comes from the simulated store because the demo sets APP_BRIDGE_URL.
import { spawn, type ChildProcess } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../helpers/browser";

let demo: ChildProcess;
let output = "";
let adminUrl: string;
let browser: Browser;

beforeAll(async () => {
  demo = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/demo.ts", "--keep-running"],
    { cwd: PROJECT_ROOT, env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" } },
  );
  demo.stdout!.on("data", (c: Buffer) => (output += c));
  demo.stderr!.on("data", (c: Buffer) => (output += c));
  adminUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const url = /Still running/.test(output) && /(http:\/\/127\.0\.0\.1:\d+\/admin\/apps\/open\?\S+)/.exec(output)?.[1];
      if (url) resolve(url);
      if (demo.exitCode !== null) reject(new Error(`the demo stopped:\n${output}`));
    }, 200);
    demo.once("exit", () => clearInterval(timer));
    setTimeout(() => clearInterval(timer), 170_000).unref();
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (demo && demo.exitCode === null) {
    const exited = new Promise((resolve) => demo.once("exit", resolve));
    demo.kill("SIGINT");
    await exited;
  }
});

describe("npm run demo -- --keep-running", () => {
  it("prints the admin URL and the demo credentials", () => {
    expect(output).toMatch(/service API key\s+sandbox-key/);
    expect(output).toMatch(/shop\s+tienda-demo\.myshopify\.com/);
    expect(new URL(adminUrl).searchParams.get("shop")).toBe("tienda-demo.myshopify.com");
  });

  it("opens the shop's admin in a browser with nothing fetched from outside the machine, and tests a rate", async () => {
    const context = await browser.newContext({ userAgent: MERCHANT_BROWSER });
    const outside: string[] = [];
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
      outside.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    expect((await page.goto(adminUrl.replace("path=%2Fapp", "path=%2Fapp%2Frates")))?.status()).toBe(200);
    await expect.poll(() => page.locator("#sim-admin-bar nav a").count(), { timeout: 15_000 }).toBe(7);

    await page.getByLabel("Código postal").fill("06500");
    await page.getByLabel("Estado").selectOption("DF");
    await page.getByLabel("Ciudad o alcaldía").fill("Ciudad de México");
    const product = page.getByLabel("Producto 1");
    await product.selectOption((await product.locator("option").nth(1).getAttribute("value"))!);
    await page.getByLabel("Subtotal del carrito").fill("300");
    await page.getByRole("button", { name: "Cotizar" }).click();
    await expect.poll(() => page.locator(".Polaris-DataTable table tbody tr").count(), { timeout: 30_000 }).toBe(3);

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the app's webhook subscriptions after the story: an order paid by hand reaches the app at once", async () => {
    const storeUrl = /store (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    const paid = await fetch(`${storeUrl}/__sandbox/shops/tienda-demo.myshopify.com/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] }),
    });
    expect(paid.status).toBe(201);
    const { order, deliveries } = (await paid.json()) as {
      order: { name: string };
      deliveries: { topic: string; url: string; status: number | null }[];
    };
    // Signed by the store itself to the subscriptions shopify.app.toml declares, and accepted.
    const appOrigin = /Still running[^\n]*app (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    const toApp = deliveries.filter((d) => d.topic === "orders/paid");
    expect(toApp).toHaveLength(1);
    expect(toApp[0]).toMatchObject({ status: 200 });
    expect(new URL(toApp[0]!.url).pathname).toBe("/webhooks/orders/paid");
    expect(new URL(toApp[0]!.url).origin).toBe(appOrigin);

    // Pedidos lists it without waiting for the 30-minute reconciliation.
    const context = await browser.newContext({ userAgent: MERCHANT_BROWSER });
    const page = await context.newPage();
    expect((await page.goto(adminUrl.replace("path=%2Fapp", "path=%2Fapp%2Forders")))?.status()).toBe(200);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByText(order.name, { exact: false }).count();
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await context.close();
  });
});
