import type { RatesSettings, ServiceCode } from "~/shop/shop-settings.server";

/** What the buyer sees when the shop has not named a service. */
export const DEFAULT_SERVICE_NAMES: Record<ServiceCode, string> = {
  NACIONAL: "Envío estándar",
  EXPRESS: "Envío express",
  PROGRAMADO: "Entrega programada",
};

/** The checkout name and description of `service`: the shop's naming first, then the defaults. */
export function serviceLabel(
  service: ServiceCode,
  names: RatesSettings["names"],
  fallback: { name?: string; description: string },
): { name: string; description: string } {
  const custom = names[service];
  return {
    name: custom?.name ?? fallback.name ?? DEFAULT_SERVICE_NAMES[service],
    description: custom?.description ?? fallback.description,
  };
}

/**
 * What the buyer reads of a delivery window, in the checkout's language (Spanish, as the default
 * names): the same business days the checkout turns into dates, handling days included.
 */
export function windowDescription(window: { minDays: number; maxDays: number }): string {
  const days = (n: number) => (n === 1 ? "1 día hábil" : `${n} días hábiles`);
  if (window.maxDays === 0) return "Llega hoy";
  if (window.minDays === window.maxDays) return `Llega en ${days(window.maxDays)}`;
  return `Llega en ${window.minDays} a ${days(window.maxDays)}`;
}
