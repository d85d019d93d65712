/**
 * Changes a merchant (or an app) makes to a paid order in Shopify's admin: holds and releases of
 * fulfilment orders, and order edits. Each answers the REST payload of the webhook Shopify sends
 * (`fulfillment_orders/placed_on_hold`, `fulfillment_orders/hold_released`, `orders/edited`).
 */
import { numericId } from "../ids";
import type { FulfillmentOrderRecord, OrderRecord } from "../state/records";
import type { ShopState } from "../state/shop-state";
import { resolveLine } from "./line-items";
import { lineItemRecord, moveStock } from "./order-writer";

export interface HoldPayload {
  fulfillment_order: {
    id: string;
    status: string;
    fulfillment_holds: { id: string; reason: string; reason_notes: string | null }[];
  };
  created_fulfillment_hold: { id: string; reason: string; reason_notes: string | null };
}

export interface ReleasePayload {
  fulfillment_order: { id: string; status: string };
}

/** A new shipping address for the order (the merchant edits it in the admin): the orders/updated payload follows. */
export function changeShippingAddress(
  order: OrderRecord,
  address: Partial<NonNullable<OrderRecord["shippingAddress"]>>,
  now: number,
): void {
  if (order.cancelledAt !== null) throw new Error(`order ${order.name} is cancelled and its address cannot change`);
  if (!order.shippingAddress) throw new Error(`order ${order.name} has no shipping address to change`);
  const given = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined));
  order.shippingAddress = { ...order.shippingAddress, ...given };
  order.updatedAt = now;
}

export interface OrderEditPayload {
  order_edit: {
    id: number;
    app_id: null;
    created_at: string;
    notify_customer: boolean;
    order_id: number;
    staff_note: string;
    user_id: null;
    line_items: { additions: { id: number; delta: number }[]; removals: { id: number; delta: number }[] };
  };
}

export interface OrderEditInput {
  /** New quantity per SKU of an existing line (0 removes it). */
  quantities?: Record<string, number>;
  /** Lines added by the edit; they join the order's open shipping fulfilment order at the primary location. */
  add?: { sku: string; quantity: number }[];
}

const HOLDABLE = new Set(["OPEN", "ON_HOLD", "SCHEDULED"]);

/** Shopify allows at most this many holds on one fulfilment order. */
const MAX_HOLDS_PER_FULFILLMENT_ORDER = 10;

/** A hold Shopify refuses, with its FulfillmentOrderHoldUserErrorCode. */
export class HoldRefusal extends Error {
  constructor(
    message: string,
    readonly code: "DUPLICATE_FULFILLMENT_HOLD_HANDLE" | "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
  ) {
    super(message);
  }
}

/**
 * fulfillmentOrderHold: adds a hold; the fulfilment order is ON_HOLD until every hold is released.
 * A holder (the app, or the merchant) may not hold twice with one handle; ten holds at most.
 */
export function holdFulfillmentOrder(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  reason: string,
  notes: string | null,
  now: number,
  holder: { handle?: string | null; byApp?: boolean } = {},
): HoldPayload {
  if (!HOLDABLE.has(fo.status)) throw new Error(`fulfilment order ${fo.id} is ${fo.status} and cannot be held`);
  const heldByApp = holder.byApp ?? false;
  const id = shop.ids.next("FulfillmentHold");
  // Shopify names an app's hold "default" unless it gives a handle; each merchant hold stands alone.
  const handle = holder.handle || (heldByApp ? "default" : `merchant-${numericId(id)}`);
  if (fo.holds.some((h) => h.heldByApp === heldByApp && h.handle === handle))
    throw new HoldRefusal(
      `A fulfillment hold with the handle ${handle} already exists.`,
      "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
    );
  if (fo.holds.length >= MAX_HOLDS_PER_FULFILLMENT_ORDER)
    throw new HoldRefusal(
      `The fulfillment order has reached the maximum of ${MAX_HOLDS_PER_FULFILLMENT_ORDER} holds.`,
      "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
    );
  const hold = { id, reason, reasonNotes: notes, handle, heldByApp };
  fo.holds.push(hold);
  fo.status = "ON_HOLD";
  fo.updatedAt = now;
  return {
    fulfillment_order: {
      id: fo.id,
      status: "on_hold",
      fulfillment_holds: fo.holds.map((h) => ({
        id: h.id,
        reason: h.reason.toLowerCase(),
        reason_notes: h.reasonNotes,
      })),
    },
    created_fulfillment_hold: { id: hold.id, reason: reason.toLowerCase(), reason_notes: notes },
  };
}

/** fulfillmentOrderReleaseHold: releases every hold (or the one given); OPEN again once none is left. */
export function releaseHold(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  holdId: string | null,
  now: number,
): ReleasePayload {
  if (fo.status !== "ON_HOLD") throw new Error(`fulfilment order ${fo.id} is not on hold`);
  fo.holds = holdId ? fo.holds.filter((h) => h.id !== holdId) : [];
  // Progress reported before the hold (orders/fulfillment-order-progress.ts) is still reported.
  if (fo.holds.length === 0) fo.status = fo.progressReported ? "IN_PROGRESS" : "OPEN";
  fo.updatedAt = now;
  return { fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } };
}

