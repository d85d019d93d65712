import { describe, expect, it } from "vitest";
import { applyRateRules, deliveryWindow, fallbackOffers } from "~/rates/rules";
import { windowDescription } from "~/rates/service-names";
import { CDMX_QUOTE, rules } from "./support";

const prices = (offers: { service: string; priceCentavos: bigint }[]) =>
  Object.fromEntries(offers.map((o) => [o.service, o.priceCentavos]));

describe("applyRateRules", () => {
  it("offers every quoted service at its price, with clear Spanish names by default", () => {
    const offers = applyRateRules(CDMX_QUOTE, rules(), 0n);
    expect(offers).toEqual([
      {
        service: "NACIONAL",
        name: "Envío estándar",
        description: "Envío nacional estándar, 1 a 3 días hábiles",
        priceCentavos: 9_900n,
        window: { minDays: 1, maxDays: 3 },
      },
      {
        service: "EXPRESS",
        name: "Envío express",
        description: "Envío express, 1 día hábil",
        priceCentavos: 18_900n,
        window: { minDays: 1, maxDays: 1 },
      },
      {
        service: "PROGRAMADO",
        name: "Entrega programada",
        description: "Entrega programada en la ventana elegida, dentro de 2 días hábiles",
        priceCentavos: 14_900n,
        window: { minDays: 1, maxDays: 2 },
      },
    ]);
  });

  it("adds the percentage and then the fixed markup", () => {
    // 99.00 × 1.125 + 10.00 = 121.375 → 121.38
    expect(
      prices(applyRateRules(CDMX_QUOTE, rules({ markupBasisPoints: 1_250, markupFixedCentavos: 1_000 }), 0n)).NACIONAL,
    ).toBe(12_138n);
  });

  it("rounds after the markup", () => {
    const marked = rules({ markupBasisPoints: 1_250, markupFixedCentavos: 1_000 });
    expect(prices(applyRateRules(CDMX_QUOTE, { ...marked, rounding: "up_to_peso" }, 0n)).NACIONAL).toBe(12_200n);
    expect(prices(applyRateRules(CDMX_QUOTE, { ...marked, rounding: "up_to_99" }, 0n)).NACIONAL).toBe(12_199n);
  });

  it("makes the chosen services free from the subtotal threshold on, after markup and rounding", () => {
    const free = rules({
      markupBasisPoints: 1_000,
      rounding: "up_to_99",
      freeShipping: { minSubtotalCentavos: 100_000, services: ["NACIONAL"] },
    });
    expect(prices(applyRateRules(CDMX_QUOTE, free, 99_999n))).toEqual({
      NACIONAL: 10_899n,
      EXPRESS: 20_799n,
      PROGRAMADO: 16_399n,
    });
    expect(prices(applyRateRules(CDMX_QUOTE, free, 100_000n))).toEqual({
      NACIONAL: 0n,
      EXPRESS: 20_799n,
      PROGRAMADO: 16_399n,
    });
  });

  it("offers no free shipping without a threshold", () => {
    const offers = applyRateRules(
      CDMX_QUOTE,
      rules({ freeShipping: { minSubtotalCentavos: null, services: ["NACIONAL"] } }),
      10n ** 9n,
    );
    expect(prices(offers).NACIONAL).toBe(9_900n);
  });

  it("hides the services the shop does not offer", () => {
    expect(
      applyRateRules(CDMX_QUOTE, rules({ hiddenServices: ["EXPRESS", "PROGRAMADO"] }), 0n).map((o) => o.service),
    ).toEqual(["NACIONAL"]);
  });

  it("uses the shop's names, and its description when it has one", () => {
    const named = rules({
      names: { EXPRESS: { name: "Llega mañana" }, NACIONAL: { name: "Normal", description: "De 1 a 3 días" } },
    });
    const offers = applyRateRules(CDMX_QUOTE, named, 0n);
    expect(offers.map((o) => [o.name, o.description])).toEqual([
      ["Normal", "De 1 a 3 días"],
      ["Llega mañana", "Envío express, 1 día hábil"],
      ["Entrega programada", "Entrega programada en la ventana elegida, dentro de 2 días hábiles"],
    ]);
  });

  it("words the window the checkout dates, handling days included, instead of the service's transit days", () => {
    const offers = applyRateRules(CDMX_QUOTE, rules({ handlingDays: 2 }), 0n);
    expect(offers.map((o) => o.description)).toEqual([
      "Llega en 3 a 5 días hábiles",
      "Llega en 3 días hábiles",
      "Llega en 3 a 4 días hábiles",
    ]);
    // Without handling days the service's own words match its dates and are kept; the merchant's own always are.
    expect(applyRateRules(CDMX_QUOTE, rules(), 0n).find((o) => o.service === "EXPRESS")?.description).toBe(
      "Envío express, 1 día hábil",
    );
    const named = rules({ handlingDays: 2, names: { EXPRESS: { name: "Rápido", description: "Con DHL" } } });
    expect(applyRateRules(CDMX_QUOTE, named, 0n).find((o) => o.service === "EXPRESS")?.description).toBe("Con DHL");
    expect(windowDescription({ minDays: 1, maxDays: 1 })).toBe("Llega en 1 día hábil");
    expect(windowDescription({ minDays: 0, maxDays: 0 })).toBe("Llega hoy");
  });

  it("adds the handling days to the delivery window", () => {
    expect(applyRateRules(CDMX_QUOTE, rules({ handlingDays: 2 }), 0n).map((o) => o.window)).toEqual([
      { minDays: 3, maxDays: 5 },
      { minDays: 3, maxDays: 3 },
      { minDays: 3, maxDays: 4 },
    ]);
  });
});

describe("deliveryWindow", () => {
  it("starts the window one business day after dispatch, or at dispatch for same-day services", () => {
    expect(deliveryWindow(5, 0)).toEqual({ minDays: 1, maxDays: 5 });
    expect(deliveryWindow(0, 2)).toEqual({ minDays: 2, maxDays: 2 });
  });
});

describe("fallbackOffers", () => {
  const fallback = rules({
    fallbackRates: [
      { service: "NACIONAL", name: "Envío estándar (tarifa fija)", priceCentavos: 14_900, maxDays: 7 },
      { service: "EXPRESS", name: "Express (tarifa fija)", priceCentavos: 29_900 },
    ],
  });

  it("answers the shop's fixed prices as they are, without markup or rounding", () => {
    const offers = fallbackOffers({ ...fallback, markupBasisPoints: 5_000, rounding: "up_to_99" }, 0n);
    expect(offers).toEqual([
      {
        service: "NACIONAL",
        name: "Envío estándar (tarifa fija)",
        description: "",
        priceCentavos: 14_900n,
        window: { minDays: 1, maxDays: 7 },
      },
      { service: "EXPRESS", name: "Express (tarifa fija)", description: "", priceCentavos: 29_900n, window: null },
    ]);
  });

  it("still applies hiding, free shipping and handling days", () => {
    const offers = fallbackOffers(
      {
        ...fallback,
        hiddenServices: ["EXPRESS"],
        handlingDays: 1,
        freeShipping: { minSubtotalCentavos: 50_000, services: ["NACIONAL"] },
      },
      50_000n,
    );
    expect(offers).toEqual([
      {
        service: "NACIONAL",
        name: "Envío estándar (tarifa fija)",
        description: "",
        priceCentavos: 0n,
        window: { minDays: 2, maxDays: 8 },
      },
    ]);
  });
});
