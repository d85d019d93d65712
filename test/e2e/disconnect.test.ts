// Disconnecting the service account in Configuración, in Chromium through the admin stand-in, in
// both languages (issue 22, item 1): the dialog says what will happen before anything does; Cancel
// keeps the connection; Confirm forgets the key, shows the connect form again and takes Inicio's
// setup guide back to its first step.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-disconnect");
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const storedKey = async () => (await admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).svcApiKeyCiphertext;

const LANGUAGES = [
  { locale: "es", m: es },
  { locale: "en", m: en },
] as const;

describe("Configuración — disconnecting the service account", () => {
  for (const { locale, m } of LANGUAGES) {
    const t = m.settings.connection;
    it(`asks first, in ${locale}, saying what stops; Cancel keeps the connection, Confirm disconnects`, async () => {
      await admin.connect();
      const key = await storedKey();
      expect(key).not.toBeNull();
      const page: Page & { problems: string[] } = await admin.open("/app/settings", locale);
      await poll(() => page.getByText(t.connectedQa).isVisible()).toBe(true);

      // The dialog says, in the page's language, what will happen.
      await page.getByRole("button", { name: t.disconnect, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole("heading", { name: t.disconnectTitle }).isVisible()).toBe(true);
      for (const line of [t.disconnectKey, t.disconnectOrders, t.disconnectCatalog, t.disconnectRates])
        expect(await dialog.getByText(line, { exact: true }).isVisible()).toBe(true);
      await screenshot(page, `settings-disconnect-dialog-${locale}`);

      // Cancel: nothing changes.
      await dialog.getByRole("button", { name: t.disconnectCancel, exact: true }).click();
      await poll(() => dialog.count()).toBe(0);
      expect(await storedKey()).toBe(key);
      expect(await page.getByText(t.connectedQa).isVisible()).toBe(true);

      // Confirm: the key is forgotten and the connect form is back.
      await page.getByRole("button", { name: t.disconnect, exact: true }).click();
      await poll(() => page.getByRole("dialog").isVisible()).toBe(true);
      await page.getByRole("dialog").getByRole("button", { name: t.disconnectConfirm, exact: true }).click();
      await poll(() => page.getByText(t.disconnected).isVisible()).toBe(true);
      expect(await storedKey()).toBeNull();
      expect(await page.getByText(t.notConnected).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: t.connect, exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: t.disconnect, exact: true }).count()).toBe(0);
      await screenshot(page, `settings-disconnected-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();

      // Inicio's setup guide is back at its first step: connecting.
      const home = await admin.open("/app", locale);
      const first = home.locator('[data-setup-step="connect"]');
      await poll(() => first.getAttribute("data-done")).toBe("false");
      // It is the open step, with its words.
      expect(await first.getByText(m.home.setup.steps.connect.body).isVisible()).toBe(true);
      expect(home.problems).toEqual([]);
      await home.close();
    }, 120_000);
  }
});
