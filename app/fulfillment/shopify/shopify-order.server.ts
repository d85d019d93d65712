/**
 * Reads a paid order again from Shopify, in the shape the webhook delivered it, so that a retry
 * after the merchant fixed something (a variant's SKU, the shipping address) uses the fix.
 */
import type { AdminGraphql } from "../../shopify/admin.server";
import { readOrder, readOrderName, type MailingAddressRead, type OrderRead } from "../../shopify/admin/orders.server";
import { paidOrderSchema, type PaidOrder } from "../core/paid-order";

/** The order as Shopify has it now; null when it no longer exists. Throws on Shopify errors. */
export async function fetchPaidOrder(admin: AdminGraphql, previous: PaidOrder): Promise<PaidOrder | null> {
  const order = await readOrder(admin, previous.admin_graphql_api_id);
  return order && toPaidOrder(order, previous.line_items);
}

/** The order's name (#1001) as Shopify shows it; null when Shopify has no such order. */
export async function fetchOrderName(admin: AdminGraphql, orderGid: string): Promise<string | null> {
  return readOrderName(admin, orderGid);
}

/** An order the webhook never brought, read from Shopify with its payment status. */
export async function fetchOrderByGid(
  admin: AdminGraphql,
  orderGid: string,
): Promise<{ order: PaidOrder; financialStatus: string | null } | null> {
  const order = await readOrder(admin, orderGid);
  return order && { order: toPaidOrder(order, []), financialStatus: order.displayFinancialStatus ?? null };
}

function toPaidOrder(order: OrderRead, previousLines: PaidOrder["line_items"]): PaidOrder {
  const before = new Map(previousLines.map((line) => [line.id, line]));
  const address = order.shippingAddress;
  return paidOrderSchema.parse({
    id: order.legacyResourceId,
    admin_graphql_api_id: order.id,
    name: order.name,
    cancelled_at: order.cancelledAt,
    test: order.test,
    line_items: order.lineItems.nodes.map((line) => {
      const id = line.id.split("/").pop()!;
      return {
        id,
        name: line.name,
        // A line keeps the SKU it was sold with; one sold without gets the variant's SKU added since.
        sku: line.sku?.trim() ? line.sku : (line.variant?.sku ?? null),
        quantity: line.quantity,
        requires_shipping: line.requiresShipping,
        fulfillment_service: before.get(id)?.fulfillment_service ?? null,
      };
    }),
    shipping_lines: order.shippingLines.nodes,
    shipping_address: address && webhookAddress(address),
  });
}

/** A GraphQL MailingAddress in the webhook's shape, which the address parser reads. */
export function webhookAddress(address: MailingAddressRead) {
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    name: address.name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    province_code: address.provinceCode,
    zip: address.zip,
    country: address.country,
    country_code: address.countryCodeV2,
    phone: address.phone,
  };
}
