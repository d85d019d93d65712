import { z } from "zod";

/** The shipping services the service quotes and ships with. */
export const SVC_SERVICE_CODES = ["NACIONAL", "EXPRESS", "PROGRAMADO"] as const;
export type SvcServiceCode = (typeof SVC_SERVICE_CODES)[number];

export const serviceCodeSchema = z.enum(SVC_SERVICE_CODES);

/**
 * Reads a service code as the service writes it. Newer documentation spells the scheduled service
 * PROGRAMADA, older PROGRAMADO; both mean the same service, so reading normalises to the one we send.
 */
export function normaliseServiceCode(raw: string): SvcServiceCode | undefined {
  const upper = raw.trim().toUpperCase();
  if (upper === "PROGRAMADA") return "PROGRAMADO";
  return (SVC_SERVICE_CODES as readonly string[]).includes(upper) ? (upper as SvcServiceCode) : undefined;
}

/** Builds the two wire names that carry the service's own short name (default "svc"). */
export function wireNames(serviceName: string): { serviceField: string; availabilityField: string } {
  return { serviceField: `servicio_${serviceName}`, availabilityField: `${serviceName}ServiceAvailability` };
}
