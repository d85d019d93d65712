import { numericId } from "../ids";
import type { PostalAddress } from "../state/records";
import { primaryLocation, type ShopState } from "../state/shop-state";
import { resolveLine } from "./line-items";
import type { AddressInput, OrderLineInput } from "./order-input";
import { DEFAULT_SHIPPING_ADDRESS } from "./order-writer";

interface RateAddress {
  country: string;
  postal_code: string;
  province: string;
  city: string;
  name: string | null;
  address1: string;
  address2: string | null;
  address3: null;
  phone: string | null;
  fax: null;
  email: null;
  address_type: null;
  company_name: string | null;
}

interface RateItem {
  name: string;
  sku: string | null;
  quantity: number;
  grams: number;
  price: number;
  vendor: string;
  requires_shipping: boolean;
  taxable: boolean;
  fulfillment_service: string;
  properties: null;
  product_id: number;
  variant_id: number;
}

/** The `rate` object Shopify POSTs to a carrier service callback at checkout. */
export interface CarrierRateRequest {
  origin: RateAddress;
  destination: RateAddress;
  items: RateItem[];
  currency: string;
  locale: string;
  order_totals: { subtotal_price: number; total_price: number; discount_amount: number };
  customer: { id: number | null; tags: string[] };
}

export interface RateRequestInput {
  items: OrderLineInput[];
  /** Merged over the Ciudad de México default buyer address. */
  destination?: AddressInput;
  locale?: string;
}

export function buildRateRequest(shop: ShopState, input: RateRequestInput): CarrierRateRequest {
  const items = input.items.map((line) => {
    const resolved = resolveLine(shop, line);
    return {
      name: resolved.name,
      sku: resolved.variant.sku,
      quantity: resolved.quantity,
      grams: resolved.grams,
      // Rate requests carry prices in subunits (centavos).
      price: Math.round(Number(resolved.price) * 100),
      vendor: resolved.product.vendor,
      requires_shipping: resolved.requiresShipping,
      taxable: resolved.variant.taxable,
      fulfillment_service: "manual",
      properties: null,
      product_id: numericId(resolved.product.id),
      variant_id: numericId(resolved.variant.id),
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const location = primaryLocation(shop);
  const given = Object.entries(input.destination ?? {}).filter(([, value]) => value !== undefined);
  const destination = { ...DEFAULT_SHIPPING_ADDRESS, ...Object.fromEntries(given) };
  const buyer = [destination.firstName, destination.lastName].filter(Boolean).join(" ");
  return {
    origin: rateAddress(location.address, null, shop.name),
    destination: rateAddress(destination, buyer || null, destination.company ?? null),
    items,
    currency: shop.currencyCode,
    locale: input.locale ?? "es-MX",
    order_totals: { subtotal_price: subtotal, total_price: subtotal, discount_amount: 0 },
    customer: { id: null, tags: [] },
  };
}

function rateAddress(address: PostalAddress, name: string | null, company: string | null): RateAddress {
  return {
    country: address.countryCode,
    postal_code: address.zip,
    province: address.provinceCode,
    city: address.city,
    name,
    address1: address.address1,
    address2: address.address2,
    address3: null,
    phone: address.phone,
    fax: null,
    email: null,
    address_type: null,
    company_name: company,
  };
}
