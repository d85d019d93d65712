// A merchant's day in Chromium through the admin stand-in, in Spanish and in English (issue 33,
// findings 4 to 6): free shipping with a threshold and no service ticked is refused next to the
// amount (nothing saved); with handling days the tester shows the words the checkout dates come
// from, never the service's own transit days; 999 units of a product the warehouse holds fewer of
// names the shortage and the product, not «nothing to ship or destination not served». The
// catalogues' sentences are written out, so a wrong word fails the test.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getShopSettings, updateShopSettings } from "~/shop/shop-settings.server";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { fieldDescription, serverErrors, submitted } from "./support/form-fields";

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-day");
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const TEXTS = {
  es: {
    freeShippingMin: "Envío gratis desde un subtotal de",
    freeExpress: "Gratis: Express",
    everyOrder:
      "Con un monto de $1.00, prácticamente todos los pedidos se envían gratis con: Express. Escribe el subtotal a partir del cual el envío es gratis (por ejemplo 999.00).",
    save: "Guardar",
    noService:
      "Marca abajo al menos un servicio con envío gratis, o deja vacío este monto: sin servicio no se aplica a ningún pedido.",
    postalCode: "Código postal",
    state: "Estado",
    city: "Ciudad o alcaldía",
    product: "Producto 1",
    quantity: "Cantidad 1",
    subtotal: "Subtotal del carrito",
    quote: "Cotizar",
    window: /^Llega en \d+( a \d+)? días hábiles$/,
    quantityRange: "Entre 1 unidad y 999 unidades.",
    lookupSku: "SKU",
    lookupButton: "Consultar",
    lookupFound: (sku: string) => `El servicio tiene el SKU «${sku}»: `,
    orderSearch: "Buscar por número de pedido, guía o pedido del servicio",
    shortage: (product: string) =>
      `El checkout no muestra tarifas de este servicio para este carrito. No hay suficiente inventario de ${product} en el almacén. Solicita al servicio una recepción de inventario y vuelve a intentar.`,
  },
  en: {
    freeShippingMin: "Free shipping from a subtotal of",
    freeExpress: "Free: Express",
    everyOrder:
      "With an amount of $1.00, practically every order ships free with: Express. Write the subtotal from which shipping is free (for example 999.00).",
    save: "Save",
    noService:
      "Tick at least one service to ship free below, or leave this amount empty: without a service it applies to no order.",
    postalCode: "Postal code",
    state: "State",
    city: "City or borough",
    product: "Product 1",
    quantity: "Quantity 1",
    subtotal: "Cart subtotal",
    quote: "Get rates",
    window: /^Llega en \d+( a \d+)? días hábiles$/,
    quantityRange: "Between 1 unit and 999 units.",
    lookupSku: "SKU",
    lookupButton: "Look up",
    lookupFound: (sku: string) => `The service has SKU “${sku}”: `,
    orderSearch: "Search by order number, tracking number or service order",
    shortage: (product: string) =>
      `Checkout shows no rates from this service for this cart. There is not enough stock of ${product} at the warehouse. Ask the service for an inventory reception, then try again.`,
  },
} as const;

const saveBar = (page: Page) => page.locator("#sim-save-bar");

/** Fills Tarifas' tester with one line of the first registered variant, `quantity` units, to CDMX. */
async function quote(page: Page, t: (typeof TEXTS)["es" | "en"], quantity: string) {
  await page.getByLabel(t.postalCode, { exact: true }).fill("06500");
  await page.getByLabel(t.state, { exact: true }).selectOption("DF");
  await page.getByLabel(t.city, { exact: true }).fill("Ciudad de México");
  const product = page.getByLabel(t.product, { exact: true });
  const registered = await admin.db.catalogVariant.findFirstOrThrow({
    where: { shop: SHOP, status: "synced" },
    orderBy: { title: "asc" },
  });
  await product.selectOption(registered.variantId);
  await page.getByLabel(t.quantity, { exact: true }).fill(quantity);
  await page.getByLabel(t.subtotal, { exact: true }).fill("100");
  expect(
    await submitted(page, "/app/rates", () => page.getByRole("button", { name: t.quote, exact: true }).click()),
  ).toBe(200);
  return registered;
}

describe("the merchant's shop", () => {
  it(
    "connects from Configuración, and the catalogue sync registers the products the tester offers",
    { timeout: 120_000 },
    async () => {
      const page = await admin.open("/app/settings", "es");
      await page.getByLabel("Clave de API").fill("sandbox-key");
      expect(
        await submitted(page, "/app/settings", () =>
          page.getByRole("button", { name: "Conectar", exact: true }).click(),
        ),
      ).toBe(200);
      await page.close();
      await poll(
        () => admin.db.catalogVariant.count({ where: { shop: SHOP, status: "synced" } }),
        90_000,
      ).toBeGreaterThan(0);
    },
  );
});

