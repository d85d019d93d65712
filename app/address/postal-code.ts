import { cleanText } from "./normalize";
import { stateForPostalCode } from "./states";
import type { AddressWarning } from "./types";

/** A postal code ready for the service, with what the merchant should know about it. */
export type PostalCode = { value: string; warnings: AddressWarning[] };

const LABEL = /^(?:c\.?\s*p\.?|c[oó]digo\s+postal)\s*:?\s*/iu;
const SEPARATORS = /[\s.-]+/g;

/** True for five digits that fall in a range SEPOMEX assigns to some state. */
export function isMexicanPostalCode(value: string): boolean {
  return stateForPostalCode(value) !== undefined;
}

/**
 * Normalises a postal code to five digits. Spreadsheets drop the leading zero of Mexico City's
 * codes, so four digits are padded; anything else is sent exactly as typed, with a warning.
 * @internal
 */
export function normalizePostalCode(raw: unknown): PostalCode {
  const original = cleanText(raw);
  if (original === "") {
    return {
      value: "",
      warnings: [{ field: "postalCode", code: "noPostalCode", params: {}, message: "no postal code given" }],
    };
  }
  const compact = original.replace(LABEL, "").replace(SEPARATORS, "");
  const candidate = /^\d{4}$/.test(compact) ? `0${compact}` : compact;
  if (!/^\d{5}$/.test(candidate)) {
    return { value: original, warnings: [invalid(original, original)] };
  }
  const warnings: AddressWarning[] = [];
  if (candidate !== compact) {
    warnings.push({
      field: "postalCode",
      code: "postalCodeFourDigits",
      params: { given: original, sent: candidate },
      message: `postal code "${original}" has four digits; sent "${candidate}"`,
      original,
    });
  }
  if (!isMexicanPostalCode(candidate)) warnings.push(invalid(original, candidate));
  return { value: candidate, warnings };
}

function invalid(original: string, sent: string): AddressWarning {
  return {
    field: "postalCode",
    code: "postalCodeInvalid",
    params: { given: original, sent },
    message: `"${original}" is not a valid Mexican postal code; sent "${sent}"`,
    original,
  };
}

/**
 * Picks the postal code: the address's own field when given, else one written into an address
 * line ("C.P. 06500"). Line codes that disagree are reported, not dropped.
 */
export function resolvePostalCode(given: unknown, fromLines: readonly string[]): PostalCode {
  const field = cleanText(given);
  const [first, ...others] = fromLines;
  const chosen = field !== "" || first === undefined ? normalizePostalCode(field) : normalizePostalCode(first);
  const warnings = [...chosen.warnings];
  if (field === "" && first !== undefined) {
    warnings.push({
      field: "postalCode",
      code: "postalCodeFromLine",
      params: { cp: first },
      message: `no postal code given; took ${first} from the address line`,
      original: first,
    });
  }
  for (const code of field === "" ? others : fromLines) {
    if (normalizePostalCode(code).value !== chosen.value) {
      warnings.push({
        field: "postalCode",
        code: "postalCodeInLine",
        params: { cp: code, sent: chosen.value || "—" },
        message: `an address line mentions postal code ${code}; sent ${chosen.value || "none"}`,
        original: code,
      });
    }
  }
  return { value: chosen.value, warnings };
}
