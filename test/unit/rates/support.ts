// Shared builders for the rates unit tests: the shop rules with defaults, and a realistic rate request.
import fixture from "../../fixtures/carrier-rate-request.mx.json";
import { ratesSettingsSchema, type RatesSettings } from "~/shop/settings-schema";
import { parseRateRequest, type RateRequest } from "~/rates";

/** The default rules with `overrides`, validated like stored settings. */
export function rules(overrides: Partial<RatesSettings> = {}): RatesSettings {
  return ratesSettingsSchema.parse(overrides);
}

/** The realistic Mexico City rate request (two mugs and a gift card), with `patch` merged into `rate`. */
export function rateRequest(patch: Partial<Record<keyof RateRequest, unknown>> = {}): RateRequest {
  const parsed = parseRateRequest({ rate: { ...structuredClone(fixture.rate), ...patch } });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rate;
}

export const CDMX_QUOTE = [
  {
    service: "NACIONAL" as const,
    days: 3,
    totalPricing: "99.00",
    description: "Envío nacional estándar, 1 a 3 días hábiles",
    provider: "ESTAFETA",
  },
  {
    service: "EXPRESS" as const,
    days: 1,
    totalPricing: "189.00",
    description: "Envío express, 1 día hábil",
    provider: "DHL",
  },
  {
    service: "PROGRAMADO" as const,
    days: 2,
    totalPricing: "149.00",
    description: "Entrega programada en la ventana elegida, dentro de 2 días hábiles",
    provider: "FEDEX",
  },
];

/** Wednesday 2026-11-25 12:00 in Mexico City (UTC−6). */
export const WEDNESDAY_NOON = new Date("2026-11-25T18:00:00Z");
