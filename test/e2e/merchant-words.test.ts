// What a merchant reads where issue 22 found wrong words, in Chromium through the admin stand-in,
// in both languages: Tarifas when the service refuses the quotation and for a destination it does
// not serve (Islas Marías, 63950); Catálogo's reason for a variant without dimensions and its
// states after switching service account and back; Inicio's daily figures (non-zero) against the
// lists they open; Pedidos' search; Inicio's answer times folded away; and Configuración's errors
// and Tarifas' refusal read by the page walk's detector. The catalogue is synced for real by the
// app's worker, after someone else registered one of its SKUs at the service, and again after
// each switch.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { reason, reasonColumns } from "~/fulfillment/core/reason-codes";
import { describeLeaks, merchantTextLeaks, type Locale } from "../helpers/merchant-text";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { IN_BOTH_LANGUAGES } from "./support/merchant-texts";
import { merchantText } from "./support/page-text";

const shot = (page: Page, name: string) => screenshot(page, `words-${name}`);

/** Registered at the service by another system before the app's first sync, with the shop's own data. */
const OTHERS_SKU = "TAZA-VE";
/** Registered by the app itself, on both syncs. */
const OWN_SKUS = ["TAZA-AZ", "TAL-PL-CH", "REB-IND"];
/** A variant the sync leaves out for having a weight but no dimensions (demo catalogue). */
const NO_DIMENSIONS = { sku: "MOL-01", title: "Molinillo de madera" };

// Orders in each state Inicio counts: sent = every record the service took (svcOrderId).
const ORDERS: Array<[name: string, status: string, sent: boolean]> = [
  ["#1101", "submitted", true],
  ["#1102", "shipped", true],
  ["#1103", "shipped", true],
  ["#1104", "delivered", true],
  ["#1105", "delivered", true],
  ["#1106", "delivered", true],
  ["#1107", "needs_attention", false],
  ["#1108", "needs_attention", false],
  // A shop whose order names carry an accented prefix instead of «#» (Shopify lets a merchant set one).
  ["MÉX-1109", "submitted", true],
];
const ordersIn = (status: string) => ORDERS.filter(([, s]) => s === status).map(([name]) => name);
const SENT = ORDERS.filter(([, , sent]) => sent).map(([name]) => name);

async function syncCatalogue(): Promise<void> {
  const sync = await startFullSync({ db: admin.db, shop: SHOP });
  if (!sync.started) throw new Error(`the catalogue sync did not start: ${sync.reason}`);
  // Until the app's worker finishes it (a failed sync fails the wait at once).
  await vi.waitFor(
    async () => {
      const { state } = await admin.db.catalogSync.findUniqueOrThrow({ where: { id: sync.syncId } });
      if (state === "failed") throw new Error("the catalogue sync failed");
      expect(state).toBe("completed");
    },
    { timeout: 120_000, interval: 200 },
  );
}

/** Connects the shop to the service's `environment`, as Configuración does; the caller re-syncs. */
const switchAccount = (environment: "qa" | "production") => admin.connect(environment);

/** What another system does at the service: registers a product under its API key. */
async function registerElsewhere(sku: string): Promise<void> {
  const auth = await fetch(`${admin.sandbox.url}/api/rest/auth`, {
    method: "POST",
    headers: { "x-api-key": "sandbox-key" },
  });
  const token = ((await auth.json()) as { AuthWithAPIkey: { accessToken: string } }).AuthWithAPIkey.accessToken;
  const created = await fetch(`${admin.sandbox.url}/api/rest/product/new`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    // Taza de barro - Verde as the store has it: 450 g, 12 × 9 × 10 cm.
    body: JSON.stringify({
      productos: [
        {
          sku,
          nombre: "Taza de barro verde",
          dimension: { data: { peso: "450", largo: "12", ancho: "9", altura: "10", volumen: "1080" } },
        },
      ],
    }),
  });
  expect(created.status).toBe(200);
}

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-words");
  await admin.connect();
  await registerElsewhere(OTHERS_SKU);
  // The first sync; then the merchant switches to another service account and back (here the
  // environment, on the same sandbox), and each switch re-syncs the catalogue.
  await syncCatalogue();
  await switchAccount("production");
  await syncCatalogue();
  await switchAccount("qa");
  await syncCatalogue();
  for (const [name, status, sent] of ORDERS) {
    const id = name.replace(/\D/g, "");
    await admin.db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: id,
        orderGid: `gid://shopify/Order/${id}`,
        orderName: name,
        status,
        svcOrderId: sent ? `svc-${id}` : null,
        ...reasonColumns(
          status === "needs_attention"
            ? reason("insufficientStock", { product: "TAZA-AZ", said: "Insufficient stock" })
            : null,
        ),
      },
    });
  }
  // A day of checkout quotes: Inicio's answer times have figures to fold away.
  const now = Date.now();
  await admin.db.quoteLog.createMany({
    data: Array.from({ length: 20 }, (_, i) => ({
      shop: SHOP,
      at: new Date(now - (i + 1) * 60_000),
      durationMs: 100 + i * 40,
      cacheHit: i % 4 === 0,
      outcome: "rates",
      services: ["NACIONAL"],
    })),
  });
}, 300_000);
afterAll(async () => {
  await admin?.close();
});

