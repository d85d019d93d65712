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
