import { cleanText } from "./normalize";
import { findState, stateForPostalCode } from "./states";
import type { AddressWarning, ShopifyAddress } from "./types";

/** The state to send, with what the merchant should know about it. */
export type Estado = { value: string; known: boolean; warnings: AddressWarning[] };

/**
 * Resolves the state from `province_code` or `province` to its official name. When neither is a
 * Mexican state, the postal code's state is used; the text given is kept in the warning.
 */
export function resolveEstado(address: ShopifyAddress, postalCode: string): Estado {
  const code = cleanText(address.province_code);
  const name = cleanText(address.province);
  const state = findState(code) ?? findState(name);
  const byPostalCode = stateForPostalCode(postalCode);
  if (state) {
    const warnings: AddressWarning[] =
      byPostalCode && byPostalCode !== state
        ? [
            {
              field: "postalCode",
              code: "stateMismatch",
              params: { cp: postalCode, byCp: byPostalCode.name, state: state.name },
              message: `postal code ${postalCode} is in ${byPostalCode.name}, not ${state.name}; check the address`,
            },
          ]
        : [];
    return { value: state.name, known: true, warnings };
  }
  const given = name || code;
  if (byPostalCode) {
    const message = given
      ? `unknown state "${given}"; sent ${byPostalCode.name}, the state of postal code ${postalCode}`
      : `no state given; sent ${byPostalCode.name}, the state of postal code ${postalCode}`;
    const code = given ? ("unknownStateFromPostalCode" as const) : ("noStateFromPostalCode" as const);
    const params = { state: byPostalCode.name, cp: postalCode, ...(given ? { given } : {}) };
    return {
      value: byPostalCode.name,
      known: false,
      warnings: [{ field: "state", code, params, message, ...(given ? { original: given } : {}) }],
    };
  }
  if (given) {
    return {
      value: given,
      known: false,
      warnings: [
        {
          field: "state",
          code: "unknownState",
          params: { given },
          message: `unknown state "${given}"; sent as given`,
          original: given,
        },
      ],
    };
  }
  return {
    value: "",
    known: false,
    warnings: [{ field: "state", code: "noState", params: {}, message: "no state given" }],
  };
}
