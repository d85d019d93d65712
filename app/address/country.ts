import { cleanText, foldKey } from "./normalize";
import type { ShopifyAddress } from "./types";

/** Whether the address names Mexico, names another country, or names none. */
export type CountryCheck = { kind: "mexico" } | { kind: "missing" } | { kind: "other"; country: string };

const MEXICO = new Set([
  "mx",
  "mex",
  "mexico",
  "mejico",
  "republicamexicana",
  "estadosunidosmexicanos",
  "unitedmexicanstates",
]);

/** Reads `country_code`, then `country`; the code wins because it is what Shopify validates. */
export function checkCountry(address: ShopifyAddress): CountryCheck {
  const given = cleanText(address.country_code) || cleanText(address.country);
  if (given === "") return { kind: "missing" };
  return MEXICO.has(foldKey(given)) ? { kind: "mexico" } : { kind: "other", country: given };
}
