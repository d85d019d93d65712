export interface OrderLineInput {
  /** A gid or the numeric id REST payloads carry; or give `sku` instead. */
  variantId?: string | number;
  sku?: string;
  quantity: number;
  /** Unit price; defaults to the variant's price. */
  price?: string;
}

export interface ShippingLineInput {
  /** What the buyer saw: the rate's service_name. */
  title: string;
  /** The rate's service_code; backup rates carry a generic code such as "Shipping". */
  code?: string | null;
  price: string | number;
  /** Defaults to the shop's active carrier service name, or "shopify" when there is none. */
  source?: string;
  carrierIdentifier?: string | null;
}

export interface AddressInput {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string;
  address2?: string | null;
  city?: string;
  province?: string;
  provinceCode?: string;
  zip?: string;
  country?: string;
  countryCode?: string;
  phone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface PaidOrderInput {
  lineItems: OrderLineInput[];
  /** Omitted: a backup-rate line (source "shopify", code "Shipping"); null: no shipping line. */
  shippingLine?: ShippingLineInput | null;
  /** Merged over a Ciudad de México default address; null for an order with no address. */
  shippingAddress?: AddressInput | null;
  email?: string | null;
  phone?: string | null;
  test?: boolean;
  tags?: string[];
  note?: string | null;
}
