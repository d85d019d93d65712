import type { Zone } from "./zones";

export type ServiceCode = "NACIONAL" | "EXPRESS" | "PROGRAMADO";

export const SERVICE_CODES: readonly ServiceCode[] = ["NACIONAL", "EXPRESS", "PROGRAMADO"];

interface ServiceRow {
  provider: string;
  /** Centavos for the first billable kg, by zone 1..5. */
  baseCentavos: readonly [number, number, number, number, number];
  /** Centavos for each further kg, by zone 1..5. */
  perKgCentavos: readonly [number, number, number, number, number];
  days: readonly [number, number, number, number, number];
  describe(days: number): string;
  /** EXPRESS and PROGRAMADO exist only where a metropolitan carrier route covers the code. */
  needsMetroCoverage: boolean;
}

export const SERVICE_TABLE: Record<ServiceCode, ServiceRow> = {
  NACIONAL: {
    provider: "ESTAFETA",
    baseCentavos: [9900, 11900, 13900, 15900, 18900],
    perKgCentavos: [1500, 2000, 2500, 3000, 3500],
    days: [3, 4, 5, 6, 7],
    describe: (days) => `Envío nacional estándar, ${days - 2} a ${days} días hábiles`,
    needsMetroCoverage: false,
  },
  EXPRESS: {
    provider: "DHL",
    baseCentavos: [18900, 21900, 24900, 27900, 31900],
    perKgCentavos: [3000, 3500, 4000, 4500, 5000],
    days: [1, 2, 2, 2, 2],
    describe: (days) => (days === 1 ? "Envío express, 1 día hábil" : `Envío express, 1 a ${days} días hábiles`),
    needsMetroCoverage: true,
  },
  PROGRAMADO: {
    provider: "FEDEX",
    baseCentavos: [14900, 16900, 18900, 20900, 23900],
    perKgCentavos: [2000, 2500, 3000, 3500, 4000],
    days: [2, 2, 2, 2, 2],
    describe: (days) => `Entrega programada en la ventana elegida, dentro de ${days} días hábiles`,
    needsMetroCoverage: true,
  },
};

export interface PricedService {
  days: number;
  service: ServiceCode;
  totalPricing: string;
  description: string;
  provider: string;
}

/** Integer centavos to the service's price text, e.g. 14950 → "149.50". */
export function formatCentavos(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
}

export function priceCentavos(service: ServiceCode, zone: Zone, billableKg: number): number {
  const row = SERVICE_TABLE[service];
  return row.baseCentavos[zone - 1]! + row.perKgCentavos[zone - 1]! * (billableKg - 1);
}

export function priceService(service: ServiceCode, zone: Zone, billableKg: number): PricedService {
  const row = SERVICE_TABLE[service];
  const days = row.days[zone - 1]!;
  return {
    days,
    service,
    totalPricing: formatCentavos(priceCentavos(service, zone, billableKg)),
    description: row.describe(days),
    provider: row.provider,
  };
}

/**
 * The service does no enum validation on the requested service and falls back to NACIONAL;
 * the newer documentation's spelling PROGRAMADA means PROGRAMADO.
 */
export function normaliseService(requested: string): ServiceCode {
  const value = requested.trim().toUpperCase();
  if (value === "PROGRAMADA") return "PROGRAMADO";
  return (SERVICE_CODES as readonly string[]).includes(value) ? (value as ServiceCode) : "NACIONAL";
}
