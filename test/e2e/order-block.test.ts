// The order-page extensions' real bundles in headless Chromium, against the production build of
// the app and the service sandbox: what the block shows for the demo shop's orders in each state,
// and the retry, confirmation and send-now actions clicked through. Screenshots land in
// test/e2e/screenshots/ (git-ignored).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "~/crypto.server";
import { reason, reasonColumns } from "~/fulfillment/core/reason-codes";
import type { ServiceSandbox } from "../../sandbox/service/server";
import type { ListeningStore, SimulatedStore } from "../../sandbox/store";
import { appEnv, startApp, type AppProcess } from "../helpers/app-process";
import { launchBrowser, MERCHANT_BROWSER } from "../helpers/browser";
import { startExtensionHost, type ExtensionHost } from "./support/admin-extension-host";
import { SHOP, startDemoShop, type DemoShop } from "./support/embedded-stack";

const SCREENSHOTS = path.resolve("test/e2e/screenshots");
const API_KEY = "e2e-api-key";
const API_SECRET = "e2e-api-secret";
// The app answers over HTTP from another process: give each condition a few seconds.
const poll = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 10_000 });
const order = (n: number) => `gid://shopify/Order/${n}`;

let app: AppProcess;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let storeServer: ListeningStore;
let lostOrder: { id: number; name: string };
let host: ExtensionHost;
let browser: Browser;
let db: PrismaClient;
let demo: DemoShop;
const ids: Record<string, string> = {};

async function seed() {
  const env = appEnv();
  await db.shop.create({
    data: {
      domain: SHOP,
      svcEnvironment: "qa",
      svcApiKeyCiphertext: encryptSecret("sandbox-key", env.ENCRYPTION_KEY!),
    },
  });
  const session = new Session({
    id: `offline_${SHOP}`,
    shop: SHOP,
    state: "",
    isOnline: false,
    accessToken: store.accessToken(SHOP),
    scope: env.SCOPES,
  });
  await new PrismaSessionStorage(db).storeSession(session);
  // The story happened over the last hour.
  const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000);
  const record = async (args: { n: number; status: string; steps: string[]; data?: Record<string, unknown> }) => {
    const created = await db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: String(args.n),
        orderGid: order(args.n),
        orderName: `#${args.n}`,
        status: args.status,
        serviceCode: "EXPRESS",
        serviceCodeSource: "shipping_line",
        ...args.data,
        events: {
          create: args.steps.map((to, i) => ({
            at: at(i * 7),
            fromStatus: i === 0 ? null : args.steps[i - 1],
            toStatus: to,
            detail: i === 0 ? "orders/paid received" : null,
            detailCode: i === 0 ? "received" : null,
          })),
        },
      },
    });
    ids[args.status] = created.id;
  };
  await record({
    n: 1001,
    status: "shipped",
    steps: ["pending", "submitted", "in_progress", "shipped"],
    data: {
      svcOrderId: "7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a9001",
      svcStatus: "READY_TO_GO",
      trackingNumber: "794612345678",
      trackingCompany: "ESTAFETA",
      trackingUrl: "https://rastreo.example/794612345678",
    },
  });
  await record({
    n: 1002,
    status: "needs_attention",
    steps: ["pending", "submitted", "needs_attention"],
    data: {
      svcOrderId: "7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a9002",
      reason:
        "not enough stock of PLATO-GR at the warehouse; request an inventory reception, then retry. The service said: Insufficient stock",
      reasonCode: "insufficientStock",
      reasonParams: { product: "PLATO-GR", said: "Insufficient stock" },
      warnings: [
        {
          field: "neighborhood",
          code: "coloniaWithoutLabel",
          params: { text: "Depto 4, frente al parque" },
          message: 'no "Col." label; took "Depto 4, frente al parque" as the colonia',
          original: "Depto 4, frente al parque",
        },
      ],
    },
  });
  await record({ n: 1003, status: "unknown_outcome", steps: ["pending", "submitting", "unknown_outcome"] });
  // An order in two fulfilment orders: one shipped in two packages, one held back after payment.
  await record({
    n: 1005,
    status: "shipped",
    steps: ["pending", "submitted", "shipped"],
    data: {
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/51",
      trackingNumber: "794600000001, 794600000002",
      trackingCompany: "ESTAFETA",
      svcOrderId: "7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a9005",
    },
  });
  await record({
    n: 1005,
    status: "waiting",
    steps: ["pending", "waiting"],
    data: {
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/52",
      reason: "held back 30 minutes after payment, so changes and cancellations never reach the warehouse",
      reasonCode: "heldBack",
      reasonParams: { minutes: "30" },
      waitUntil: new Date(Date.now() + 20 * 60_000),
    },
  });
  // Cancelled in Shopify before it went: nothing to retry.
  await record({
    n: 1006,
    status: "skipped",
    steps: ["pending", "skipped"],
    data: reasonColumns(reason("cancelledInShopify")),
  });
}