/** Catálogo's variant rows (title linked to Shopify's admin, SKU, state badge); the sync card's badges are not rows. */
const variantRows = (page: Page) =>
  page.locator(".Polaris-InlineStack").filter({ has: page.locator('a[href^="shopify://admin/products/"]') });
/** One variant's row on Catálogo. */
const variantRow = (page: Page, sku: string) => variantRows(page).filter({ has: page.getByText(sku, { exact: true }) });

const WORDS = {
  es: {
    postalCode: "Código postal",
    state: "Estado",
    city: "Ciudad o alcaldía",
    street: "Calle y número",
    product: "Producto 1",
    quantity: "Cantidad 1",
    subtotal: "Subtotal del carrito",
    quote: "Cotizar",
    // A cart the service refuses with a plain 409 ConflictError (a product it does not know; the
    // service's text is not the merchant's): what happened and what to do, naming the product the
    // catalogue knows has no dimensions (issue 33, finding 6).
    refused:
      "El servicio no pudo cotizar, así que Shopify muestra sus tarifas de respaldo. El producto Molinillo de madera no tiene medidas en el servicio, así que no se puede cotizar ni enviar. Registra sus medidas (Catálogo) y vuelve a intentar.",
    notServed:
      "El servicio no entrega en este código postal: el checkout no muestra sus tarifas. El comprador ve tus otras tarifas de envío, o «No hay métodos de envío disponibles» si no tienes otras.",
    // Telling the merchant to correct an address that is right.
    correctAddress: /corr[ií]ge|corrija|dirección (est[aá] )?mal/i,
    noDimensions:
      "No tiene medidas: agrega en Shopify los metafields custom.length, custom.width y custom.height (en cm) a la variante o al producto, y vuelve a sincronizar.",
    // A setting the app does not have.
    missingSetting: /paquete predeterminado|predeterminad|Configuración/i,
    // Configuración's refused rules.
    markupPercent: "Margen porcentual",
    fallbackName: "Nombre",
    saveRules: "Guardar reglas",
    notSaved: /No se guardó nada: corrige los campos marcados/,
    fallbackPriceMissing: "Escribe el precio de esta tarifa fija, o borra su nombre y sus días.",
  },
  en: {
    postalCode: "Postal code",
    state: "State",
    city: "City or borough",
    street: "Street and number",
    product: "Product 1",
    quantity: "Quantity 1",
    subtotal: "Cart subtotal",
    quote: "Get rates",
    refused:
      "The service could not quote, so Shopify shows its backup rates. Product Molinillo de madera has no dimensions at the service, so it cannot be quoted or shipped. Register its dimensions (Catalogue), then try again.",
    notServed:
      "The service does not deliver to this postal code: checkout shows none of its rates. The buyer sees your other shipping rates, or “No shipping methods available” if you have none.",
    correctAddress: /correct|fix the address|address is wrong/i,
    noDimensions:
      "It has no dimensions: in Shopify, add the metafields custom.length, custom.width and custom.height (in cm) to the variant or product, then sync again.",
    missingSetting: /default package|default|Settings/i,
    markupPercent: "Percentage markup",
    fallbackName: "Name",
    saveRules: "Save rules",
    notSaved: /Nothing was saved: fix the marked fields/,
    fallbackPriceMissing: "Enter this fixed rate's price, or clear its name and days.",
  },
} as const;

