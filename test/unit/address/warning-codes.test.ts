// Every warning the address parser writes gets a code Pedidos translates (checked over generated
// addresses, Mexican and arbitrary Shopify ones), and every code reads in both catalogues.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toDestination } from "~/address";
import { WARNING_CODES, warningMessage } from "~/address/warning-codes";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { mexicanAddress, shopifyAddress } from "../../fixtures/addresses/arbitraries";

function unrecognised(address: Parameters<typeof toDestination>[0]): string[] {
  const result = toDestination(address);
  if (!result.ok) return [];
  return result.warnings.filter((w) => !warningMessage(w.message)).map((w) => w.message);
}

describe("address warnings in the merchant's language", () => {
  it("recognises every warning the parser writes for generated addresses", () => {
    for (const addresses of [mexicanAddress, shopifyAddress]) {
      fc.assert(
        fc.property(addresses, (address) => {
          expect(unrecognised(address)).toEqual([]);
        }),
        { numRuns: 1000 },
      );
    }
  });

  it("reads the parameters of a warning", () => {
    expect(warningMessage('phone "123" is not a 10-digit Mexican number; sent as given')).toEqual({
      code: "phoneNot10Digits",
      params: { phone: "123" },
    });
    expect(warningMessage("something new")).toBeNull();
  });

  it("has every code in Spanish and English with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(es.orders.warnings).sort()).toEqual([...WARNING_CODES].sort());
    for (const code of WARNING_CODES) {
      expect(placeholders(en.orders.warnings[code]), code).toEqual(placeholders(es.orders.warnings[code]));
    }
  });
});
