import { describe, expect, it } from "vitest";
import { answerFor } from "~/rates/answer";
import { CDMX_QUOTE, rules, WEDNESDAY_NOON } from "./support";

const cart = { subtotalCentavos: 99_800n, now: WEDNESDAY_NOON };
const withFallback = rules({
  fallbackRates: [{ service: "NACIONAL", name: "Tarifa fija", priceCentavos: 15_000, maxDays: 5 }],
});

describe("answerFor", () => {
  it("answers the quoted services as Shopify rates with exact subunits and business-day dates", () => {
    const answer = answerFor({ kind: "quoted", services: CDMX_QUOTE }, rules(), cart);
    expect(answer).toMatchObject({ kind: "rates", outcome: "rates" });
    expect(answer.kind === "rates" && answer.rates[0]).toEqual({
      service_name: "Envío estándar",
      service_code: "NACIONAL",
      description: "Envío nacional estándar, 1 a 3 días hábiles",
      currency: "MXN",
      total_price: "9900",
      phone_required: true,
      min_delivery_date: "2026-11-26 12:00:00 -0600",
      max_delivery_date: "2026-11-30 12:00:00 -0600",
    });
  });

  it("answers no rates when the service offers none or every one is hidden", () => {
    expect(answerFor({ kind: "quoted", services: [] }, rules(), cart)).toEqual({
      kind: "rates",
      outcome: "no_rates",
      rates: [],
    });
    const hidden = rules({ hiddenServices: ["NACIONAL", "EXPRESS", "PROGRAMADO"] });
    expect(answerFor({ kind: "quoted", services: CDMX_QUOTE }, hidden, cart)).toEqual({
      kind: "rates",
      outcome: "no_rates",
      rates: [],
    });
  });

  it("answers no rates for a destination no carrier serves (SHP-003)", () => {
    expect(answerFor({ kind: "not_served" }, withFallback, cart)).toEqual({
      kind: "rates",
      outcome: "no_rates",
      rates: [],
    });
  });

  it("answers the fallback rates for a cart the service cannot price", () => {
    const answer = answerFor({ kind: "unquotable", detail: "no dimensions" }, withFallback, cart);
    expect(answer).toMatchObject({
      kind: "rates",
      outcome: "fallback",
      rates: [{ service_code: "NACIONAL", service_name: "Tarifa fija", total_price: "15000" }],
    });
  });

  it("lets Shopify show its backup rates when the fallback is needed but none is configured", () => {
    expect(answerFor({ kind: "unquotable", detail: "no dimensions" }, rules(), cart)).toMatchObject({
      kind: "backup",
      outcome: "backup",
    });
  });

  it("follows the shop's choice on insufficient stock", () => {
    const stock = { kind: "insufficient_stock", detail: "stock" } as const;
    expect(answerFor(stock, { ...withFallback, onInsufficientStock: "no_rates" }, cart)).toMatchObject({
      outcome: "no_rates",
      rates: [],
    });
    expect(answerFor(stock, { ...withFallback, onInsufficientStock: "quote_anyway" }, cart)).toMatchObject({
      outcome: "fallback",
    });
    expect(answerFor(stock, rules({ onInsufficientStock: "quote_anyway" }), cart)).toMatchObject({ kind: "backup" });
  });

  it("follows the shop's failure policy on timeouts and service errors", () => {
    const failed = { kind: "failed", detail: "timeout" } as const;
    expect(answerFor(failed, withFallback, cart)).toMatchObject({ kind: "backup", outcome: "backup" });
    expect(answerFor(failed, { ...withFallback, onFailure: "fallback_rates" }, cart)).toMatchObject({
      kind: "rates",
      outcome: "fallback",
    });
    expect(answerFor(failed, rules({ onFailure: "fallback_rates" }), cart)).toMatchObject({ kind: "backup" });
  });
});
