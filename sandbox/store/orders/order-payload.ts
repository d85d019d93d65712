import { numericId } from "../ids";
import type { FulfillmentRecord, LineItemRecord, OrderRecord } from "../state/records";
import { visibleAddress, visibleContact, type VisibleAddress } from "../state/protected-customer-data";
import type { ShopState } from "../state/shop-state";
import { isoShopLocal } from "../timestamps";

/** REST-shaped order JSON as Shopify sends it with orders/paid (and the other order topics). */
export interface OrderPaidPayload {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  order_number: number;
  number: number;
  email: string | null;
  contact_email: string | null;
  phone: string | null;
  currency: string;
  presentment_currency: string;
  financial_status: string;
  fulfillment_status: "fulfilled" | "partial" | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  test: boolean;
  created_at: string;
  updated_at: string;
  processed_at: string;
  subtotal_price: string;
  total_price: string;
  total_tax: string;
  total_discounts: string;
  total_weight: number;
  taxes_included: boolean;
  tags: string;
  note: string | null;
  source_name: string;
  payment_gateway_names: string[];
  line_items: LineItemPayload[];
  shipping_lines: ShippingLinePayload[];
  shipping_address: AddressPayload | null;
  billing_address: AddressPayload | null;
  fulfillments: FulfillmentPayload[];
}

interface LineItemPayload {
  id: number;
  admin_graphql_api_id: string;
  variant_id: number | null;
  product_id: number | null;
  sku: string | null;
  name: string;
  title: string;
  variant_title: string | null;
  vendor: string;
  quantity: number;
  current_quantity: number;
  grams: number;
  price: string;
  requires_shipping: boolean;
  taxable: boolean;
  gift_card: boolean;
  fulfillment_service: string;
  fulfillable_quantity: number;
  fulfillment_status: "fulfilled" | "partial" | null;
  product_exists: boolean;
  properties: unknown[];
  total_discount: string;
}

interface ShippingLinePayload {
  id: number;
  title: string;
  code: string | null;
  source: string;
  carrier_identifier: string | null;
  price: string;
  discounted_price: string;
  phone: string | null;
  requested_fulfillment_service_id: null;
  delivery_category: null;
}

interface AddressPayload {
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string;
  province: string;
  province_code: string;
  zip: string | null;
  country: string;
  country_code: string;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface FulfillmentPayload {
  id: number;
  admin_graphql_api_id: string;
  order_id: number;
  name: string;
  status: string;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_numbers: string[];
  tracking_url: string | null;
  tracking_urls: string[];
  created_at: string;
  updated_at: string;
}

export function orderPayload(shop: ShopState, order: OrderRecord): OrderPaidPayload {
  // Webhook payloads are redacted like API answers for an app without protected customer data.
  const address = order.shippingAddress
    ? addressPayload(visibleAddress(shop.customerData, order.shippingAddress))
    : null;
  const contact = visibleContact(shop.customerData, order);
  return {
    id: numericId(order.id),
    admin_graphql_api_id: order.id,
    name: order.name,
    order_number: order.number,
    number: order.number - 1000,
    email: contact.email,
    contact_email: contact.email,
    phone: contact.phone,
    currency: order.currency,
    presentment_currency: order.currency,
    financial_status: order.financialStatus,
    fulfillment_status: fulfillmentStatus(order.lineItems),
    cancelled_at: order.cancelledAt === null ? null : isoShopLocal(order.cancelledAt),
    cancel_reason: order.cancelReason,
    test: order.test,
    created_at: isoShopLocal(order.createdAt),
    updated_at: isoShopLocal(order.updatedAt),
    processed_at: isoShopLocal(order.createdAt),
    subtotal_price: order.subtotalPrice,
    total_price: order.totalPrice,
    // Mexican prices include IVA, so no tax is added on top.
    total_tax: "0.00",
    total_discounts: "0.00",
    total_weight: order.lineItems.reduce((sum, item) => sum + item.grams * item.quantity, 0),
    taxes_included: true,
    tags: order.tags.join(", "),
    note: order.note,
    source_name: "web",
    payment_gateway_names: ["shopify_payments"],
    line_items: order.lineItems.map(lineItemPayload),
    shipping_lines: order.shippingLines.map((line) => ({
      id: numericId(line.id),
      title: line.title,
      code: line.code,
      source: line.source,
      carrier_identifier: line.carrierIdentifier,
      price: line.price,
      discounted_price: line.price,
      phone: null,
      requested_fulfillment_service_id: null,
      delivery_category: null,
    })),
    shipping_address: address,
    billing_address: address,
    fulfillments: order.fulfillmentIds.map((id) => fulfillmentPayload(order, shop.fulfillments.get(id)!)),
  };
}

function lineItemPayload(item: LineItemRecord): LineItemPayload {
  return {
    id: numericId(item.id),
    admin_graphql_api_id: item.id,
    variant_id: item.variantId ? numericId(item.variantId) : null,
    product_id: item.productId ? numericId(item.productId) : null,
    sku: item.sku,
    name: item.name,
    title: item.title,
    variant_title: item.variantTitle,
    vendor: item.vendor,
    quantity: item.quantity,
    current_quantity: item.quantity,
    grams: item.grams,
    price: item.price,
    requires_shipping: item.requiresShipping,
    taxable: item.taxable,
    gift_card: false,
    fulfillment_service: "manual",
    fulfillable_quantity: item.fulfillableQuantity,
    fulfillment_status: fulfillmentStatus([item]),
    product_exists: true,
    properties: [],
    total_discount: "0.00",
  };
}

function fulfillmentStatus(items: LineItemRecord[]): "fulfilled" | "partial" | null {
  const shippable = items.filter((item) => item.requiresShipping);
  const ordered = shippable.reduce((sum, item) => sum + item.quantity, 0);
  const open = shippable.reduce((sum, item) => sum + item.fulfillableQuantity, 0);
  if (ordered === 0 || open === ordered) return null;
  return open === 0 ? "fulfilled" : "partial";
}

function addressPayload(address: VisibleAddress): AddressPayload {
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    name: [address.firstName, address.lastName].filter(Boolean).join(" ") || null,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    province_code: address.provinceCode,
    zip: address.zip,
    country: address.country,
    country_code: address.countryCode,
    phone: address.phone,
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

function fulfillmentPayload(order: OrderRecord, fulfillment: FulfillmentRecord): FulfillmentPayload {
  const first = fulfillment.trackingInfo[0];
  return {
    id: numericId(fulfillment.id),
    admin_graphql_api_id: fulfillment.id,
    order_id: numericId(order.id),
    name: fulfillment.name,
    status: fulfillment.status.toLowerCase(),
    tracking_company: first?.company ?? null,
    tracking_number: first?.number ?? null,
    tracking_numbers: fulfillment.trackingInfo.flatMap((info) => (info.number ? [info.number] : [])),
    tracking_url: first?.url ?? null,
    tracking_urls: fulfillment.trackingInfo.flatMap((info) => (info.url ? [info.url] : [])),
    created_at: isoShopLocal(fulfillment.createdAt),
    updated_at: isoShopLocal(fulfillment.updatedAt),
  };
}
