import { describe, expect, it } from "vitest";
import { pickLocale, translator } from "~/i18n/locale";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

function keys(node: object, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

function placeholders(node: object): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (n: object, prefix: string) => {
    for (const [key, value] of Object.entries(n)) {
      if (typeof value === "string") out[`${prefix}${key}`] = (value.match(/\{\w+\}/g) ?? []).sort();
      else walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(node, "");
  return out;
}

describe("the merchant's language", () => {
  it("reads Spanish for Spanish admin languages and by default, English for every other", () => {
    expect(pickLocale("es")).toBe("es");
    expect(pickLocale("es-MX")).toBe("es");
    expect(pickLocale(null)).toBe("es");
    expect(pickLocale("en")).toBe("en");
    expect(pickLocale("en-US")).toBe("en");
    expect(pickLocale("fr")).toBe("en");
  });

  it("has the same messages, with the same placeholders, in both catalogues", () => {
    expect(keys(en)).toEqual(keys(es));
    expect(placeholders(en)).toEqual(placeholders(es));
    expect(keys(es).every((key) => key.length > 0)).toBe(true);
  });

  it("formats numbers, pesos from exact decimals, and dates per language", () => {
    const spanish = translator("es");
    const english = translator("en");
    expect(spanish.number(12345)).toBe("12,345");
    expect(spanish.money("1234.50")).toBe("$1,234.50");
    expect(english.money("1234.50")).toBe("MX$1,234.50");
    // More digits than a float holds: formatted from the string, not a number.
    expect(english.money("90071992547409.93")).toBe("MX$90,071,992,547,409.93");
    const at = new Date("2026-11-23T15:04:00Z");
    expect(spanish.dateTime(at)).toMatch(/23 nov 2026/);
    expect(english.dateTime(at)).toMatch(/Nov 23, 2026/);
    expect(spanish.format("{done} de {total}", { done: 3, total: 9 })).toBe("3 de 9");
  });

  it("ends a sentence once after a Spanish time's «a.m.»/«p.m.» (Almacén printed «6:02 a.m..»)", () => {
    const spanish = translator("es");
    const english = translator("en");
    const morning = new Date("2026-11-28T12:02:00Z"); // 6:02 in Mexico City
    const at = spanish.dateTime(morning);
    expect(at).toMatch(/a\. ?m\.$/);
    const stock = spanish.messages.warehouse.stock;
    expect(spanish.format(stock.readAt, { at })).toBe(`Existencias leídas el ${at}`);
    expect(spanish.format(stock.syncedAt, { at, changed: 1, unchanged: 2 })).toBe(
      `Última sincronización: ${at} Niveles cambiados en Shopify: 1; sin cambio: 2.`,
    );
    // Only the doubled period goes: a value's period mid-sentence, and English's "AM.", stay.
    expect(spanish.format("{at}, luego", { at })).toBe(`${at}, luego`);
    expect(english.format(english.messages.warehouse.stock.readAt, { at: english.dateTime(morning) })).toMatch(/6:02\sAM\.$/);
  });
});
