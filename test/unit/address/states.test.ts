import { describe, expect, it } from "vitest";
import { MEXICAN_STATES, findState, stateForPostalCode } from "~/address/states";

// Shopify's 32 province codes for Mexico (shopify-facts.md), with the official name each maps to.
const SHOPIFY_CODES: [string, string][] = [
  ["AGS", "Aguascalientes"],
  ["BC", "Baja California"],
  ["BCS", "Baja California Sur"],
  ["CAMP", "Campeche"],
  ["CHIS", "Chiapas"],
  ["CHIH", "Chihuahua"],
  ["DF", "Ciudad de México"],
  ["COAH", "Coahuila de Zaragoza"],
  ["COL", "Colima"],
  ["DGO", "Durango"],
  ["GTO", "Guanajuato"],
  ["GRO", "Guerrero"],
  ["HGO", "Hidalgo"],
  ["JAL", "Jalisco"],
  ["MEX", "México"],
  ["MICH", "Michoacán de Ocampo"],
  ["MOR", "Morelos"],
  ["NAY", "Nayarit"],
  ["NL", "Nuevo León"],
  ["OAX", "Oaxaca"],
  ["PUE", "Puebla"],
  ["QRO", "Querétaro"],
  ["Q ROO", "Quintana Roo"],
  ["SLP", "San Luis Potosí"],
  ["SIN", "Sinaloa"],
  ["SON", "Sonora"],
  ["TAB", "Tabasco"],
  ["TAMPS", "Tamaulipas"],
  ["TLAX", "Tlaxcala"],
  ["VER", "Veracruz de Ignacio de la Llave"],
  ["YUC", "Yucatán"],
  ["ZAC", "Zacatecas"],
];

describe("findState", () => {
  it.each(SHOPIFY_CODES)("maps Shopify's code %j to %s", (code, name) => {
    expect(findState(code)?.name).toBe(name);
  });

  it.each([
    ["CDMX", "Ciudad de México"],
    ["CMX", "Ciudad de México"],
    ["cdmx", "Ciudad de México"],
    ["Distrito Federal", "Ciudad de México"],
    ["D.F.", "Ciudad de México"],
    ["Ciudad de Mexico", "Ciudad de México"],
    ["QROO", "Quintana Roo"],
    ["Q. Roo", "Quintana Roo"],
    ["q roo", "Quintana Roo"],
    ["MX-ROO", "Quintana Roo"],
    ["Estado de México", "México"],
    ["Edo. Mex.", "México"],
    ["Mexico", "México"],
    ["MX-NLE", "Nuevo León"],
    ["NUEVO LEON", "Nuevo León"],
    ["Michoacan", "Michoacán de Ocampo"],
    ["Veracruz", "Veracruz de Ignacio de la Llave"],
    ["Coahuila", "Coahuila de Zaragoza"],
    ["yucatán", "Yucatán"],
    ["San Luis Potosi", "San Luis Potosí"],
  ])("maps %j to %s ignoring case, accents and dots", (text, name) => {
    expect(findState(text)?.name).toBe(name);
  });

  it.each(["", "  ", "Texas", "ON", "MX", "Jalsico"])("finds no state for %j", (text) => {
    expect(findState(text)).toBeUndefined();
  });

  it("lists the 32 states with no spelling shared by two of them", () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    for (const state of MEXICAN_STATES) {
      for (const spelling of [state.code, state.name, ...state.aliases]) expect(findState(spelling)).toBe(state);
    }
  });
});

describe("stateForPostalCode", () => {
  it.each([
    ["06500", "Ciudad de México"],
    ["16000", "Ciudad de México"],
    ["20000", "Aguascalientes"],
    ["44100", "Jalisco"],
    ["54060", "México"],
    ["77500", "Quintana Roo"],
    ["97000", "Yucatán"],
    ["99000", "Zacatecas"],
  ])("places %s in %s", (code, name) => {
    expect(stateForPostalCode(code)?.name).toBe(name);
  });

  it("gives every two-digit prefix from 01 to 99 at most one state, leaving 00 and 17–19 unassigned", () => {
    for (let prefix = 0; prefix <= 99; prefix++) {
      const owners = MEXICAN_STATES.filter((s) => prefix >= s.postalPrefixes[0] && prefix <= s.postalPrefixes[1]);
      expect(owners.length).toBe(prefix === 0 || (prefix >= 17 && prefix <= 19) ? 0 : 1);
    }
  });
});
