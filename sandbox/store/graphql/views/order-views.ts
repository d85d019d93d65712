import { numericId } from "../../ids";
import type { LineItemRecord, OrderRecord, ShippingLineRecord } from "../../state/records";
import { visibleAddress, visibleContact, type VisibleAddress } from "../../state/protected-customer-data";
import { isoUtc } from "../../timestamps";
import { paginate, type ConnectionArgs } from "../connection";
import { moneyBag, type StoreContext } from "../context";
import { fulfillmentOrderView, fulfillmentView } from "./fulfillment-views";
import { linkViews } from "./links";
import { metafieldFields } from "./metafield-views";
import { productView, variantView } from "./product-views";

const byId = (record: { id: string }): [number, number] => [numericId(record.id), numericId(record.id)];

export function displayFulfillmentStatus(order: OrderRecord): string {
  const shippable = order.lineItems.filter((item) => item.requiresShipping);
  const ordered = shippable.reduce((sum, item) => sum + item.quantity, 0);
  const open = shippable.reduce((sum, item) => sum + item.fulfillableQuantity, 0);
  if (ordered > 0 && open === 0 && order.fulfillmentIds.length > 0) return "FULFILLED";
  if (open < ordered) return "PARTIALLY_FULFILLED";
  return "UNFULFILLED";
}

export function orderView(ctx: StoreContext, order: OrderRecord) {
  const currency = order.currency;
  const contact = visibleContact(ctx.shop.customerData, order);
  return {
    __typename: "Order",
    id: order.id,
    legacyResourceId: String(numericId(order.id)),
    name: order.name,
    email: contact.email,
    phone: contact.phone,
    createdAt: isoUtc(order.createdAt),
    updatedAt: isoUtc(order.updatedAt),
    processedAt: isoUtc(order.createdAt),
    cancelledAt: order.cancelledAt === null ? null : isoUtc(order.cancelledAt),
    closed: false,
    test: order.test,
    tags: order.tags,
    note: order.note,
    currencyCode: currency,
    displayFinancialStatus: order.financialStatus.toUpperCase(),
    displayFulfillmentStatus: () => displayFulfillmentStatus(order),
    requiresShipping: order.lineItems.some((item) => item.requiresShipping),
    subtotalPriceSet: moneyBag(order.subtotalPrice, currency),
    totalPriceSet: moneyBag(order.totalPrice, currency),
    shippingAddress: order.shippingAddress
      ? mailingAddressView(order, visibleAddress(ctx.shop.customerData, order.shippingAddress))
      : null,
    shippingLine: order.shippingLines[0] ? shippingLineView(order.shippingLines[0], currency) : null,
    shippingLines: (args: ConnectionArgs) =>
      paginate(order.shippingLines, args, "shippingLines", byId, (line) => shippingLineView(line, currency)),
    lineItems: (args: ConnectionArgs) =>
      paginate(order.lineItems, args, "lineItems", byId, (item) => lineItemView(ctx, item, currency)),
    fulfillmentOrders: (args: ConnectionArgs) =>
      paginate(
        order.fulfillmentOrderIds.map((id) => ctx.shop.fulfillmentOrders.get(id)!),
        args,
        "fulfillmentOrders",
        byId,
        (fo) => fulfillmentOrderView(ctx, fo),
      ),
    fulfillments: (args: { first?: number | null }) =>
      order.fulfillmentIds
        .slice(0, args.first ?? undefined)
        .map((id) => fulfillmentView(ctx, ctx.shop.fulfillments.get(id)!)),
    ...metafieldFields(ctx, order.id),
  };
}

function lineItemView(ctx: StoreContext, item: LineItemRecord, currency: string) {
  return {
    __typename: "LineItem",
    id: item.id,
    name: item.name,
    title: item.title,
    variantTitle: item.variantTitle,
    sku: item.sku,
    vendor: item.vendor,
    quantity: item.quantity,
    currentQuantity: item.quantity,
    unfulfilledQuantity: item.fulfillableQuantity,
    requiresShipping: item.requiresShipping,
    taxable: item.taxable,
    originalUnitPriceSet: moneyBag(item.price, currency),
    variant: () => {
      const variant = item.variantId ? ctx.shop.variants.get(item.variantId) : undefined;
      return variant ? variantView(ctx, variant) : null;
    },
    product: () => {
      const product = item.productId ? ctx.shop.products.get(item.productId) : undefined;
      return product ? productView(ctx, product) : null;
    },
  };
}

function shippingLineView(line: ShippingLineRecord, currency: string) {
  return {
    id: line.id,
    title: line.title,
    code: line.code,
    source: line.source,
    carrierIdentifier: line.carrierIdentifier,
    originalPriceSet: moneyBag(line.price, currency),
    discountedPriceSet: moneyBag(line.price, currency),
  };
}

function mailingAddressView(order: OrderRecord, address: VisibleAddress) {
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ") || null;
  return {
    __typename: "MailingAddress",
    id: `gid://shopify/MailingAddress/${numericId(order.id)}?model_name=Address`,
    ...address,
    name,
    countryCodeV2: address.countryCode,
    formatted: (args: { withName?: boolean; withCompany?: boolean }) =>
      [
        args.withName ? name : null,
        args.withCompany ? address.company : null,
        address.address1,
        address.address2,
        [address.zip, `${address.city}, ${address.provinceCode}`].filter(Boolean).join(" "),
        address.country,
      ].filter((line): line is string => Boolean(line)),
  };
}

linkViews({ orderView, lineItemView, shippingLineView });
