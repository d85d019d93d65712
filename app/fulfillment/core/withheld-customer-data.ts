/**
 * Pure: whether Shopify withheld the buyer's protected fields from a shipping address.
 *
 * An app without protected customer data access (Level 2: name, address, phone, email) still gets
 * the order's address object, with the city, state and country, but the name, the street lines,
 * the postal code and the phone come back null (docs/privacy.md). A real shipping address always
 * has a street line and a postal code, so both missing together with the name is Shopify
 * withholding them, not a buyer leaving them out. A withheld phone alone cannot be told from a
 * buyer who gave none, so that case stays the address module's "no phone" warning.
 */

/** The address fields the check reads (the webhook's shape, which the order reads produce too). */
export interface AddressFields {
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  address1: string | null;
  zip: string | null;
}

const blank = (value: string | null) => !value?.trim();

/** True when the address's protected parts were withheld by Shopify. */
export function customerDataWithheld(address: AddressFields): boolean {
  return (
    blank(address.address1) &&
    blank(address.zip) &&
    blank(address.name) &&
    blank(address.first_name) &&
    blank(address.last_name)
  );
}