// The words a refusal must never carry: the client's error names, the status, the wire code, JSON.
const RAW_REFUSAL = /Svc\w*Error|ConflictError|HTTP \d{3}|\b409\b|\{"|not found in the catalogue|Product "/;

/** Fills Tarifas' tester with one line of `sku` to `destination`, and asks for rates. */
async function quote(
  page: Page,
  w: (typeof WORDS)[Locale],
  sku: string,
  destination: { postalCode: string; state: string; city: string; street: string },
) {
  await page.getByLabel(w.postalCode).fill(destination.postalCode);
  await page.getByLabel(w.state).selectOption(destination.state);
  await page.getByLabel(w.city).fill(destination.city);
  await page.getByLabel(w.street).fill(destination.street);
  const { variantId } = await admin.db.catalogVariant.findFirstOrThrow({ where: { shop: SHOP, sku } });
  await page.getByLabel(w.product).selectOption(variantId);
  await page.getByLabel(w.quantity).fill("1");
  await page.getByLabel(w.subtotal).fill("249.00");
  await page.getByRole("button", { name: w.quote, exact: true }).click();
}

const CDMX = { postalCode: "06500", state: "DF", city: "Ciudad de México", street: "Río Lerma 232" };
const ISLAS_MARIAS = { postalCode: "63950", state: "NAY", city: "Islas Marías", street: "Calle Balleto 10" };

/** The merchant's own data on the pages these tests read: product titles, the address typed. */
const DATA = ["Tienda Demo", "Shopify", "Río Lerma 232", "Calle Balleto 10", "Islas Marías"];
const leaksOn = async (page: Page, where: string, locale: Locale) => {
  const titles = admin.store.products
    .list(SHOP)
    .flatMap((product) => [product.title, ...product.variants.map((v) => v.title)]);
  return describeLeaks(where, locale, merchantTextLeaks(await merchantText(page), locale, [...DATA, ...titles]));
};

for (const [locale, t] of IN_BOTH_LANGUAGES) {
  const w = WORDS[locale];
  describe(`[${locale}]`, () => {
    it("Tarifas: a quotation the service refuses reads as a sentence with what to do, no error name or code", async () => {
      const page = await admin.open("/app/rates", locale);
      // Skipped by the sync, so unknown to the service: it answers 409 ConflictError.
      await quote(page, w, NO_DIMENSIONS.sku, CDMX);
      const banner = page.locator(".Polaris-Banner");
      await poll(() => banner.textContent()).toContain(w.refused);
      const text = await merchantText(page);
      expect(text).not.toMatch(RAW_REFUSAL);
      expect(await leaksOn(page, "Tarifas (rechazo)", locale)).toEqual([]);
      await shot(page, `tarifas-rechazo-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Tarifas: Islas Marías (63950) is a destination not served, not an address to correct", async () => {
      const page = await admin.open("/app/rates", locale);
      await quote(page, w, OWN_SKUS[0]!, ISLAS_MARIAS);
      const banner = page.locator(".Polaris-Banner");
      await poll(() => banner.textContent()).toContain(w.notServed);
      const text = await merchantText(page);
      expect(text).not.toMatch(w.correctAddress);
      expect(text).not.toMatch(RAW_REFUSAL);
      expect(await leaksOn(page, "Tarifas (63950)", locale)).toEqual([]);
      await shot(page, `tarifas-63950-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Catálogo: a variant without dimensions points to its metafields, not to a setting the app lacks", async () => {
      const page = await admin.open("/app/catalog?status=skipped", locale);
      const row = variantRow(page, NO_DIMENSIONS.sku);
      await poll(() => row.isVisible()).toBe(true);
      expect(await row.getByText(t.skippedFilter, { exact: true }).isVisible()).toBe(true);
      // The reason is the paragraph right under the row.
      const why = row.locator("xpath=following-sibling::p[1]");
      expect(await why.textContent()).toBe(w.noDimensions);
      expect(await why.textContent()).not.toMatch(w.missingSetting);
      await shot(page, `catalogo-sin-medidas-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Catálogo after switching account and back: the app's own variants stay registered; only another system's SKU already existed", async () => {
      const page = await admin.open("/app/catalog?status=registered", locale);
      for (const sku of OWN_SKUS) {
        const row = variantRow(page, sku);
        await poll(() => row.isVisible()).toBe(true);
        expect(await row.locator(".Polaris-Badge").textContent(), sku).toContain(t.registeredBadge);
        expect(await row.locator(".Polaris-Badge").textContent(), sku).not.toContain(t.existedBadge);
      }
      expect(await variantRow(page, OTHERS_SKU).locator(".Polaris-Badge").textContent()).toContain(t.existedBadge);
      // Exactly one variant reads as already there: the other system's.
      expect(await variantRows(page).filter({ hasText: t.existedBadge }).count()).toBe(1);
      await shot(page, `catalogo-resincronizado-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    for (const [figure, status, filter, listed] of [
      [t.sentFigure, "sent", t.sentFilter, SENT],
      [t.inTransitFigure, "shipped", t.shippedFilter, ordersIn("shipped")],
      [t.deliveredFigure, "delivered", t.deliveredFilter, ordersIn("delivered")],
      [t.attentionFigure, "needs_attention", t.attentionFilter, ordersIn("needs_attention")],
    ] as const) {
      it(`Inicio: «${figure}» counts ${listed.length} and opens Pedidos listing those ${listed.length}`, async () => {
        const page = await admin.open("/app", locale);
        const link = page.getByRole("link", { name: `${figure}: ${listed.length}`, exact: true });
        await poll(() => link.isVisible()).toBe(true);
        await link.click();
        await poll(async () => new URL(page.url()).searchParams.get("status")).toBe(status);
        expect(new URL(page.url()).pathname).toBe("/app/orders");
        const select = page.getByRole("combobox").first();
        await poll(async () => (await select.locator("option:checked").textContent())?.trim()).toBe(
          `${filter} (${listed.length})`,
        );
        const names = page.locator('a[href^="shopify://admin/orders/"]');
        await poll(async () => (await names.allTextContents()).sort()).toEqual([...listed].sort());
        await shot(page, `inicio-a-pedidos-${status}-${locale}`);
        expect(page.problems).toEqual([]);
        await page.close();
      });
    }

    for (const [figure, status, filter] of [
      [t.registeredFigure, "registered", t.registeredFilter],
      [t.needsWorkFigure, "needs_work", t.needsWorkFilter],
    ] as const) {
      it(`Inicio: «${figure}» shows the number Catálogo lists under «${filter}»`, async () => {
        const page = await admin.open("/app", locale);
        const link = page.getByRole("link", { name: new RegExp(`^${figure}: \\d+$`) });
        await poll(() => link.isVisible()).toBe(true);
        const count = Number((await link.textContent())!.trim());
        expect(count).toBeGreaterThan(0);
        await link.click();
        await poll(async () => new URL(page.url()).searchParams.get("status")).toBe(status);
        const select = page.getByRole("combobox").first();
        await poll(async () => (await select.locator("option:checked").textContent())?.trim()).toBe(
          `${filter} (${count})`,
        );
        // One page holds them all (50 a page): the rows listed are the count.
        await poll(() => variantRows(page).count()).toBe(count);
        await shot(page, `inicio-a-catalogo-${status}-${locale}`);
        expect(page.problems).toEqual([]);
        await page.close();
      });
    }

    it("Pedidos: «#mex-1109» finds MÉX-1109 (case, accents and the leading # aside) with a visible button", async () => {
      const page = await admin.open("/app/orders", locale);
      await poll(() => page.getByRole("link", { name: "#1101", exact: true }).isVisible()).toBe(true);
      await page.getByLabel(t.orderSearchField).fill("#mex-1109");
      const button = page.getByRole("button", { name: t.searchButton, exact: true });
      expect(await button.isVisible()).toBe(true);
      await button.click();
      await poll(async () => new URL(page.url()).searchParams.get("q")).toBe("#mex-1109");
      const names = page.locator('a[href^="shopify://admin/orders/"]');
      await poll(() => names.allTextContents()).toEqual(["MÉX-1109"]);
      // An accented search finds it too.
      await page.getByLabel(t.orderSearchField).fill("MÉX");
      await button.click();
      await poll(async () => new URL(page.url()).searchParams.get("q")).toBe("MÉX");
      await poll(() => names.allTextContents()).toEqual(["MÉX-1109"]);
      await shot(page, `pedidos-busqueda-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Inicio: the answer times (median / p99, cache share) wait folded under the technical details", async () => {
      const page = await admin.open("/app", locale);
      const details = page.getByRole("button", { name: t.detailsShow });
      await poll(() => details.isVisible()).toBe(true);
      expect(await page.getByText(t.answerTime).count()).toBe(0);
      expect(await page.getByText(/\d+ \/ \d+ ms/).count()).toBe(0);
      await details.click();
      await poll(() => page.getByText(t.answerTime).isVisible()).toBe(true);
      expect(await page.getByText(/\d+ \/ \d+ ms/).isVisible()).toBe(true);
      await shot(page, `inicio-detalles-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Configuración's refused rules and Tarifas' refusal read no field name, code or other language", async () => {
      const page = await admin.open("/app/settings", locale);
      await page.getByLabel(w.markupPercent).fill("99999999999999999999999");
      await page.getByLabel(w.fallbackName, { exact: true }).first().fill("Envío fijo");
      await page.getByRole("button", { name: w.saveRules, exact: true }).click();
      await poll(() => page.getByText(w.notSaved).isVisible()).toBe(true);
      expect(await page.getByText(w.fallbackPriceMissing).isVisible()).toBe(true);
      const found = await leaksOn(page, "Configuración (errores)", locale);
      // No field's name in parentheses after its error («… (name)», «(markupPercent)»).
      expect(await merchantText(page)).not.toMatch(/\((?:[a-z]+[A-Z_]\w*|name|price|days)\)/);
      await shot(page, `configuracion-errores-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();

      const rates = await admin.open("/app/rates", locale);
      await quote(rates, w, NO_DIMENSIONS.sku, ISLAS_MARIAS);
      await poll(() => rates.locator(".Polaris-Banner").count()).toBeGreaterThan(0);
      found.push(...(await leaksOn(rates, "Tarifas (rechazo)", locale)));
      expect(rates.problems).toEqual([]);
      await rates.close();
      expect(found).toEqual([]);
    });
  });
}
