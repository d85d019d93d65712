import { describe, expect, it } from "vitest";
import { parseRatesForm, ratesFormValues } from "~/orchestration/settings-forms/rates-form";
import { rules } from "./support";

describe("rates settings form", () => {
  it("round-trips every rule through the form values exactly", () => {
    const stored = rules({
      deadlineMs: 2_000,
      markupBasisPoints: -1_234,
      markupFixedCentavos: 1_999,
      rounding: "up_to_peso",
      freeShipping: { minSubtotalCentavos: 100_050, services: ["NACIONAL", "PROGRAMADO"] },
      hiddenServices: ["EXPRESS"],
      names: { NACIONAL: { name: "Estándar", description: "3 a 5 días" }, EXPRESS: { name: "Rápido" } },
      handlingDays: 2,
      onInsufficientStock: "quote_anyway",
      onFailure: "fallback_rates",
      fallbackRates: [
        { service: "NACIONAL", name: "Fija", priceCentavos: 14_990, maxDays: 7 },
        { service: "PROGRAMADO", name: "Fija programada", priceCentavos: 20_000 },
      ],
      cacheTtlSeconds: 120,
    });
    expect(parseRatesForm(ratesFormValues(stored))).toEqual({ ok: true, rates: stored });
  });

  it("reads pesos and percentages without floats", () => {
    const values = {
      ...ratesFormValues(rules()),
      markupPercent: "0.01",
      markupFixed: "$ 0.10",
      freeShippingMin: "1,000.05",
      // A threshold applies only to the services ticked to ship free.
      freeShipping_EXPRESS: "on",
    };
    const parsed = parseRatesForm(values);
    expect(
      parsed.ok && [
        parsed.rates.markupBasisPoints,
        parsed.rates.markupFixedCentavos,
        parsed.rates.freeShipping.minSubtotalCentavos,
      ],
    ).toEqual([1, 10, 100_005]);
  });

  it("reports each invalid field in Spanish", () => {
    const values = {
      ...ratesFormValues(rules()),
      markupFixed: "1.234",
      handlingDays: "dos",
      fallbackPrice_EXPRESS: "abc",
      description_NACIONAL: "sin nombre",
    };
    const parsed = parseRatesForm(values);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && Object.keys(parsed.errors).sort()).toEqual([
      "fallbackPrice_EXPRESS",
      "handlingDays",
      "markupFixed",
      "name_NACIONAL",
    ]);
  });

  it("refuses a deadline past 2,500 ms, so the answer always lands inside Shopify's shortest timeout (3 s)", () => {
    expect(parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "2500" })).toMatchObject({ ok: true });
    const parsed = parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "2501" });
    expect(!parsed.ok && parsed.errors).toEqual({ deadlineMs: "Escribe un valor entre 250 ms y 2,500 ms." });
  });

  it("reports values outside the allowed ranges against their field", () => {
    const parsed = parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "8001", handlingDays: "31" });
    expect(!parsed.ok && parsed.errors).toEqual({
      deadlineMs: "Escribe un valor entre 250 ms y 2,500 ms.",
      handlingDays: "Escribe un valor entre 0 días y 30 días.",
    });
  });

  it("refuses a markup that would make rates $0.00 or negative (−100 %, a negative fixed amount)", () => {
    const parsed = parseRatesForm({ ...ratesFormValues(rules()), markupPercent: "-100", markupFixed: "-1000" });
    expect(!parsed.ok && parsed.errors).toEqual({
      markupPercent: "Escribe un valor entre -90.00 % y 1,000.00 %.",
      markupFixed: "Escribe un valor entre $0.00 y $10,000.00.",
    });
  });

  it("refuses a 23-digit percentage by range instead of failing", () => {
    const parsed = parseRatesForm({ ...ratesFormValues(rules()), markupPercent: "99999999999999999999999" });
    expect(!parsed.ok && parsed.errors).toEqual({ markupPercent: "Escribe un valor entre -90.00 % y 1,000.00 %." });
  });

  it("reports every field at once and keeps what was typed", () => {
    const typed = {
      ...ratesFormValues(rules()),
      markupPercent: "10,5",
      freeShippingMin: "abc",
      fallbackName_EXPRESS: "Express fijo",
      cacheTtlSeconds: "-1",
    };
    const parsed = parseRatesForm(typed);
    expect(!parsed.ok && Object.keys(parsed.errors).sort()).toEqual([
      "cacheTtlSeconds",
      "fallbackPrice_EXPRESS",
      "freeShippingMin",
      "markupPercent",
    ]);
    expect(!parsed.ok && parsed.errors.fallbackPrice_EXPRESS).toBe(
      "Escribe el precio de esta tarifa fija, o borra su nombre y sus días.",
    );
    expect(!parsed.ok && parsed.values).toMatchObject({ markupPercent: "10,5", freeShippingMin: "abc" });
  });
});