for (const locale of ["es", "en"] as const) {
  const t = TEXTS[locale];
  describe(`[${locale}] a merchant's day`, () => {
    it("refuses a free-shipping threshold with no service ticked next to the amount, saving nothing", async () => {
      const page = await admin.open("/app/settings", locale);
      const failures = serverErrors(page);
      const before = await admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
      const amount = page.getByLabel(t.freeShippingMin, { exact: true });
      await amount.fill("1,499.00");
      await poll(() => saveBar(page).isVisible()).toBe(true);
      expect(
        await submitted(page, "/app/settings", () =>
          saveBar(page).getByRole("button", { name: t.save, exact: true }).click(),
        ),
      ).toBe(400);
      await poll(() => fieldDescription(amount)).toContain(t.noService);
      expect(await amount.inputValue()).toBe("1,499.00");
      const after = await admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
      expect([after.settingsVersion, after.settings]).toEqual([before.settingsVersion, before.settings]);
      await screenshot(page, `day-free-shipping-${locale}`);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("warns next to the amount once $1 with a service ticked is saved: practically every order ships free", async () => {
      const page = await admin.open("/app/settings", locale);
      const failures = serverErrors(page);
      const warning = page.getByText(t.everyOrder, { exact: true });
      const saveWith = async (amount: string) => {
        await page.getByLabel(t.freeShippingMin, { exact: true }).fill(amount);
        await poll(() => saveBar(page).isVisible()).toBe(true);
        return submitted(page, "/app/settings", () =>
          saveBar(page).getByRole("button", { name: t.save, exact: true }).click(),
        );
      };
      await page.getByLabel(t.freeExpress, { exact: true }).check();
      expect(await saveWith("1.00")).toBe(200);
      await poll(() => warning.isVisible()).toBe(true);
      await screenshot(page, `day-every-order-free-${locale}`);
      expect(await saveWith("999.00")).toBe(200);
      await poll(() => warning.count()).toBe(0);
      // The tests after this one quote with no free shipping.
      await updateShopSettings({
        db: admin.db,
        shop: SHOP,
        patch: { rates: { freeShipping: { minSubtotalCentavos: null, services: [] } } },
      });
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("shows the handling days in the rates' words, as the checkout dates them", { timeout: 60_000 }, async () => {
      await updateShopSettings({ db: admin.db, shop: SHOP, patch: { rates: { handlingDays: 2 } } });
      const page = await admin.open("/app/rates", locale);
      const failures = serverErrors(page);
      await quote(page, t, "1");
      const rows = page.locator("table tbody tr");
      await poll(() => rows.count()).toBeGreaterThan(0);
      const text = await rows.allInnerTexts();
      // Every rate's words are the window the dates come from; none is the service's «1 día hábil».
      for (const row of text)
        expect(row.split("\n").map((line) => line.trim())).toContainEqual(expect.stringMatching(t.window));
      expect(text.join("\n")).not.toContain("Envío express, 1 día hábil");
      expect((await getShopSettings({ db: admin.db, shop: SHOP })).settings.rates.handlingDays).toBe(2);
      await screenshot(page, `day-handling-days-${locale}`);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it(
      "names the shortage and the product when the cart asks for more than the warehouse holds",
      { timeout: 60_000 },
      async () => {
        const page = await admin.open("/app/rates", locale);
        const failures = serverErrors(page);
        const variant = await quote(page, t, "999");
        await poll(() =>
          page.getByText(t.shortage(`${variant.title} (${variant.sku})`), { exact: true }).isVisible(),
        ).toBe(true);
        await screenshot(page, `day-shortage-${locale}`);
        expect(failures).toEqual([]);
        expect(page.problems).toEqual([]);
        await page.close();
      },
    );

    it('says «1 unidad» / "1 unit" in the quantity\'s range, never «1 unidades»', async () => {
      const page = await admin.open("/app/rates", locale);
      await poll(() => fieldDescription(page.getByLabel(t.quantity, { exact: true }))).toContain(t.quantityRange);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("finds a SKU typed in lower case with spaces around it in Catálogo's lookup", async () => {
      const variant = await admin.db.catalogVariant.findFirstOrThrow({
        where: { shop: SHOP, status: "synced", sku: { not: null } },
        orderBy: { sku: "asc" },
      });
      const page = await admin.open("/app/catalog", locale);
      const failures = serverErrors(page);
      await page.getByLabel(t.lookupSku, { exact: true }).fill(` ${variant.sku!.toLowerCase()} `);
      expect(
        await submitted(page, "/app/catalog", () =>
          page.getByRole("button", { name: t.lookupButton, exact: true }).click(),
        ),
      ).toBe(200);
      await poll(() => page.getByText(t.lookupFound(variant.sku!), { exact: false }).count()).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("finds an order in Pedidos by its tracking number and by the service's order id", async () => {
      const name = locale === "es" ? "#5001" : "#5002";
      const tracking = `TRK${locale.toUpperCase()}7781`;
      const serviceOrder = `SVC-${locale.toUpperCase()}-42`;
      await admin.db.fulfillment.create({
        data: {
          shop: SHOP,
          shopifyOrderId: `day-${locale}`,
          orderGid: `gid://shopify/Order/9${locale === "es" ? 1 : 2}`,
          orderName: name,
          status: "shipped",
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/9${locale === "es" ? 1 : 2}`,
          svcOrderId: serviceOrder,
          trackingNumber: tracking,
        },
      });
      // Another order, listed until the search leaves only the one it names.
      const decoy = locale === "es" ? "#5901" : "#5902";
      await admin.db.fulfillment.create({
        data: {
          shop: SHOP,
          shopifyOrderId: `day-decoy-${locale}`,
          orderGid: `gid://shopify/Order/8${locale === "es" ? 1 : 2}`,
          orderName: decoy,
          status: "shipped",
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/8${locale === "es" ? 1 : 2}`,
          svcOrderId: `OTHER-${locale}`,
          trackingNumber: `OTHER${locale}`,
        },
      });
      for (const q of [tracking.toLowerCase(), serviceOrder]) {
        const page = await admin.open("/app/orders", locale);
        const search = page.getByLabel(t.orderSearch, { exact: true });
        await search.fill(q);
        await poll(() => page.getByText(decoy, { exact: true }).count()).toBeGreaterThan(0);
        await search.press("Enter");
        await poll(() => page.getByText(decoy, { exact: true }).count()).toBe(0);
        expect(await page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
        expect(page.problems).toEqual([]);
        await page.close();
      }
    });
  });
}
