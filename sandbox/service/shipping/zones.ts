export type Zone = 1 | 2 | 3 | 4 | 5;

interface PrefixRange {
  from: number;
  to: number;
  zone: Zone;
  region: string;
}

/**
 * Zone by the first two digits of the postal code, by distance from the sandbox warehouse in
 * Tlalnepantla, Estado de México. Prefixes 00 and 17–19 are not assigned in Mexico.
 */
const ZONE_TABLE: readonly PrefixRange[] = [
  { from: 1, to: 16, zone: 1, region: "Ciudad de México" },
  { from: 50, to: 57, zone: 1, region: "Estado de México" },
  { from: 42, to: 43, zone: 2, region: "Hidalgo" },
  { from: 62, to: 62, zone: 2, region: "Morelos" },
  { from: 72, to: 75, zone: 2, region: "Puebla" },
  { from: 76, to: 76, zone: 2, region: "Querétaro" },
  { from: 90, to: 90, zone: 2, region: "Tlaxcala" },
  { from: 20, to: 20, zone: 3, region: "Aguascalientes" },
  { from: 28, to: 28, zone: 3, region: "Colima" },
  { from: 36, to: 38, zone: 3, region: "Guanajuato" },
  { from: 39, to: 41, zone: 3, region: "Guerrero" },
  { from: 44, to: 49, zone: 3, region: "Jalisco" },
  { from: 58, to: 61, zone: 3, region: "Michoacán" },
  { from: 68, to: 71, zone: 3, region: "Oaxaca" },
  { from: 78, to: 79, zone: 3, region: "San Luis Potosí" },
  { from: 91, to: 96, zone: 3, region: "Veracruz" },
  { from: 24, to: 24, zone: 4, region: "Campeche" },
  { from: 25, to: 27, zone: 4, region: "Coahuila" },
  { from: 29, to: 30, zone: 4, region: "Chiapas" },
  { from: 34, to: 35, zone: 4, region: "Durango" },
  { from: 63, to: 63, zone: 4, region: "Nayarit" },
  { from: 64, to: 67, zone: 4, region: "Nuevo León" },
  { from: 80, to: 82, zone: 4, region: "Sinaloa" },
  { from: 86, to: 86, zone: 4, region: "Tabasco" },
  { from: 87, to: 89, zone: 4, region: "Tamaulipas" },
  { from: 98, to: 99, zone: 4, region: "Zacatecas" },
  { from: 21, to: 22, zone: 5, region: "Baja California" },
  { from: 23, to: 23, zone: 5, region: "Baja California Sur" },
  { from: 31, to: 33, zone: 5, region: "Chihuahua" },
  { from: 77, to: 77, zone: 5, region: "Quintana Roo" },
  { from: 83, to: 85, zone: 5, region: "Sonora" },
  { from: 97, to: 97, zone: 5, region: "Yucatán" },
];

/** Well-formed codes no carrier serves (Islas Marías), so tests can hit SHP-003 with a real-looking code. */
const UNSERVED_RANGES: readonly { from: number; to: number; region: string }[] = [
  { from: 63900, to: 63999, region: "Islas Marías, Nayarit" },
];

/** Metropolitan areas where the EXPRESS and PROGRAMADO carrier routes run. */
const METRO_COVERAGE: readonly { from: number; to: number; metro: string }[] = [
  { from: 1000, to: 16999, metro: "Ciudad de México" },
  { from: 44100, to: 45999, metro: "Guadalajara" },
  { from: 64000, to: 67999, metro: "Monterrey" },
];

const zoneByPrefix = new Map<number, Zone>();
for (const range of ZONE_TABLE) {
  for (let prefix = range.from; prefix <= range.to; prefix++) zoneByPrefix.set(prefix, range.zone);
}

export interface Destination {
  zone: Zone;
  metroCovered: boolean;
}

/** The zone of a postal code, or undefined when no carrier serves it (the SHP-003 case). */
export function locate(postalCode: string): Destination | undefined {
  const trimmed = postalCode.trim();
  if (!/^\d{5}$/.test(trimmed)) return undefined;
  const code = Number(trimmed);
  const zone = zoneByPrefix.get(Math.floor(code / 1000));
  if (zone === undefined) return undefined;
  if (UNSERVED_RANGES.some((r) => code >= r.from && code <= r.to)) return undefined;
  return { zone, metroCovered: METRO_COVERAGE.some((r) => code >= r.from && code <= r.to) };
}
