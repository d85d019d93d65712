// What a merchant types, in Chromium through the admin stand-in, in both languages: numbers that
// could only be read by guessing are refused next to their field with an example, every error of
// a form shows at once with what was typed kept, nothing is saved; the browser never rewrites
// "10,5"; Configuración's forms use App Bridge's save bar, and a fulfilment-mode change asks first.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";

const shot = (page: Page, name: string) => screenshot(page, `input-${name}`);

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-input");
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const settingsVersion = async () =>
  (await admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsVersion;
const saveBar = (page: Page) => page.locator("#sim-save-bar");

describe("Configuración", () => {
  it("connects with the API key typed in full-width characters", async () => {
    const page = await admin.open("/app/settings");
    // "sandbox-key" as a full-width keyboard types it.
    await page.getByLabel("Clave de API").fill("ｓａｎｄｂｏｘ－ｋｅｙ");
    await page.getByRole("button", { name: "Conectar" }).click();
    await poll(() => page.getByText("Conectada al entorno de pruebas (QA).").isVisible()).toBe(true);
    expect(page.problems).toEqual([]);
    await page.close();
  });

  it("refuses 20,50, 10,5, a 23-digit percentage and a backup name without price all at once, keeps them, saves nothing", async () => {
    const page = await admin.open("/app/settings");
    const before = await settingsVersion();
    const percent = page.getByLabel("Margen porcentual");
    expect(await percent.getAttribute("type")).toBe("text");
    expect(await percent.getAttribute("inputmode")).toBe("decimal");
    // The range is stated next to each field before anything is typed.
    expect(await page.getByText("Entre -90.00 % y 1,000.00 %.").isVisible()).toBe(true);
    expect(await saveBar(page).count()).toBe(0);

    await percent.fill("99999999999999999999999");
    await page.getByLabel("Margen fijo").fill("20,50");
    await page.getByLabel("Envío gratis desde un subtotal de").fill("10,5");
    await page.getByLabel("Nombre", { exact: true }).first().fill("Envío fijo");
    // Unsaved changes: the admin's save bar appears; its Save submits the form.
    await poll(() => saveBar(page).isVisible()).toBe(true);
    await saveBar(page).getByRole("button", { name: "Guardar" }).click();

    await poll(() => page.getByText(/No se guardó nada: corrige los campos marcados/).isVisible()).toBe(true);
    expect(await page.getByText("Escribe un valor entre -90.00 % y 1,000.00 %.").isVisible()).toBe(true);
    expect(
      await page
        .getByText(
          "No se puede leer «20,50» sin adivinar: usa punto para los decimales y coma para los miles, p. ej. 1,250.50.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText(/No se puede leer «10,5» sin adivinar/).isVisible()).toBe(true);
    expect(
      await page.getByText("Escribe el precio de esta tarifa fija, o borra su nombre y sus días.").isVisible(),
    ).toBe(true);
    expect(await percent.inputValue()).toBe("99999999999999999999999");
    expect(await page.getByLabel("Margen fijo").inputValue()).toBe("20,50");
    expect(await page.getByText("Application Error").count()).toBe(0);
    expect(await settingsVersion()).toBe(before);
    await shot(page, "configuracion-errores-es");

    // Fixed as the example says, it saves exactly what the page shows.
    await percent.fill("10.5");
    await page.getByLabel("Margen fijo").fill("20.50");
    await page.getByLabel("Envío gratis desde un subtotal de").fill("1,250.50");
    await page.getByLabel("Nombre", { exact: true }).first().fill("");
    await saveBar(page).getByRole("button", { name: "Guardar" }).click();
    await poll(() => page.getByText("Reglas guardadas").isVisible()).toBe(true);
    const { rates } = (await admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settings as {
      rates: { markupBasisPoints: number; markupFixedCentavos: number; freeShipping: { minSubtotalCentavos: number } };
    };
    expect([rates.markupBasisPoints, rates.markupFixedCentavos, rates.freeShipping.minSubtotalCentavos]).toEqual([
      1_050, 2_050, 125_050,
    ]);
    expect(await page.getByLabel("Envío gratis desde un subtotal de").inputValue()).toBe("1,250.50");
    await poll(() => saveBar(page).count()).toBe(0);
    expect(page.problems).toEqual([]);
    await page.close();
  });

  it("in English: hold-back minutes of 10,5 stay as typed and are refused in English; −100 % is refused", async () => {
    const page = await admin.open("/app/settings", "en");
    const before = await settingsVersion();
    const holdBack = page.getByLabel("Minutes to wait after payment before sending to the warehouse");
    expect(await holdBack.getAttribute("type")).toBe("text");
    await holdBack.fill("10,5");
    expect(await holdBack.inputValue()).toBe("10,5");
    await page.locator("form").getByRole("button", { name: "Save", exact: true }).click();
    await poll(() =>
      page
        .getByText(
          "“10,5” can't be read without guessing: use a point for decimals and a comma for thousands, e.g. 30.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await holdBack.inputValue()).toBe("10,5");

    await page.getByLabel("Percentage markup").fill("-100");
    await saveBar(page).locator("button[data-primary]").first().click();
    await poll(() => page.getByText("Enter a value between -90.00% and 1,000.00%.").isVisible()).toBe(true);
    expect(await settingsVersion()).toBe(before);
    await shot(page, "configuracion-errores-en");
    expect(page.problems).toEqual([]);
    await page.close();
  });

  it("asks before switching to Shopify's fulfilment service, saying what will happen, and only then registers it", async () => {
    const page = await admin.open("/app/settings");
    await page.getByLabel("Cómo recibe el almacén los pedidos").selectOption("fulfillment_service");
    await page.locator("form").getByRole("button", { name: "Guardar", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("registra en tu tienda un servicio de logística");
    await shot(page, "configuracion-confirmar-modo-es");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await page.waitForTimeout(500);
    expect(admin.store.inspect(SHOP).fulfillmentServices).toHaveLength(0);

    await page.locator("form").getByRole("button", { name: "Guardar", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cambiar y guardar" }).click();
    await poll(() => page.getByText("Guardado.").isVisible()).toBe(true);
    expect(admin.store.inspect(SHOP).fulfillmentServices).toHaveLength(1);
    expect(page.problems).toEqual([]);
    await page.close();
  });
});

describe("Tarifas' tester", () => {
  for (const [locale, labels, subtotalError, quantityError] of [
    [
      "es",
      { subtotal: "Subtotal del carrito", quantity: "Cantidad 1", quote: "Cotizar" },
      /No se puede leer «20,50»/,
      /No se puede leer «10,5»/,
    ],
    [
      "en",
      { subtotal: "Cart subtotal", quantity: "Quantity 1", quote: "Get rates" },
      /“20,50” can't be read/,
      /“10,5” can't be read/,
    ],
  ] as const) {
    it(
      `[${locale}] refuses a subtotal of 20,50 and a quantity of 10,5 instead of quoting $2,050 and 105 units`,
      { timeout: 120_000 },
      async () => {
        // Connecting started the catalogue sync; the tester offers the variants it registered.
        await poll(
          () => admin.db.catalogVariant.count({ where: { shop: SHOP, status: "synced" } }),
          90_000,
        ).toBeGreaterThan(0);
        const page = await admin.open("/app/rates", locale);
        const quantity = page.getByLabel(labels.quantity);
        expect(await quantity.getAttribute("type")).toBe("text");
        await page.getByLabel(labels.subtotal).fill("20,50");
        await quantity.fill("10,5");
        await page.getByRole("button", { name: labels.quote, exact: true }).click();
        await poll(() => page.getByText(subtotalError).isVisible()).toBe(true);
        expect(await page.getByText(quantityError).isVisible()).toBe(true);
        expect(await page.getByLabel(labels.subtotal).inputValue()).toBe("20,50");
        expect(await quantity.inputValue()).toBe("10,5");
        await shot(page, `tarifas-errores-${locale}`);
        expect(page.problems).toEqual([]);
        await page.close();
      },
    );
  }
});
