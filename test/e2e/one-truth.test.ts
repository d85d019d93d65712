// One truth on every page (issue 33 item 3), in headless Chromium on the production build opened
// through the simulated store's admin stand-in: a shop walks connect → catalogue sync → a test
// quote → an order reaching the warehouse → disconnect, and at each step Inicio (its setup steps,
// figures and checklist), Configuración (the rates banner) and Catálogo (its counts) say the same
// thing, in Spanish and in English — without «Revisar ahora»: the checklist re-checks itself when
// what it checks changes (app/orchestration/readiness-subscriber.ts).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { SHOP, startInstalledAdmin, type DemoShop, type EmbeddedAdmin } from "./support/embedded-stack";

const API_KEY = "e2e-one-truth-key";
const API_SECRET = "e2e-one-truth-secret";
const LOCALES = ["es", "en"] as const;
type Locale = (typeof LOCALES)[number];

const poll = <T>(probe: () => Promise<T>, timeout = 90_000) => expect.poll(probe, { timeout, interval: 500 });

let shop: DemoShop;
let admin: EmbeddedAdmin;

beforeAll(async () => {
  ({ shop, admin } = await startInstalledAdmin({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    viewport: { width: 1280, height: 1400 },
    tmpPrefix: "svc-one-truth-",
  }));
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await shop?.close();
});

/** What the three pages say, read as the merchant reads them. */
interface Pages {
  /** Inicio's setup steps done (all five when the guide made way). */
  stepsDone: string[];
  registered: number;
  sent: number;
  /** Inicio's checklist: item → status, and whether it says every item is ready; null when absent. */
  checklist: { items: Record<string, string>; text: string; ready: boolean } | null;
  /** Configuración's banner title. */
  banner: string;
  /** Catálogo's «registered» and «pending» counts. */
  catalog: { registered: number; pending: number };
}

const STEPS = ["connect", "catalog", "readiness", "testQuote", "orders"];
const numberIn = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function readPages(locale: Locale): Promise<Pages> {
  const m = translator(locale).messages;
  const home = await admin.open("/app", locale);
  try {
    await home.locator(`a[aria-label^="${m.home.variantsSynced}: "]`).waitFor();
    const guide = home.locator("[data-setup-step]");
    const stepsDone =
      (await guide.count()) === 0
        ? STEPS
        : await guide.evaluateAll((nodes) =>
            nodes.filter((n) => n.getAttribute("data-done") === "true").map((n) => n.getAttribute("data-setup-step")!),
          );
    const figure = async (label: string) =>
      numberIn(await home.locator(`a[aria-label^="${label}: "]`).first().getAttribute("aria-label"));
    const items = home.locator("[data-readiness-item]");
    let checklist: Pages["checklist"] = null;
    if ((await items.count()) > 0) {
      const statuses = await items.evaluateAll((nodes) =>
        Object.fromEntries(nodes.map((n) => [n.getAttribute("data-readiness-item")!, n.getAttribute("data-status")!])),
      );
      // The checklist's block: whether it says ready, the items and their reasons.
      const text = await home.locator("ul:has([data-readiness-item])").locator("xpath=..").innerText();
      checklist = { items: statuses, text, ready: text.includes(m.readiness.ready) };
    }
    const pages: Omit<Pages, "banner" | "catalog"> = {
      stepsDone,
      registered: await figure(m.home.variantsSynced),
      sent: await figure(m.home.ordersSubmitted),
      checklist,
    };
    const settings = await admin.open("/app/settings", locale);
    const banner = await settings.locator(".Polaris-Banner").first().innerText();
    await settings.close();
    const catalog = await admin.open("/app/catalog", locale);
    const options = await catalog.locator("option").allInnerTexts();
    const count = (label: string) => numberIn(options.find((o) => o.startsWith(`${label} (`)) ?? null);
    const counts = { registered: count(m.catalog.filters.registered), pending: count(m.catalog.filters.pending) };
    await catalog.close();
    return { ...pages, banner, catalog: counts };
  } finally {
    await home.close();
  }
}

/** What no page may contradict another about, in `locale`. */
function expectAgreement(pages: Pages, locale: Locale) {
  const m = translator(locale).messages;
  const r = m.readiness;
  // Catálogo and Inicio count the same variants; step 2 is done exactly when some are registered.
  expect(pages.registered).toBe(pages.catalog.registered);
  expect(pages.stepsDone.includes("catalog")).toBe(pages.registered > 0);
  if (pages.checklist) {
    // «No products registered to quote» only when none are.
    expect(pages.checklist.text.includes(r.reasons.nothing_to_quote)).toBe(pages.registered === 0);
    // «Known with the first order» never beside an order at the warehouse.
    if (pages.sent > 0) expect(pages.checklist.text).not.toContain(r.reasons.no_orders);
    // Ready says the checklist, step 3 and the banner alike.
    const allOk = Object.values(pages.checklist.items).every((status) => status === "ok");
    expect(pages.checklist.ready).toBe(allOk);
    expect(pages.stepsDone.includes("readiness")).toBe(allOk);
    expect(pages.banner.includes(m.settings.carrier.activeTitle)).toBe(allOk);
  } else {
    expect(pages.stepsDone.includes("readiness")).toBe(false);
    expect(pages.banner).not.toContain(m.settings.carrier.activeTitle);
  }
}