beforeAll(async () => {
  demo = await startDemoShop();
  ({ db, sandbox, store, storeServer } = demo);
  // A paid order whose orders/paid webhook never reached the app.
  const variant = store.products.list(SHOP)[0]!.variants[0]!;
  lostOrder = store.orders.createPaid(SHOP, { lineItems: [{ variantId: variant.id, quantity: 1 }] });
  await seed();
  app = await startApp({
    env: appEnv({
      DATABASE_URL: demo.databaseUrl,
      SVC_QA_BASE_URL: sandbox.url,
      SVC_BASE_URL: sandbox.url,
      SIMULATED_STORE_URL: storeServer.url,
      LOG_LEVEL: "warn",
    }),
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), "svc-order-block-")),
  });
  host = await startExtensionHost({ appUrl: app.url, shop: SHOP, apiKey: API_KEY, apiSecret: API_SECRET });
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.stop();
  await demo?.close();
});

async function open(extension: string, orderNumber: number, locale: "es" | "en"): Promise<Page> {
  // A merchant's browser, not headless Chromium's own user agent (the library answers bots 410).
  const page = await browser.newPage({ viewport: { width: 760, height: 900 }, userAgent: MERCHANT_BROWSER });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(host.url({ extension, orderGid: order(orderNumber), locale }));
  await poll(() => page.locator("s-admin-block, s-admin-action").count()).toBe(1);
  expect(problems).toEqual([]);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `order-block-${name}.png`), fullPage: true });

