import { checkCountry } from "./country";
import { resolveEstado } from "./estado";
import { cleanText } from "./normalize";
import { normalizePhone } from "./phone";
import { isMexicanPostalCode, resolvePostalCode } from "./postal-code";
import { resolveRecipient } from "./recipient";
import { toStreetFields } from "./street";
import { chunkAddressLines } from "./structured";
import type { AddressWarning, Destination, DestinationResult, ShopifyAddress } from "./types";

export type { AddressWarning, Destination, DestinationResult, ShopifyAddress } from "./types";

const FIELD_ORDER: readonly (keyof Destination)[] = [
  "street",
  "exteriorNumber",
  "interiorNumber",
  "neighborhood",
  "postalCode",
  "state",
  "city",
  "recipient",
  "phone",
  "country",
];

/**
 * Turns a Shopify address (rate-request destination or order shipping address) into the
 * service's destination (app/svc's ShippingAddress), or says it is outside Mexico. Never throws, never drops text.
 */
export function toDestination(address: ShopifyAddress): DestinationResult {
  const input: ShopifyAddress = address ?? {};
  const country = checkCountry(input);
  if (country.kind === "other") return outsideMexico(country.country);

  const street = toStreetFields(chunkAddressLines(input.address1, input.address2, input.address3));
  const postalCode = resolvePostalCode(cleanText(input.zip) || cleanText(input.postal_code), street.postalCodes);
  const state = resolveEstado(input, postalCode.value);
  const warnings: AddressWarning[] = [...street.warnings, ...postalCode.warnings, ...state.warnings];

  // Shopify always sends a country, so a missing one is a hand-built or broken payload. Assume
  // Mexico only when the state is a Mexican one and the postal code agrees with it ("BC" alone
  // could be British Columbia); otherwise answer as for any other country.
  if (country.kind === "missing") {
    const agrees = state.known && isMexicanPostalCode(postalCode.value) && state.warnings.length === 0;
    if (!agrees) return outsideMexico("");
    warnings.push({
      field: "country",
      code: "noCountry",
      params: {},
      message: "no country given; assumed Mexico from the state and postal code",
    });
  }

  const city = cleanText(input.city);
  if (city === "") warnings.push({ field: "city", code: "noCity", params: {}, message: "no city given" });
  const recipient = resolveRecipient(input);
  const phone = normalizePhone(input.phone);
  warnings.push(...recipient.warnings, ...phone.warnings);

  const destination: Destination = {
    street: street.street,
    exteriorNumber: street.exteriorNumber,
    interiorNumber: street.interiorNumber,
    neighborhood: street.neighborhood,
    postalCode: postalCode.value,
    state: state.value,
    city,
    recipient: recipient.value,
    phone: phone.value,
    country: "Mexico",
  };
  return { ok: true, destination, warnings: sortByField(warnings) };
}

function outsideMexico(country: string): DestinationResult {
  const named = country ? `"${country}"` : "(none given)";
  return {
    ok: false,
    reason: "outside_mexico",
    country,
    message: `destination country ${named} is outside Mexico, the only country the service ships to`,
  };
}

function sortByField(warnings: AddressWarning[]): AddressWarning[] {
  return warnings
    .map((warning, index) => ({ warning, index }))
    .sort((a, b) => FIELD_ORDER.indexOf(a.warning.field) - FIELD_ORDER.indexOf(b.warning.field) || a.index - b.index)
    .map(({ warning }) => warning);
}
