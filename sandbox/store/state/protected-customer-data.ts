/**
 * Shopify's protected customer data, as an app sees it. Level 1 is customer data without the
 * identifying fields; Level 2 adds the buyer's name, email, phone and address, each requested
 * separately in the Partner Dashboard. An app without access still gets the order and its
 * non-identifying address parts (city, province, country), but the protected fields come back
 * null, in GraphQL answers and in webhook payloads alike (shopify.dev, "Work with protected
 * customer data": apps not approved "might need to ... handle errors or redacted data").
 */
import type { MailingAddressRecord } from "./records";

const LEVEL_2_FIELDS = ["name", "email", "phone", "address"] as const;
type Level2Field = (typeof LEVEL_2_FIELDS)[number];

/** What the app was approved for on this shop. Level 2 lists the fields it may read. */
export interface CustomerDataAccess {
  level: 0 | 1 | 2;
  fields: Level2Field[];
}

/** A development store or an approved app: every field readable (the store's default). */
export const FULL_ACCESS: CustomerDataAccess = { level: 2, fields: [...LEVEL_2_FIELDS] };

/** Validates an access setting; throws a message naming the bad part. */
export function customerDataAccess(input: { level: unknown; fields?: unknown }): CustomerDataAccess {
  const { level } = input;
  if (level !== 0 && level !== 1 && level !== 2) throw new Error("level must be 0, 1 or 2");
  if (input.fields === undefined) return { level, fields: level === 2 ? [...LEVEL_2_FIELDS] : [] };
  if (!Array.isArray(input.fields) || input.fields.some((f) => !LEVEL_2_FIELDS.includes(f as Level2Field)))
    throw new Error(`fields must be a list of ${LEVEL_2_FIELDS.join(", ")}`);
  if (level < 2 && input.fields.length > 0) throw new Error("fields are granted with level 2 only");
  return { level, fields: [...new Set(input.fields as Level2Field[])] };
}

/** True when the app may read that protected field on this shop. */
function mayRead(access: CustomerDataAccess, field: Level2Field): boolean {
  return access.level === 2 && access.fields.includes(field);
}

/** A mailing address with its protected parts possibly withheld. */
export type VisibleAddress = Omit<MailingAddressRecord, "address1" | "zip"> & {
  address1: string | null;
  zip: string | null;
};

/** The address as the app may see it: name, street lines, postal code, phone and position nulled. */
export function visibleAddress(access: CustomerDataAccess, address: MailingAddressRecord): VisibleAddress {
  const name = mayRead(access, "name");
  const street = mayRead(access, "address");
  return {
    ...address,
    firstName: name ? address.firstName : null,
    lastName: name ? address.lastName : null,
    address1: street ? address.address1 : null,
    address2: street ? address.address2 : null,
    zip: street ? address.zip : null,
    latitude: street ? address.latitude : null,
    longitude: street ? address.longitude : null,
    phone: mayRead(access, "phone") ? address.phone : null,
  };
}

/** The order's contact fields as the app may see them. */
export function visibleContact(
  access: CustomerDataAccess,
  order: { email: string | null; phone: string | null },
): { email: string | null; phone: string | null } {
  return {
    email: mayRead(access, "email") ? order.email : null,
    phone: mayRead(access, "phone") ? order.phone : null,
  };
}
