import { foldKey } from "./normalize";

/** One of the 32 federal entities with its official name and the two-digit postal prefixes. */
export type MexicanState = {
  /** Shopify's province code (the one it sends in rate requests and `province_code`). */
  code: string;
  /** Official name as in INEGI's catalogue of federal entities. */
  name: string;
  /** First two digits of every postal code in the state (SEPOMEX ranges). */
  postalPrefixes: readonly [from: number, to: number];
  /** Other spellings seen in Shopify and shopper input: ISO 3166-2 codes, short and old names. */
  aliases: readonly string[];
};

export const MEXICAN_STATES: readonly MexicanState[] = [
  { code: "AGS", name: "Aguascalientes", postalPrefixes: [20, 20], aliases: ["AGU", "Ags."] },
  { code: "BC", name: "Baja California", postalPrefixes: [21, 22], aliases: ["BCN", "Baja California Norte"] },
  { code: "BCS", name: "Baja California Sur", postalPrefixes: [23, 23], aliases: [] },
  { code: "CAMP", name: "Campeche", postalPrefixes: [24, 24], aliases: ["CAM"] },
  { code: "COAH", name: "Coahuila de Zaragoza", postalPrefixes: [25, 27], aliases: ["COA", "Coahuila"] },
  { code: "COL", name: "Colima", postalPrefixes: [28, 28], aliases: [] },
  { code: "CHIS", name: "Chiapas", postalPrefixes: [29, 30], aliases: ["CHP"] },
  { code: "CHIH", name: "Chihuahua", postalPrefixes: [31, 33], aliases: ["CHH"] },
  {
    code: "DF",
    name: "Ciudad de México",
    postalPrefixes: [1, 16],
    aliases: ["CDMX", "CMX", "Distrito Federal", "Mexico City", "México D.F."],
  },
  { code: "DGO", name: "Durango", postalPrefixes: [34, 35], aliases: ["DUR"] },
  { code: "GTO", name: "Guanajuato", postalPrefixes: [36, 38], aliases: ["GUA"] },
  { code: "GRO", name: "Guerrero", postalPrefixes: [39, 41], aliases: [] },
  { code: "HGO", name: "Hidalgo", postalPrefixes: [42, 43], aliases: ["HID"] },
  { code: "JAL", name: "Jalisco", postalPrefixes: [44, 49], aliases: [] },
  {
    code: "MEX",
    name: "México",
    postalPrefixes: [50, 57],
    aliases: ["Estado de México", "Edo. de México", "Edo. Méx.", "State of Mexico"],
  },
  { code: "MICH", name: "Michoacán de Ocampo", postalPrefixes: [58, 61], aliases: ["MIC", "Michoacán"] },
  { code: "MOR", name: "Morelos", postalPrefixes: [62, 62], aliases: [] },
  { code: "NAY", name: "Nayarit", postalPrefixes: [63, 63], aliases: [] },
  { code: "NL", name: "Nuevo León", postalPrefixes: [64, 67], aliases: ["NLE"] },
  { code: "OAX", name: "Oaxaca", postalPrefixes: [68, 71], aliases: [] },
  { code: "PUE", name: "Puebla", postalPrefixes: [72, 75], aliases: [] },
  { code: "QRO", name: "Querétaro", postalPrefixes: [76, 76], aliases: ["QUE", "Querétaro de Arteaga"] },
  { code: "Q ROO", name: "Quintana Roo", postalPrefixes: [77, 77], aliases: ["ROO", "QR", "Q. Roo"] },
  { code: "SLP", name: "San Luis Potosí", postalPrefixes: [78, 79], aliases: [] },
  { code: "SIN", name: "Sinaloa", postalPrefixes: [80, 82], aliases: [] },
  { code: "SON", name: "Sonora", postalPrefixes: [83, 85], aliases: [] },
  { code: "TAB", name: "Tabasco", postalPrefixes: [86, 86], aliases: [] },
  { code: "TAMPS", name: "Tamaulipas", postalPrefixes: [87, 89], aliases: ["TAM"] },
  { code: "TLAX", name: "Tlaxcala", postalPrefixes: [90, 90], aliases: ["TLA"] },
  {
    code: "VER",
    name: "Veracruz de Ignacio de la Llave",
    postalPrefixes: [91, 96],
    aliases: ["Veracruz", "Veracruz-Llave"],
  },
  { code: "YUC", name: "Yucatán", postalPrefixes: [97, 97], aliases: [] },
  { code: "ZAC", name: "Zacatecas", postalPrefixes: [98, 99], aliases: [] },
];

const BY_KEY = new Map<string, MexicanState>();
for (const state of MEXICAN_STATES) {
  for (const spelling of [state.code, state.name, ...state.aliases]) BY_KEY.set(foldKey(spelling), state);
}

/** Finds the state for a Shopify province code, ISO code or name, ignoring case, accents and dots. */
export function findState(text: string): MexicanState | undefined {
  const key = foldKey(text);
  if (key === "") return undefined;
  // ISO 3166-2 codes arrive as "MX-JAL"; strip the country part only when the rest is a state.
  return BY_KEY.get(key) ?? (key.startsWith("mx") ? BY_KEY.get(key.slice(2)) : undefined);
}

/** The state whose postal codes start with these two digits, if any. */
export function stateForPostalCode(postalCode: string): MexicanState | undefined {
  if (!/^\d{5}$/.test(postalCode)) return undefined;
  const prefix = Number(postalCode.slice(0, 2));
  return MEXICAN_STATES.find((s) => prefix >= s.postalPrefixes[0] && prefix <= s.postalPrefixes[1]);
}
