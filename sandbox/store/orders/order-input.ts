import type { DeliveryMethodType } from "../state/records";

export interface OrderLineInput {
  /** A gid or the numeric id REST payloads carry; or give `sku` instead. */
  variantId?: string | number;
  sku?: string;
  quantity: number;
  /** Unit price; defaults to the variant's price. */
  price?: string;
  /** The location (name or gid) the line is assigned to; defaults to the primary location. */
  location?: string;
  /** How the line reaches the buyer; defaults to the order's. */
  deliveryMethod?: DeliveryMethodType;
  /**
   * Split carts: the index in the order's `shippingLines` this line goes by. Required when the
   * order has several shipping lines; with one, every line goes by it.
   */
  shippingLine?: number;
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
  /**
   * A split cart (ship and pickup in one order, Plus, 2026-05): several shipping lines, each line
   * item naming its own (`OrderLineInput.shippingLine`). Exclusive with `shippingLine`.
   */
  shippingLines?: ShippingLineInput[];
  /** Merged over a Ciudad de México default address; null for an order with no address. */
  shippingAddress?: AddressInput | null;
  email?: string | null;
  phone?: string | null;
  /** How the order reaches the buyer (SHIPPING, PICK_UP, LOCAL…); default SHIPPING. */
  deliveryMethod?: DeliveryMethodType;
  test?: boolean;
  tags?: string[];
  note?: string | null;
}
