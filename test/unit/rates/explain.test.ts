import { describe, expect, it } from "vitest";
import { explainRateRules } from "~/rates";
import { applyRateRules } from "~/rates/rules";
import { CDMX_QUOTE, rules } from "./support";

describe("explainRateRules", () => {
  it("says nothing changed when the shop has no rules", () => {
    const explained = explainRateRules(CDMX_QUOTE, rules(), 50_000n);
    expect(explained.map((e) => [e.service, e.quotedCentavos, e.serviceDays, e.effects])).toEqual([
      ["NACIONAL", 9900n, 3, []],
      ["EXPRESS", 18900n, 1, []],
      ["PROGRAMADO", 14900n, 2, []],
    ]);
  });

  it("lists each rule in the order it ran, with the prices it went between, and ends where applyRateRules ends", () => {
    const shopRules = rules({
      markupBasisPoints: 1250,
      markupFixedCentavos: 1000,
      rounding: "up_to_99",
      freeShipping: { minSubtotalCentavos: 100_000, services: ["NACIONAL"] },
      hiddenServices: ["PROGRAMADO"],
      names: { EXPRESS: { name: "Express mismo día" } },
      handlingDays: 1,
    });
    const explained = explainRateRules(CDMX_QUOTE, shopRules, 120_000n);
    const express = explained.find((e) => e.service === "EXPRESS")!;
    // 189.00 × 1.125 + 10.00 = 222.625 → 222.63 (half-up) → 222.99
    expect(express.effects).toEqual([
      { rule: "markup", basisPoints: 1250, fixedCentavos: 1000, fromCentavos: 18900n, toCentavos: 22263n },
      { rule: "rounding", rounding: "up_to_99", fromCentavos: 22263n, toCentavos: 22299n },
      { rule: "renamed", from: "Envío express", to: "Express mismo día" },
      { rule: "handling_days", days: 1 },
    ]);
    const nacional = explained.find((e) => e.service === "NACIONAL")!;
    expect(nacional.effects.map((e) => e.rule)).toEqual(["markup", "rounding", "free_shipping", "handling_days"]);
    expect(explained.find((e) => e.service === "PROGRAMADO")!.effects).toEqual([{ rule: "hidden" }]);

    // The explanation's last price is the price checkout gets.
    const offers = applyRateRules(CDMX_QUOTE, shopRules, 120_000n);
    expect(offers.map((o) => o.service)).toEqual(["NACIONAL", "EXPRESS"]);
    expect(offers.find((o) => o.service === "EXPRESS")!.priceCentavos).toBe(22299n);
    expect(offers.find((o) => o.service === "NACIONAL")!.priceCentavos).toBe(0n);
  });

  it("gives no free shipping below the threshold or on a subtotal in another currency", () => {
    const shopRules = rules({ freeShipping: { minSubtotalCentavos: 100_000, services: ["NACIONAL"] } });
    for (const subtotal of [99_999n, null]) {
      const nacional = explainRateRules(CDMX_QUOTE, shopRules, subtotal).find((e) => e.service === "NACIONAL")!;
      expect(nacional.effects).toEqual([]);
    }
  });
});
