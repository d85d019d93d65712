import { createHash } from "node:crypto";
import type {
  DeliveryMethodType,
  FulfillmentOrderRecord,
  LineItemRecord,
  LocationRecord,
  MailingAddressRecord,
  OrderRecord,
  ShippingLineRecord,
} from "../state/records";
import { levelKey, primaryLocation, type ShopState } from "../state/shop-state";
import { money } from "../units";
import { resolveLine, type ResolvedLine } from "./line-items";
import type { AddressInput, PaidOrderInput, ShippingLineInput } from "./order-input";

// The buyer from the orders/paid fixture.
export const DEFAULT_SHIPPING_ADDRESS: MailingAddressRecord = {
  firstName: "Ana",
  lastName: "López",
  company: null,
  address1: "Río Lerma 232",
  address2: "Int. 4, Col. Cuauhtémoc",
  city: "Ciudad de México",
  province: "Ciudad de México",
  provinceCode: "DF",
  zip: "06500",
  country: "Mexico",
  countryCode: "MX",
  phone: "+52 55 1234 5678",
  latitude: 19.4295,
  longitude: -99.1677,
};

/** Records a paid order with one fulfilment order for its shippable lines, as checkout would. */
export function createPaidOrder(shop: ShopState, input: PaidOrderInput, now: number): OrderRecord {
  if (input.lineItems.length === 0) throw new Error("an order needs at least one line item");
  const lines = input.lineItems.map((line) => resolveLine(shop, line));
  const placement = input.lineItems.map((line) => ({
    locationId: line.location ? findLocation(shop, line.location).id : primaryLocation(shop).id,
    deliveryMethod: line.deliveryMethod ?? input.deliveryMethod ?? "SHIPPING",
  }));
  const lineItems: LineItemRecord[] = lines.map((line) => lineItemRecord(shop, line));
  const shippingLines = shippingLinesOf(shop, input);
  lineItems.forEach((item, index) => {
    item.shippingLineId = lineShippingLine(input, index, shippingLines)?.id ?? null;
  });
  const subtotal = lineItems.reduce((sum, item) => sum + Number(item.price) * item.quantity, 0);
  const shipping = shippingLines.reduce((sum, line) => sum + Number(line.price), 0);
  const number = shop.nextOrderNumber++;
  const order: OrderRecord = {
    id: shop.ids.next("Order"),
    number,
    name: `#${number}`,
    email: input.email === undefined ? "ana@example.com" : input.email,
    phone: input.phone ?? null,
    currency: shop.currencyCode,
    financialStatus: "paid",
    cancelledAt: null,
    cancelReason: null,
    test: input.test ?? false,
    tags: input.tags ?? [],
    note: input.note ?? null,
    createdAt: now,
    updatedAt: now,
    lineItems,
    shippingLines,
    shippingAddress: input.shippingAddress === null ? null : address(input.shippingAddress),
    subtotalPrice: money(subtotal),
    totalPrice: money(subtotal + shipping),
    fulfillmentOrderIds: [],
    fulfillmentIds: [],
  };
  shop.orders.set(order.id, order);
  commitStock(shop, order, placement, now);
  // One fulfilment order per location, delivery method and shipping line (a split cart's parts
  // never share one), as Shopify's order routing makes them.
  const groups = new Map<string, { locationId: string; deliveryMethod: DeliveryMethodType; items: LineItemRecord[] }>();
  lineItems.forEach((item, index) => {
    if (!item.requiresShipping) return;
    const { locationId, deliveryMethod } = placement[index]!;
    const key = `${locationId}|${deliveryMethod}|${item.shippingLineId ?? ""}`;
    const group = groups.get(key) ?? { locationId, deliveryMethod, items: [] };
    group.items.push(item);
    groups.set(key, group);
  });
  for (const group of groups.values()) {
    const fulfillmentOrder: FulfillmentOrderRecord = {
      id: shop.ids.next("FulfillmentOrder"),
      orderId: order.id,
      locationId: group.locationId,
      status: "OPEN",
      requestStatus: "UNSUBMITTED",
      deliveryMethod: group.deliveryMethod,
      holds: [],
      fulfillAt: null,
      lineItems: group.items.map((item) => ({
        id: shop.ids.next("FulfillmentOrderLineItem"),
        lineItemId: item.id,
        totalQuantity: item.quantity,
        remainingQuantity: item.quantity,
      })),
      createdAt: now,
      updatedAt: now,
    };
    shop.fulfillmentOrders.set(fulfillmentOrder.id, fulfillmentOrder);
    order.fulfillmentOrderIds.push(fulfillmentOrder.id);
  }
  return order;
}

/** A new line item of an order, for a resolved line. */
export function lineItemRecord(shop: ShopState, line: ResolvedLine): LineItemRecord {
  return {
    id: shop.ids.next("LineItem"),
    variantId: line.variant.id,
    productId: line.product.id,
    sku: line.variant.sku,
    name: line.name,
    title: line.product.title,
    variantTitle: line.variant.title === "Default Title" ? null : line.variant.title,
    vendor: line.product.vendor,
    quantity: line.quantity,
    grams: line.grams,
    price: line.price,
    requiresShipping: line.requiresShipping,
    taxable: line.variant.taxable,
    fulfillableQuantity: line.quantity,
  };
}

