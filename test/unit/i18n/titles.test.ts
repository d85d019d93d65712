// Each page's title is the name the navigation gives it, in both languages, and the Spanish words
// carry no English "fulfilment" (issue 33: «Envíos y fulfilment» as Inicio's title).
import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { loginEs } from "~/i18n/login.es";
import { es } from "~/i18n/messages.es";

function values(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(values);
  return [];
}

describe("page titles", () => {
  for (const locale of ["es", "en"] as const) {
    it(`[${locale}] are the navigation's names`, () => {
      const m = translator(locale).messages;
      expect({
        home: m.home.title,
        orders: m.orders.title,
        catalog: m.catalog.title,
        warehouse: m.warehouse.title,
        settings: m.settings.title,
      }).toEqual({
        home: m.nav.home,
        orders: m.nav.orders,
        catalog: m.nav.catalog,
        warehouse: m.nav.warehouse,
        settings: m.nav.settings,
      });
      // Tarifas' page is its rate tester, named with the navigation's word.
      expect(m.rates.title.toLowerCase()).toContain(m.nav.rates.toLowerCase().slice(0, 4));
    });
  }

  it("[es] say «fulfilment» nowhere", () => {
    const offending = [...values(es), ...values(loginEs)].filter((text) => /fulfil+ment/i.test(text));
    expect(offending).toEqual([]);
  });
});
