/**
 * The address parser's warnings are codes with parameters (`code`, `params` on each warning; the
 * English `message` beside them is for support). Pedidos and the order-page block word them from
 * `orders.warnings.<code>`. Warnings stored before codes were converted once by migration
 * 20261125015000_coded_reasons.
 * @internal
 */
export const WARNING_CODES = [
  "stateMismatch",
  "unknownState",
  "unknownStateFromPostalCode",
  "noStateFromPostalCode",
  "noState",
  "noCountry",
  "noCity",
  "noPhone",
  "phoneNot10Digits",
  "noPostalCode",
  "postalCodeFourDigits",
  "postalCodeInvalid",
  "postalCodeFromLine",
  "postalCodeInLine",
  "recipientFromCompany",
  "noRecipient",
  "lotAsStreet",
  "noStreet",
  "noExteriorNumber",
  "noColonia",
  "buildingAfterNumber",
  "interiorAfterNumber",
  "interiorWithoutLabel",
  "building",
  "coloniaWithoutLabel",
  "unclearKeptInStreet",
  "unclearAsInterior",
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

export interface WarningMessage {
  code: WarningCode;
  params: Record<string, string>;
}

/** A stored warning's code and parameters; null for one without a (known) code. */
export function storedWarning(warning: { code?: unknown; params?: unknown; message?: unknown }): WarningMessage | null {
  const { code, params } = warning;
  if (typeof code !== "string" || !(WARNING_CODES as readonly string[]).includes(code)) return null;
  const kept: Record<string, string> = {};
  if (params && typeof params === "object" && !Array.isArray(params)) {
    for (const [name, value] of Object.entries(params)) if (typeof value === "string") kept[name] = value;
  }
  return { code: code as WarningCode, params: kept };
}
