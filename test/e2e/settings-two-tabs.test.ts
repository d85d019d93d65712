// Configuración open in two tabs, in Chromium through the admin stand-in, in Spanish and in English
// (issue 33, finding 1): tab A saves a markup; tab B, still showing the old one, saves handling days
// from the admin's save bar and is refused (409) with a warning naming the markup, its own typing
// kept and nothing written; «load the saved values» shows A's markup, and B's change then saves on
// top of it. The catalogues' sentences are written out here, so a wrong word fails the test.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getShopSettings } from "~/shop/shop-settings.server";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { serverErrors, submitted } from "./support/form-fields";

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-two-tabs");
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const TEXTS = {
  es: {
    markupPercent: "Margen porcentual",
    handlingDays: "Días hábiles de preparación",
    save: "Guardar",
    saved: "Reglas guardadas",
    refused:
      "No se guardó: estos ajustes cambiaron en otra pestaña o sesión después de que abriste la página. Cambió: Margen porcentual.",
    reload: "Cargar los valores guardados",
  },
  en: {
    markupPercent: "Percentage markup",
    handlingDays: "Business days of handling",
    save: "Save",
    saved: "Rules saved",
    refused:
      "Not saved: these settings were changed in another tab or session after you opened this page. Changed: Percentage markup.",
    reload: "Load the saved values",
  },
} as const;

const saveBar = (page: Page) => page.locator("#sim-save-bar");
const rates = async () => (await getShopSettings({ db: admin.db, shop: SHOP })).settings.rates;

for (const locale of ["es", "en"] as const) {
  const t = TEXTS[locale];
  describe(`[${locale}] Configuración in two tabs`, () => {
    it("refuses the stale tab's save naming what the other tab changed, and saves it once reloaded", async () => {
      const a = await admin.open("/app/settings", locale);
      const b = await admin.open("/app/settings", locale);
      const failures = [...serverErrors(a), ...serverErrors(b)];
      const before = await rates();
      const markup = locale === "es" ? "10" : "12";

      // Tab A: a new markup, saved from the admin's save bar.
      await a.getByLabel(t.markupPercent, { exact: true }).fill(markup);
      await poll(() => saveBar(a).isVisible()).toBe(true);
      expect(
        await submitted(a, "/app/settings", () =>
          saveBar(a).getByRole("button", { name: t.save, exact: true }).click(),
        ),
      ).toBe(200);
      await poll(() => a.getByText(t.saved, { exact: true }).isVisible()).toBe(true);
      expect((await rates()).markupBasisPoints).toBe(Number(markup) * 100);

      // Tab B still shows the old markup: its save of the handling days is refused, naming the markup.
      const days = b.getByLabel(t.handlingDays, { exact: true });
      await days.fill(String(before.handlingDays + 2));
      await poll(() => saveBar(b).isVisible()).toBe(true);
      expect(
        await submitted(b, "/app/settings", () =>
          saveBar(b).getByRole("button", { name: t.save, exact: true }).click(),
        ),
      ).toBe(409);
      await poll(() => b.getByText(t.refused, { exact: true }).isVisible()).toBe(true);
      expect(await days.inputValue()).toBe(String(before.handlingDays + 2));
      expect(await b.getByText(t.saved, { exact: true }).count()).toBe(0);
      expect(await rates()).toMatchObject({
        markupBasisPoints: Number(markup) * 100,
        handlingDays: before.handlingDays,
      });
      await screenshot(b, `two-tabs-refused-${locale}`);

      // Loading the saved values shows A's markup; B's change then saves on top of it.
      await b.getByRole("button", { name: t.reload, exact: true }).click();
      await poll(() => b.getByLabel(t.markupPercent, { exact: true }).inputValue()).toBe(`${markup}.00`);
      await poll(() => b.getByText(t.refused, { exact: true }).count()).toBe(0);
      expect(await days.inputValue()).toBe(String(before.handlingDays));
      await days.fill(String(before.handlingDays + 2));
      await poll(() => saveBar(b).isVisible()).toBe(true);
      expect(
        await submitted(b, "/app/settings", () =>
          saveBar(b).getByRole("button", { name: t.save, exact: true }).click(),
        ),
      ).toBe(200);
      await poll(() => b.getByText(t.saved, { exact: true }).isVisible()).toBe(true);
      expect(await rates()).toMatchObject({
        markupBasisPoints: Number(markup) * 100,
        handlingDays: before.handlingDays + 2,
      });
      expect(failures).toEqual([]);
      expect([...a.problems, ...b.problems]).toEqual([]);
      await a.close();
      await b.close();
    });
  });
}