/** An order edit (orderEditBegin … orderEditCommit): quantities change on the open fulfilment orders. */
export function editOrder(shop: ShopState, order: OrderRecord, input: OrderEditInput, now: number): OrderEditPayload {
  if (order.cancelledAt !== null) throw new Error(`order ${order.name} is cancelled and cannot be edited`);
  const additions: { id: number; delta: number }[] = [];
  const removals: { id: number; delta: number }[] = [];
  const openFos = order.fulfillmentOrderIds.map((id) => shop.fulfillmentOrders.get(id)!);
  for (const [sku, quantity] of Object.entries(input.quantities ?? {})) {
    const item = order.lineItems.find((line) => line.sku === sku);
    if (!item) throw new Error(`order ${order.name} has no line with SKU ${sku}`);
    const foLine = openFos
      .filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED")
      .flatMap((fo) => fo.lineItems.map((line) => ({ fo, line })))
      .find(({ line }) => line.lineItemId === item.id);
    const current = item.fulfillableQuantity;
    const delta = quantity - current;
    if (delta === 0) continue;
    if (quantity < 0 || (delta < 0 && (!foLine || foLine.line.remainingQuantity < -delta))) {
      throw new Error(`line ${sku} cannot go from ${current} to ${quantity}: only unfulfilled units can be removed`);
    }
    item.fulfillableQuantity = quantity;
    if (foLine) {
      foLine.line.remainingQuantity += delta;
      foLine.line.totalQuantity += delta;
      foLine.fo.updatedAt = now;
      if (item.requiresShipping) moveStock(shop, item.variantId, foLine.fo.locationId, -delta, delta, now);
    }
    (delta > 0 ? additions : removals).push({ id: numericId(item.id), delta: Math.abs(delta) });
  }
  for (const added of input.add ?? []) {
    const line = resolveLine(shop, { sku: added.sku, quantity: added.quantity });
    const item = lineItemRecord(shop, line);
    const id = item.id;
    order.lineItems.push(item);
    const target = openFos.find((fo) => fo.status === "OPEN" && fo.deliveryMethod === "SHIPPING");
    if (!target) throw new Error(`order ${order.name} has no open shipping fulfilment order to add ${added.sku} to`);
    target.lineItems.push({
      id: shop.ids.next("FulfillmentOrderLineItem"),
      lineItemId: id,
      totalQuantity: line.quantity,
      remainingQuantity: line.quantity,
    });
    target.updatedAt = now;
    moveStock(shop, line.variant.id, target.locationId, -line.quantity, line.quantity, now);
    additions.push({ id: numericId(id), delta: line.quantity });
  }
  order.updatedAt = now;
  return {
    order_edit: {
      id: numericId(shop.ids.next("OrderEdit")),
      app_id: null,
      created_at: new Date(now).toISOString(),
      notify_customer: false,
      order_id: numericId(order.id),
      staff_note: "",
      user_id: null,
      line_items: { additions, removals },
    },
  };
}

export interface SplitPayload {
  original_fulfillment_order: { id: string; status: string };
  remaining_fulfillment_order: { id: string; status: string };
  replacement_fulfillment_order: null;
  split_line_items: { id: string; quantity: number }[];
  fulfillment_order: { id: string; status: string };
}

/**
 * fulfillmentOrderSplit: moves `lines` (SKU → units) of an open fulfilment order into a new one at
 * the same location; the original keeps the rest.
 */
export function splitFulfillmentOrder(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  lines: Record<string, number>,
  now: number,
): SplitPayload {
  if (fo.status !== "OPEN") throw new Error(`fulfilment order ${fo.id} is ${fo.status} and cannot be split`);
  const order = shop.orders.get(fo.orderId)!;
  const moved: FulfillmentOrderRecord["lineItems"] = [];
  for (const [sku, quantity] of Object.entries(lines)) {
    const line = fo.lineItems.find((l) => order.lineItems.find((i) => i.id === l.lineItemId)?.sku === sku);
    if (!line || quantity < 1 || quantity > line.remainingQuantity) {
      throw new Error(`cannot split ${quantity} of ${sku} from fulfilment order ${fo.id}`);
    }
    line.remainingQuantity -= quantity;
    line.totalQuantity -= quantity;
    moved.push({
      id: shop.ids.next("FulfillmentOrderLineItem"),
      lineItemId: line.lineItemId,
      totalQuantity: quantity,
      remainingQuantity: quantity,
    });
  }
  fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
  fo.updatedAt = now;
  const created: FulfillmentOrderRecord = {
    ...fo,
    id: shop.ids.next("FulfillmentOrder"),
    holds: [],
    lineItems: moved,
    createdAt: now,
    updatedAt: now,
  };
  shop.fulfillmentOrders.set(created.id, created);
  order.fulfillmentOrderIds.push(created.id);
  const view = (f: FulfillmentOrderRecord) => ({ id: f.id, status: f.status.toLowerCase() });
  return {
    original_fulfillment_order: view(fo),
    remaining_fulfillment_order: view(created),
    replacement_fulfillment_order: null,
    split_line_items: moved.map((l) => ({ id: l.id, quantity: l.totalQuantity })),
    fulfillment_order: view(fo),
  };
}
