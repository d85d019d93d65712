import type { ShippingAddress } from "~/svc";
import type { WarningCode } from "./warning-codes";

/**
 * The service's destination (app/svc maps it to the wire), as the parser always fills it: the
 * interior number is text ("" for none), and the country is always "Mexico" (orders require
 * one, and the service only ships inside Mexico).
 */
export type Destination = ShippingAddress & { interiorNumber: string; country: string };

type Text = string | null | undefined;

/**
 * A Shopify address as it reaches the app: the carrier-service rate `destination` or an order's
 * `shipping_address`. Every field is optional because the two shapes differ and Shopify sends
 * nulls freely.
 */
export type ShopifyAddress = {
  address1?: Text;
  address2?: Text;
  address3?: Text;
  city?: Text;
  province?: Text;
  province_code?: Text;
  zip?: Text;
  postal_code?: Text;
  country?: Text;
  country_code?: Text;
  name?: Text;
  first_name?: Text;
  last_name?: Text;
  company?: Text;
  company_name?: Text;
  phone?: Text;
  fax?: Text;
  email?: Text;
  address_type?: Text;
  latitude?: number | null;
  longitude?: number | null;
};

/** Something the merchant should check: a guess, a fallback or a value sent as given. */
/**
 * What the parser could not place: a code of warning-codes.ts with its parameters (pages word it
 * from `orders.warnings`), and `message`, its English record for support and logs.
 */
export type AddressWarning = {
  field: keyof Destination;
  code: WarningCode;
  params: Record<string, string>;
  message: string;
  original?: string;
};

/** Either a destination the service can take, or the reason it cannot be one. */
export type DestinationResult =
  | { ok: true; destination: Destination; warnings: AddressWarning[] }
  | { ok: false; reason: "outside_mexico"; country: string; message: string };
