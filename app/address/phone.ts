import { cleanText } from "./normalize";
import type { AddressWarning } from "./types";

/** A phone ready for the service, with what the merchant should know about it. */
export type Phone = { value: string; warnings: AddressWarning[] };

// Prefixes around a 10-digit national number, longest first: international dialling (00),
// country code (52), the mobile "1" Mexico used after 52 until 2019, and the old domestic
// long-distance (01) and mobile (044 local, 045 long distance) prefixes.
const PREFIXES = ["00521", "0052", "521", "52", "044", "045", "01"];
const NATIONAL = /^[2-9]\d{9}$/;
const LABEL = /^(?:tel[eé]fono|tel|celular|cel|m[oó]vil|whats\s?app|wa)(?!\p{L})\.?\s*:?\s*/iu;
const ALLOWED = /^\+?[\d\s().\-/]*$/;

/**
 * Normalises a phone to the 10-digit national number the service's WhatsApp contact needs.
 * Anything that is not clearly a Mexican number is sent exactly as typed, with a warning.
 */
export function normalizePhone(raw: unknown): Phone {
  const original = cleanText(raw);
  if (original === "") {
    return {
      value: "",
      warnings: [
        {
          field: "phone",
          code: "noPhone",
          params: {},
          message: "no phone number; the service needs one reachable by WhatsApp",
        },
      ],
    };
  }
  const number = original.replace(LABEL, "");
  const national = ALLOWED.test(number) ? toNational(number) : undefined;
  if (national !== undefined) return { value: national, warnings: [] };
  return {
    value: original,
    warnings: [
      {
        field: "phone",
        code: "phoneNot10Digits",
        params: { phone: original },
        message: `phone "${original}" is not a 10-digit Mexican number; sent as given`,
        original,
      },
    ],
  };
}

function toNational(text: string): string | undefined {
  const digits = text.replace(/\D+/g, "");
  // A leading "+" means the digits start with a country code, so only 52 may follow it.
  const candidates = text.startsWith("+")
    ? PREFIXES.filter((p) => p.startsWith("52")).map((p) => digits.startsWith(p) && digits.slice(p.length))
    : [digits, ...PREFIXES.map((p) => digits.startsWith(p) && digits.slice(p.length))];
  for (const candidate of candidates) {
    if (candidate && NATIONAL.test(candidate)) return candidate;
  }
  return undefined;
}