/** Whether the pages agree (expectAgreement, as a yes/no for polling). */
function agree(pages: Pages, locale: Locale): boolean {
  try {
    expectAgreement(pages, locale);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the pages in both languages until `settled` holds and they agree, and checks they do. The
 * three pages are read one after another, so while work runs (the sync registering products) a
 * later page may count more than an earlier one; once it settles they must say the same.
 */
async function agreeing(settled: (pages: Pages) => boolean): Promise<Record<Locale, Pages>> {
  const read = {} as Record<Locale, Pages>;
  for (const locale of LOCALES) {
    let pages: Pages | undefined;
    await poll(async () => {
      pages = await readPages(locale);
      return settled(pages) && agree(pages, locale);
    }).toBe(true);
    expectAgreement(pages!, locale);
    read[locale] = pages!;
  }
  return read;
}

async function pressOn(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

describe("one truth on every page", () => {
  it("connect → sync → quote → order → disconnect: Inicio, Configuración and Catálogo agree at each step, in es and en", async () => {
    // Connect.
    const settings = await admin.open("/app/settings");
    await settings.getByLabel("Clave de API").fill("sandbox-key");
    await pressOn(settings, "Conectar");
    await poll(() => settings.getByText("Conectada al entorno de pruebas (QA).").isVisible()).toBe(true);
    await settings.close();
    const connected = await agreeing((p) => p.stepsDone.includes("connect") && p.checklist !== null);
    // Our rates are registered but in no shipping profile yet (Admin 2026-10): not live.
    expect(connected.es.banner).toContain(translator("es").messages.settings.carrier.incompleteTitle);
    expect(connected.en.banner).toContain(translator("en").messages.settings.carrier.incompleteTitle);

    // The catalogue sync that connecting started ends: the checklist's test quote follows by itself.
    const synced = await agreeing((p) => p.registered > 0 && p.checklist?.items.test_quote === "ok");
    expect(synced.es.stepsDone).toContain("catalog");

    // Our rates into checkout, from the checklist's own button.
    const home = await admin.open("/app");
    await pressOn(home, "Agregar nuestras tarifas al checkout");
    await poll(() => home.locator('[data-readiness-item="rates_in_mexico"]').getAttribute("data-status")).toBe("ok");
    await home.close();
    await agreeing((p) => p.checklist?.items.rates_in_mexico === "ok");

    // A test quote in Tarifas.
    const rates = await admin.open("/app/rates");
    await rates.getByLabel("Código postal").fill("06500");
    await rates.getByLabel("Estado").selectOption("DF");
    await rates.getByLabel("Ciudad o alcaldía").fill("Ciudad de México");
    const product = rates.getByLabel("Producto 1");
    await product.selectOption((await product.locator("option").nth(1).getAttribute("value"))!);
    await rates.getByLabel("Subtotal del carrito").fill("300");
    await pressOn(rates, "Cotizar");
    await poll(() => rates.locator(".Polaris-DataTable table tbody tr").count()).toBeGreaterThan(0);
    await rates.close();
    await agreeing((p) => p.stepsDone.includes("testQuote"));

    // An order reaches the warehouse: the protected-data item is answered, the checklist is ready,
    // step 3 is done and Configuración's banner turns green — all at once.
    const order = shop.store.orders.createPaid(SHOP, { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const delivered = await shop.store.sendWebhook({
      url: `${admin.app.url}/webhooks/orders/paid`,
      secret: API_SECRET,
      topic: "orders/paid",
      domain: SHOP,
      payload: order,
    });
    expect(delivered.status).toBe(200);
    const live = await agreeing((p) => p.sent === 1 && p.checklist?.items.customer_data === "ok" && p.checklist.ready);
    expect(live.es.banner).toContain(translator("es").messages.settings.carrier.activeTitle);
    expect(live.en.banner).toContain(translator("en").messages.settings.carrier.activeTitle);
    expect(live.es.stepsDone).toEqual(STEPS);

    // Disconnect: step 2 is no longer done with 0 registered, Catálogo shows them pending, the
    // banner asks to connect.
    const again = await admin.open("/app/settings");
    await pressOn(again, "Desconectar");
    const dialog = again.getByRole("dialog");
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Desconectar", exact: true }).click();
    await poll(() => again.getByText("Sin conectar.").isVisible()).toBe(true);
    await again.close();
    const disconnected = await agreeing((p) => !p.stepsDone.includes("connect"));
    for (const locale of LOCALES) {
      const pages = disconnected[locale];
      expect(pages.registered).toBe(0);
      // Every variant the service held waits to be registered again.
      expect(pages.catalog.pending).toBeGreaterThanOrEqual(synced[locale].registered);
      expect(pages.stepsDone).not.toContain("catalog");
      expect(pages.checklist).toBeNull();
      expect(pages.banner).toContain(translator(locale).messages.settings.carrier.connectFirst);
    }
  });
});
