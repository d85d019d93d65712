// Every warning the address parser writes is a code with the parameters its sentence needs, in
// both languages (checked over generated addresses, Mexican and arbitrary Shopify ones), and every
// code reads in both catalogues.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toDestination } from "~/address";
import { WARNING_CODES, storedWarning } from "~/address/warning-codes";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { mexicanAddress, shopifyAddress } from "../../fixtures/addresses/arbitraries";

const CATALOGUES = [es, en];

/** Warnings without a known code, or whose sentence leaves a placeholder unfilled in either language. */
function unworded(address: Parameters<typeof toDestination>[0]): string[] {
  const result = toDestination(address);
  if (!result.ok) return [];
  return result.warnings
    .filter((w) => {
      const coded = storedWarning(w);
      if (!coded) return true;
      // Every placeholder of the sentence, in both languages, has its parameter.
      return CATALOGUES.some((messages) => {
        const template = messages.orders.warnings[coded.code];
        return [...template.matchAll(/\{(\w+)\}/g)].some((m) => !(m[1]! in coded.params));
      });
    })
    .map((w) => w.message);
}

describe("address warnings in the merchant's language", () => {
  it("codes every warning the parser writes for generated addresses, with its parameters", () => {
    for (const addresses of [mexicanAddress, shopifyAddress]) {
      fc.assert(
        fc.property(addresses, (address) => {
          expect(unworded(address)).toEqual([]);
        }),
        { numRuns: 1000 },
      );
    }
  }, 60_000);

  it("writes the code and parameters beside the English record", () => {
    const result = toDestination({
      address1: "Río Lerma 232",
      address2: "Cuauhtémoc",
      city: "Ciudad de México",
      province_code: "CMX",
      zip: "06500",
      country_code: "MX",
      first_name: "Ana",
      phone: "123",
    } as never);
    expect(result.ok && result.warnings.find((w) => w.field === "phone")).toEqual({
      field: "phone",
      code: "phoneNot10Digits",
      params: { phone: "123" },
      message: 'phone "123" is not a 10-digit Mexican number; sent as given',
      original: "123",
    });
    expect(storedWarning({ message: "stored before codes" })).toBeNull();
  });

  it("has every code in Spanish and English with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(es.orders.warnings).sort()).toEqual([...WARNING_CODES].sort());
    for (const code of WARNING_CODES) {
      expect(placeholders(en.orders.warnings[code]), code).toEqual(placeholders(es.orders.warnings[code]));
    }
  });
});
