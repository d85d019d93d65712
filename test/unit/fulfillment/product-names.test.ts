// Pedidos' reasons and timeline name products and services as the merchant knows them: no raw
// service code («EXPRESS») nor bare SKU where the order or the catalogue knows the product's title.
import { describe, expect, it } from "vitest";
import { skusOf, withProductNames } from "~/fulfillment/page/product-names.server";
import { reason } from "~/fulfillment/core/reason-codes";
import { reasonWords } from "~/fulfillment/page/reason-words";
import { translator } from "~/i18n/locale";

const names = new Map([
  ["ALE-P", "Cerveza pale ale"],
  ["TAZA-AZ", "Taza de barro - Azul"],
]);

describe("products and services by their names", () => {
  it("names each SKU of a unit list and a single product, and leaves an unknown SKU as it is", () => {
    const sending = reason("sending", { attempt: "1", service: "EXPRESS", products: "ALE-P × 2, RARE-1 × 1" });
    expect(skusOf(sending)).toEqual(["ALE-P", "RARE-1"]);
    expect(withProductNames(sending, names).params.products).toBe("Cerveza pale ale (ALE-P) × 2, RARE-1 × 1");
    const stock = reason("insufficientStock", { product: "TAZA-AZ", said: "Insufficient stock" });
    expect(withProductNames(stock, names).params.product).toBe("Taza de barro - Azul (TAZA-AZ)");
    expect(withProductNames(null, names)).toBeNull();
  });

  for (const locale of ["es", "en"] as const) {
    it(`[${locale}] words the sending step without the service's code`, () => {
      const i18n = translator(locale);
      const words = reasonWords(
        i18n,
        withProductNames(reason("sending", { attempt: "1", service: "NACIONAL", products: "ALE-P × 2" }), names),
      )!;
      expect(words).toContain(i18n.messages.settings.services.NACIONAL);
      expect(words).not.toContain("NACIONAL");
      expect(words).toContain("Cerveza pale ale (ALE-P) × 2");
    });
  }
});