/** A location by gid or name. */
export function findLocation(shop: ShopState, nameOrId: string): LocationRecord {
  const found = shop.locations.get(nameOrId) ?? [...shop.locations.values()].find((l) => l.name === nameOrId);
  if (!found) throw new Error(`no location ${nameOrId} in ${shop.domain}`);
  return found;
}

/** Cancels and refunds: open fulfilment work is cancelled and committed stock comes back. */
export function cancelOrder(shop: ShopState, order: OrderRecord, now: number): OrderRecord {
  if (order.cancelledAt !== null) return order;
  order.cancelledAt = now;
  order.cancelReason = "customer";
  order.financialStatus = "refunded";
  order.updatedAt = now;
  for (const id of order.fulfillmentOrderIds) {
    const fulfillmentOrder = shop.fulfillmentOrders.get(id)!;
    if (fulfillmentOrder.status === "CLOSED") continue;
    for (const line of fulfillmentOrder.lineItems) {
      const item = order.lineItems.find((candidate) => candidate.id === line.lineItemId)!;
      moveStock(
        shop,
        item.variantId,
        fulfillmentOrder.locationId,
        line.remainingQuantity,
        -line.remainingQuantity,
        now,
      );
      line.remainingQuantity = 0;
    }
    fulfillmentOrder.status = "CANCELLED";
    fulfillmentOrder.updatedAt = now;
  }
  return order;
}

function commitStock(shop: ShopState, order: OrderRecord, placement: { locationId: string }[], now: number): void {
  order.lineItems.forEach((item, index) => {
    // Only shippable lines wait in "committed" for a fulfilment; the rest leave stock at once.
    const { locationId } = placement[index]!;
    moveStock(shop, item.variantId, locationId, -item.quantity, item.requiresShipping ? item.quantity : 0, now);
  });
}

export function moveStock(
  shop: ShopState,
  variantId: string | null,
  locationId: string,
  availableDelta: number,
  committedDelta: number,
  now: number,
): void {
  const variant = variantId ? shop.variants.get(variantId) : undefined;
  if (!variant) return;
  const level = shop.inventoryLevels.get(levelKey(variant.inventoryItemId, locationId));
  if (!level) return;
  level.available += availableDelta;
  level.committed += committedDelta;
  level.updatedAt = now;
}

function shippingLinesOf(shop: ShopState, input: PaidOrderInput): ShippingLineRecord[] {
  if (input.shippingLines !== undefined) {
    if (input.shippingLine !== undefined) throw new Error("an order takes shippingLine or shippingLines, not both");
    if (input.shippingLines.length === 0) throw new Error("shippingLines: a split cart needs at least one shipping line");
    return input.shippingLines.map((line) => shippingLine(shop, line));
  }
  return input.shippingLine === null ? [] : [shippingLine(shop, input.shippingLine)];
}

/** The shipping line line item `index` goes by: the one it names, or the order's only one. */
function lineShippingLine(
  input: PaidOrderInput,
  index: number,
  shippingLines: readonly ShippingLineRecord[],
): ShippingLineRecord | null {
  const named = input.lineItems[index]!.shippingLine;
  if (named === undefined) {
    if (shippingLines.length > 1) {
      throw new Error(`lineItems[${index}].shippingLine: a split cart's lines each name their shipping line (0–${shippingLines.length - 1})`);
    }
    return shippingLines[0] ?? null;
  }
  const line = shippingLines[named];
  if (!line) throw new Error(`lineItems[${index}].shippingLine: no shipping line ${named} (the order has ${shippingLines.length})`);
  return line;
}

function shippingLine(shop: ShopState, input: ShippingLineInput | undefined): ShippingLineRecord {
  const carrier = [...shop.carrierServices.values()].find((service) => service.active);
  if (!input) {
    return {
      id: shop.ids.next("ShippingLine"),
      title: "Envío estándar",
      code: "Shipping",
      source: "shopify",
      carrierIdentifier: null,
      price: "99.00",
    };
  }
  const fromCarrier = input.source === undefined && carrier !== undefined;
  return {
    id: shop.ids.next("ShippingLine"),
    title: input.title,
    code: input.code ?? null,
    source: input.source ?? carrier?.name ?? "shopify",
    carrierIdentifier:
      input.carrierIdentifier !== undefined
        ? input.carrierIdentifier
        : fromCarrier
          ? carrierIdentifier(carrier.id)
          : null,
    price: typeof input.price === "number" ? money(input.price) : input.price,
  };
}

/** Shopify identifies a carrier service in shipping lines by an opaque 32-hex-digit string. */
function carrierIdentifier(carrierServiceId: string): string {
  return createHash("md5").update(carrierServiceId).digest("hex");
}

function address(input: AddressInput | undefined): MailingAddressRecord {
  const given = Object.entries(input ?? {}).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_SHIPPING_ADDRESS, ...Object.fromEntries(given) };
}
