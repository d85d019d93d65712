import { z } from "zod";
import { SERVICE_CODES, type ServiceCode } from "../service-codes";

export const serviceCodeSchema = z.enum(SERVICE_CODES);

/**
 * Reads a service code as the service writes it. Newer documentation spells the scheduled service
 * PROGRAMADA, older PROGRAMADO; both mean the same service, so reading normalises to the one we send.
 */
export function normaliseServiceCode(raw: string): ServiceCode | undefined {
  const upper = raw.trim().toUpperCase();
  if (upper === "PROGRAMADA") return "PROGRAMADO";
  return (SERVICE_CODES as readonly string[]).includes(upper) ? (upper as ServiceCode) : undefined;
}

/** Builds the two wire names that carry the service's own short name (default "svc"). */
export function wireNames(serviceName: string): { serviceField: string; availabilityField: string } {
  return { serviceField: `servicio_${serviceName}`, availabilityField: `${serviceName}ServiceAvailability` };
}
