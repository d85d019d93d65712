// Each page's title is the name the navigation gives it, in both languages, and the Spanish words
// carry no English "fulfilment" (issue 33: «Envíos y fulfilment» as Inicio's title).
import fs from "node:fs";
import path from "node:path";
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

// «Sent to the warehouse» (the app handed the order over) and «shipped» (the warehouse dispatched
// it) are two different moments: each has its own word, and every page uses the same one.
describe("sent to the warehouse and shipped", () => {
  const block = (file: string) =>
    (
      JSON.parse(fs.readFileSync(path.resolve("extensions/warehouse-status/locales", file), "utf8")) as {
        status: Record<string, string>;
      }
    ).status;

  for (const [locale, file, sent, shipped] of [
    ["es", "es.json", /al almacén/i, /despach/i],
    ["en", "en.default.json", /to the warehouse/i, /shipped/i],
  ] as const) {
    it(`[${locale}] Inicio, Pedidos and the order-page block say each with its own word`, () => {
      const m = translator(locale).messages;
      // Sent to the warehouse: Inicio's figure, Pedidos' filter, the sending state and timeline step.
      for (const text of [
        m.home.ordersSubmitted,
        m.orders.sentFilter,
        m.orders.statuses.submitting,
        m.orders.kinds.submission,
      ])
        expect(text).toMatch(sent);
      // Shipped: Pedidos' status, Inicio's figure that opens it.
      for (const text of [m.orders.statuses.shipped, m.home.daily.inTransit]) {
        expect(text).toMatch(shipped);
        expect(text).not.toMatch(sent);
      }
      for (const text of [m.orders.statuses.submitting, m.orders.sentFilter]) expect(text).not.toMatch(shipped);
      // The order-page block's statuses are Pedidos' own.
      expect(block(file)).toMatchObject({
        submitting: m.orders.statuses.submitting,
        shipped: m.orders.statuses.shipped,
        delivered: m.orders.statuses.delivered,
      });
    });
  }
});

// Issue 33: «Pruebas (QA): los pedidos no se envían» sat beside orders with tracking. The service's
// QA environment takes the orders and simulates their way (tracking included); no parcel leaves.
describe("the test environment (QA)", () => {
  for (const locale of ["es", "en"] as const) {
    it(`[${locale}] says what it does: orders reach a simulated warehouse, no parcel leaves`, () => {
      const m = translator(locale).messages.settings.connection;
      for (const text of [m.qa, m.connectedQa]) expect(text).not.toMatch(/no se envían|not shipped|not sent/i);
      expect(m.connectedQa).toMatch(
        locale === "es" ? /simula.*guía.*ningún paquete/ : /simulates.*tracking.*no parcel/,
      );
      // Orders sent before, to production, are not what it speaks of.
      expect(m.connectedQa).toMatch(locale === "es" ? /antes.*producción/ : /before/);
    });
  }
});
