// What a merchant types into Configuración's orders-and-stock form, in Chromium through the admin
// stand-in, in Spanish and in English: minutes typed as "10,5" stay as typed (plain text fields —
// a browser's number field would turn them into 105) and are refused next to their fields with
// an example, nothing saved; a valid value is saved from the admin's save bar; and changing how
// the warehouse receives orders says what will happen in Shopify and waits for the merchant's
// yes — cancelling sends nothing, confirming registers (or removes) the fulfilment service.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { fieldDescription, posts, serverErrors, submitted } from "./support/form-fields";
import { INPUT_IN_BOTH_LANGUAGES, type InputTexts } from "./support/input-texts";

const shot = (page: Page, name: string) => screenshot(page, `input-${name}`);

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-input-ops");
  await admin.connect();
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const shopRow = () => admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
type StoredOperations = {
  fulfillment?: { mode: string; holdBackMinutes: number };
  stock?: { intervalMinutes: number };
};
const stored = async () => (await shopRow()).settings as StoredOperations;
const saveBar = (page: Page) => page.locator("#sim-save-bar");
const formSave = (page: Page, t: InputTexts) =>
  page.locator("form").getByRole("button", { name: t.operationsSave, exact: true });

for (const [locale, t] of INPUT_IN_BOTH_LANGUAGES) {
  describe(`[${locale}] Configuración, orders and stock`, () => {
    it("keeps hold-back and stock minutes of 10,5 as typed, refuses them next to their fields and saves nothing; a valid value saves from the save bar", async () => {
      const page = await admin.open("/app/settings", locale);
      const failures = serverErrors(page);
      const before = await shopRow();
      const holdBack = page.getByLabel(t.holdBack, { exact: true });
      const interval = page.getByLabel(t.stockInterval, { exact: true });
      for (const field of [holdBack, interval]) {
        expect(await field.getAttribute("type")).toBe("text");
        expect(await field.getAttribute("inputmode")).toBe("numeric");
        await field.fill("10,5");
        expect(await field.inputValue()).toBe("10,5");
      }
      await poll(() => saveBar(page).isVisible()).toBe(true);
      const status = await submitted(page, "/app/settings", () =>
        saveBar(page).getByRole("button", { name: t.saveBarSave, exact: true }).click(),
      );
      expect(status).toBe(400);
      await poll(() => page.getByText(t.notSaved(2), { exact: true }).isVisible()).toBe(true);
      for (const field of [holdBack, interval]) {
        await poll(() => fieldDescription(field)).toContain(t.ambiguous("10,5", "30"));
        expect(await field.getAttribute("aria-invalid")).toBe("true");
        expect(await field.inputValue()).toBe("10,5");
      }
      const after = await shopRow();
      expect(after.settingsVersion).toBe(before.settingsVersion);
      expect(after.settings).toEqual(before.settings);
      await shot(page, `operaciones-errores-${locale}`);

      // Written as the example says, it saves exactly that from the save bar.
      const [minutes, every] = locale === "es" ? [10, 15] : [20, 25];
      await holdBack.fill(String(minutes));
      await interval.fill(String(every));
      const saved = await submitted(page, "/app/settings", () =>
        saveBar(page).getByRole("button", { name: t.saveBarSave, exact: true }).click(),
      );
      expect(saved).toBe(200);
      await poll(() => page.getByText(t.operationsSaved, { exact: true }).isVisible()).toBe(true);
      const settings = await stored();
      expect([settings.fulfillment?.holdBackMinutes, settings.stock?.intervalMinutes]).toEqual([minutes, every]);
      expect([await holdBack.inputValue(), await interval.inputValue()]).toEqual([String(minutes), String(every)]);
      await poll(() => saveBar(page).count()).toBe(0);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("asks before switching to Shopify's fulfilment service, saying what happens in Shopify; cancelling sends nothing, confirming registers it; switching back asks and removes it", async () => {
      const page = await admin.open("/app/settings", locale);
      const failures = serverErrors(page);
      const sent = posts(page);
      const before = await shopRow();
      const dialog = page.getByRole("dialog");
      expect(admin.store.inspect(SHOP).fulfillmentServices).toHaveLength(0);

      await page.getByLabel(t.mode, { exact: true }).selectOption({ label: t.modeService });
      await formSave(page, t).click();
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByText(t.confirmServiceTitle, { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByText(t.confirmServiceBody, { exact: true }).isVisible()).toBe(true);
      await shot(page, `configuracion-confirmar-modo-${locale}`);
      await dialog.getByRole("button", { name: t.confirmModeCancel, exact: true }).click();
      await poll(() => dialog.count()).toBe(0);
      expect(sent).toEqual([]);

      // Asked again, and confirmed: the one POST the page sends is this one.
      await formSave(page, t).click();
      await poll(() => dialog.isVisible()).toBe(true);
      const status = await submitted(page, "/app/settings", () =>
        dialog.getByRole("button", { name: t.confirmModeAction, exact: true }).click(),
      );
      expect(status).toBe(200);
      await poll(() => page.getByText(t.operationsSaved, { exact: true }).isVisible()).toBe(true);
      // Cancelling sent nothing: the confirmed save is the only request, and one change was stored.
      expect(sent).toHaveLength(1);
      expect((await shopRow()).settingsVersion).toBe(before.settingsVersion + 1);
      expect((await stored()).fulfillment?.mode).toBe("fulfillment_service");
      expect(admin.store.inspect(SHOP).fulfillmentServices).toHaveLength(1);

      // Back to store orders, from the admin's save bar: asked too, saying what is removed.
      await page.getByLabel(t.mode, { exact: true }).selectOption({ label: t.modeMerchant });
      await poll(() => saveBar(page).isVisible()).toBe(true);
      await saveBar(page).getByRole("button", { name: t.saveBarSave, exact: true }).click();
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByText(t.confirmMerchantTitle, { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByText(t.confirmMerchantBody, { exact: true }).isVisible()).toBe(true);
      const back = await submitted(page, "/app/settings", () =>
        dialog.getByRole("button", { name: t.confirmModeAction, exact: true }).click(),
      );
      expect(back).toBe(200);
      await poll(async () => (await stored()).fulfillment?.mode).toBe("merchant_managed");
      expect(admin.store.inspect(SHOP).fulfillmentServices).toHaveLength(0);
      expect(sent).toHaveLength(2);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });
  });
}