describe("the warehouse block on the order page", () => {
  it("shows a shipped order's service, service order, tracking link and timeline, in Spanish", async () => {
    const page = await open("warehouse-status", 1001, "es");
    await poll(() => page.locator("s-badge").first().textContent()).toBe("Despachado");
    expect(await page.getByText("Express").isVisible()).toBe(true);
    expect(
      await page
        .getByText("Orden en el servicio 7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a9001 · listo para salir del almacén")
        .isVisible(),
    ).toBe(true);
    const trackingLink = page.locator("s-link", { hasText: "794612345678" });
    expect(await trackingLink.evaluate((el) => (el as unknown as { href: string }).href)).toBe(
      "https://rastreo.example/794612345678",
    );
    expect(await page.getByText("Guía ESTAFETA").isVisible()).toBe(true);
    expect(await page.getByText("Historial").isVisible()).toBe(true);
    expect(await page.locator("s-button").count()).toBe(0);
    await shot(page, "shipped-es");
  });

  it("explains what needs attention in English and retries it when clicked", async () => {
    const page = await open("warehouse-status", 1002, "en");
    await poll(() => page.locator("s-badge").first().textContent()).toBe("Needs attention");
    // The reason and the address warning in English, from their codes: no Spanish, no field key, not
    // the service's own words.
    expect(
      await page.getByText("There is not enough stock of PLATO-GR at the warehouse", { exact: false }).isVisible(),
    ).toBe(true);
    expect(await page.getByText("Insufficient stock", { exact: false }).count()).toBe(0);
    expect(await page.getByText("No hay suficiente inventario", { exact: false }).count()).toBe(0);
    expect(await page.getByText("Colonia: No “Col.” label", { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText("Depto 4, frente al parque", { exact: false }).isVisible()).toBe(true);
    await shot(page, "needs-attention-en");
    await page.locator("s-button", { hasText: "Retry" }).click();
    await poll(() => page.locator("s-banner[data-tone=success]").count()).toBe(1);
    expect((await db.fulfillment.findUniqueOrThrow({ where: { id: ids.needs_attention! } })).status).not.toBe(
      "needs_attention",
    );
    await shot(page, "retried-en");
  });

  it("settles an unknown outcome: the merchant says the service has no such order", async () => {
    const page = await open("warehouse-status", 1003, "es");
    await poll(() => page.locator("s-badge").first().textContent()).toBe("Sin confirmar");
    // The confirmation that it exists needs the service's id first.
    expect(await page.locator("s-button", { hasText: "Existe en el servicio" }).getAttribute("aria-disabled")).toBe("");
    await shot(page, "unknown-outcome-es");
    // An id the service does not have is refused, and the refusal reads in Spanish from its code.
    await page.locator("s-text-field input").fill("orden-que-no-existe");
    await page.locator("s-button", { hasText: "Existe en el servicio" }).click();
    await poll(() => page.locator("s-banner[data-tone=critical]").textContent()).toBe(
      "El servicio no tiene la orden orden-que-no-existe.",
    );
    // The block reads the order again after an answer: its buttons act once that read is done.
    const absent = page.locator("s-button", { hasText: "No existe: enviarlo" });
    await poll(() => absent.getAttribute("aria-disabled")).toBeNull();
    await absent.click();
    await poll(() => page.locator("s-banner[data-tone=success]").count()).toBe(1);
    const events = await db.fulfillmentEvent.findMany({
      where: { fulfillmentId: ids.unknown_outcome! },
      orderBy: { at: "asc" },
    });
    expect(events.map((e) => e.toStatus)).toContain("pending");
  });

  it("shows each fulfilment order of an order in two parts: two packages, and one waiting with the time it goes", async () => {
    const page = await open("warehouse-status", 1005, "es");
    await poll(() => page.locator("s-badge").count()).toBe(2);
    expect(await page.locator("s-badge").allTextContents()).toEqual(["Despachado", "En espera"]);
    expect(await page.getByText("Orden de preparación 1 de 2").isVisible()).toBe(true);
    expect(await page.getByText("794600000002").isVisible()).toBe(true);
    expect(await page.getByText("Se envía al almacén el", { exact: false }).isVisible()).toBe(true);
    await shot(page, "two-parts-es");
  });

  it("offers no retry on an order cancelled in Shopify, and says why, in both languages", async () => {
    for (const [locale, badge, why] of [
      ["es", "Omitido", "Cancelado en Shopify: no se puede reintentar."],
      ["en", "Skipped", "Cancelled in Shopify: it cannot be retried."],
    ] as const) {
      const page = await open("warehouse-status", 1006, locale);
      await poll(() => page.locator("s-badge").first().textContent()).toBe(badge);
      expect(await page.getByText(why).isVisible()).toBe(true);
      expect(await page.locator("s-button").count()).toBe(0);
      await shot(page, `cancelled-${locale}`);
    }
  });

  it("says an order never reached the app and points to the send-now action", async () => {
    const page = await open("warehouse-status", 1004, "es");
    await poll(() => page.getByText("Este pedido todavía no llega a la app", { exact: false }).isVisible()).toBe(true);
    await shot(page, "no-record-es");
  });
});

describe("the send-to-warehouse-now action", () => {
  it("sends an order whose webhook was lost, after the merchant confirms", async () => {
    const page = await open("warehouse-push", lostOrder.id, "es");
    await poll(() => page.getByText(`¿Enviar ${lostOrder.name} al almacén ahora?`, { exact: false }).isVisible()).toBe(
      true,
    );
    await shot(page, "push-confirm-es");
    await page.locator("s-button", { hasText: "Enviar al almacén" }).click();
    await poll(() => page.locator("s-banner[data-tone=success]").count()).toBe(1);
    // THEN the app follows the order and its worker reads its fulfilment orders from the store.
    expect(await db.webhookDelivery.count({ where: { shop: SHOP, topic: "merchant/push" } })).toBe(1);
    await poll(() => db.fulfillment.count({ where: { shop: SHOP, orderGid: order(lostOrder.id) } })).toBe(1);
    await shot(page, "push-sent-es");
  });

  it("refuses an order already at the warehouse, with the reason", async () => {
    const page = await open("warehouse-push", 1001, "es");
    await poll(() => page.getByText("Este pedido no se puede enviar ahora", { exact: false }).isVisible()).toBe(true);
    expect(await page.locator("s-button", { hasText: "Enviar al almacén" }).getAttribute("aria-disabled")).toBe("");
    await shot(page, "push-refused-es");
  });
});
