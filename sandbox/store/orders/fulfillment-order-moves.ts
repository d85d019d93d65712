/**
 * What a merchant (or Shopify's order routing) does to the fulfilment orders of a paid order
 * besides holds and edits: merge several into one, move one to another location, refund unshipped
 * units, cancel the order. Each answers the REST payload of the webhook Shopify sends
 * (`fulfillment_orders/merged`, `fulfillment_orders/moved`, `refunds/create`).
 * Refusals throw a {@link FulfillmentOrderRefusal}: what Shopify's userErrors would say.
 */
import { numericId } from "../ids";
import type { FulfillmentOrderRecord, OrderRecord } from "../state/records";
import type { ShopState } from "../state/shop-state";
import { isoUtc } from "../timestamps";
import { cancelOrder, findLocation, moveStock } from "./order-writer";

/** An action Shopify refuses in the fulfilment order's (or order's) current state. */
export class FulfillmentOrderRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** While a fulfilment service holds a request, Shopify will not reassign the fulfilment order. */
const AWAITING_SERVICE = new Set(["SUBMITTED", "ACCEPTED", "CANCELLATION_REQUESTED", "CANCELLATION_REJECTED"]);

const brief = (fo: FulfillmentOrderRecord) => ({ id: fo.id, status: fo.status.toLowerCase() });

export interface MergePayload {
  merge_intents: { fulfillment_order_id: string; fulfillment_order_line_items: { id: string; quantity: number }[] }[];
  fulfillment_order_merges: { fulfillment_order: { id: string; status: string } }[];
}

/**
 * fulfillmentOrderMerge: open fulfilment orders of one order, at one location and with one
 * delivery method, become one new fulfilment order; the merged ones close.
 */
export function mergeFulfillmentOrders(
  shop: ShopState,
  fos: FulfillmentOrderRecord[],
  now: number,
  /**
   * Per fulfilment order (same order as `fos`), the units of its line items (by fulfilment order
   * line item id) to merge; null or absent: all it has left. A fulfilment order that keeps units
   * stays open with them; one left with nothing closes.
   */
  quantities?: ReadonlyArray<ReadonlyMap<string, number> | null>,
): { merged: FulfillmentOrderRecord; payload: MergePayload } {
  if (fos.length < 2)
    throw new FulfillmentOrderRefusal(
      "At least two fulfillment orders are needed to merge.",
      "INVALID_LINE_ITEM_QUANTITY",
    );
  if (new Set(fos.map((fo) => fo.id)).size !== fos.length)
    throw new FulfillmentOrderRefusal("A fulfillment order can only be merged once.", "GREATER_THAN");
  const first = fos[0]!;
  for (const fo of fos) {
    if (fo.orderId !== first.orderId)
      throw new FulfillmentOrderRefusal(
        "Fulfillment orders must belong to the same order.",
        "INVALID_LINE_ITEM_QUANTITY",
      );
    if (fo.locationId !== first.locationId || fo.deliveryMethod !== first.deliveryMethod)
      throw new FulfillmentOrderRefusal(
        "Fulfillment orders must have the same assigned location and delivery method to be merged.",
        "INVALID_LINE_ITEM_QUANTITY",
      );
    if (fo.status !== "OPEN" || fo.requestStatus !== "UNSUBMITTED")
      throw new FulfillmentOrderRefusal(
        `Fulfillment order ${numericId(fo.id)} is ${fo.status.toLowerCase()} and cannot be merged.`,
        "INVALID_LINE_ITEM_QUANTITY",
      );
  }
  const taken = fos.map((fo, index) => unitsTaken(fo, quantities?.[index] ?? null));
  const order = shop.orders.get(first.orderId)!;
  const merged: FulfillmentOrderRecord = {
    ...first,
    id: shop.ids.next("FulfillmentOrder"),
    holds: [],
    lineItems: [],
    progressReported: false,
    progressReports: [],
    createdAt: now,
    updatedAt: now,
  };
  const intents: MergePayload["merge_intents"] = [];
  for (const [index, fo] of fos.entries()) {
    const take = taken[index]!;
    intents.push({
      fulfillment_order_id: fo.id,
      fulfillment_order_line_items: [...take].map(([id, quantity]) => ({ id, quantity })),
    });
    for (const line of fo.lineItems) {
      const units = take.get(line.id) ?? 0;
      if (units === 0) continue;
      const same = merged.lineItems.find((l) => l.lineItemId === line.lineItemId);
      if (same) {
        same.totalQuantity += units;
        same.remainingQuantity += units;
      } else {
        merged.lineItems.push({
          id: shop.ids.next("FulfillmentOrderLineItem"),
          lineItemId: line.lineItemId,
          totalQuantity: units,
          remainingQuantity: units,
        });
      }
      line.totalQuantity -= units;
      line.remainingQuantity -= units;
    }
    fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
    if (fo.lineItems.every((l) => l.remainingQuantity === 0)) {
      fo.status = "CLOSED";
      fo.requestStatus = "CLOSED";
    }
    fo.updatedAt = now;
  }
  shop.fulfillmentOrders.set(merged.id, merged);
  order.fulfillmentOrderIds.push(merged.id);
  order.updatedAt = now;
  return {
    merged,
    payload: { merge_intents: intents, fulfillment_order_merges: [{ fulfillment_order: brief(merged) }] },
  };
}

/**
 * The units of each line item a merge or move takes: the listed ones (each between 1 and what
 * the line has left), or everything left.
 */
function unitsTaken(fo: FulfillmentOrderRecord, wanted: ReadonlyMap<string, number> | null): Map<string, number> {
  if (!wanted)
    return new Map(fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => [l.id, l.remainingQuantity]));
  const taken = new Map<string, number>();
  for (const [id, quantity] of wanted) {
    const line = fo.lineItems.find((l) => l.id === id);
    if (!line)
      throw new FulfillmentOrderRefusal("Fulfillment order line item does not exist.", "FULFILLMENT_ORDER_NOT_FOUND");
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new FulfillmentOrderRefusal(
        "The fulfillment order line item quantity must be greater than 0.",
        "GREATER_THAN",
      );
    if (quantity + (taken.get(id) ?? 0) > line.remainingQuantity)
      throw new FulfillmentOrderRefusal(
        `The fulfillment order line item quantity is invalid: ${line.remainingQuantity} left.`,
        "INVALID_LINE_ITEM_QUANTITY",
      );
    taken.set(id, quantity + (taken.get(id) ?? 0));
  }
  if (taken.size === 0)
    throw new FulfillmentOrderRefusal("No fulfillment order line items given.", "INVALID_LINE_ITEM_QUANTITY");
  return taken;
}

/** Units by SKU (as the control API takes them) → units by the fulfilment order's line item ids. */
export function unitsBySku(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  bySku: Readonly<Record<string, number>>,
): Map<string, number> {
  const order = shop.orders.get(fo.orderId)!;
  const units = new Map<string, number>();
  for (const [sku, quantity] of Object.entries(bySku)) {
    const line = fo.lineItems.find(
      (l) => l.remainingQuantity > 0 && order.lineItems.find((i) => i.id === l.lineItemId)?.sku === sku,
    );
    if (!line)
      throw new FulfillmentOrderRefusal(
        `Fulfillment order ${numericId(fo.id)} has nothing left of SKU ${sku}.`,
        "INVALID_LINE_ITEM_QUANTITY",
      );
    units.set(line.id, quantity);
  }
  return units;
}

export interface MovePayload {
  original_fulfillment_order: { id: string; status: string; assigned_location_id: string };
  moved_fulfillment_order: { id: string; status: string; assigned_location_id: string };
  destination_location_id: string;
  fulfillment_order_line_items_requested: { id: string; quantity: number }[] | null;
  source_location: { id: string };
}

/**
 * fulfillmentOrderMove: with nothing fulfilled yet the fulfilment order itself moves; otherwise
 * its unfulfilled units go to a new fulfilment order at the new location and the original, left
 * with what shipped, closes. Committed stock follows the units.
 */
export function moveFulfillmentOrder(
  shop: ShopState,
  fo: FulfillmentOrderRecord,
  locationNameOrId: string,
  now: number,
  /** The units to move by fulfilment order line item id; null or absent: everything unfulfilled. */
  lines?: ReadonlyMap<string, number> | null,
): { moved: FulfillmentOrderRecord; original: FulfillmentOrderRecord; payload: MovePayload } {
  const destination = findLocation(shop, locationNameOrId);
  if (fo.status === "CLOSED" || fo.status === "CANCELLED")
    throw new FulfillmentOrderRefusal(
      `Fulfillment order ${numericId(fo.id)} is ${fo.status.toLowerCase()} and cannot be moved.`,
      "GENERIC_ERROR",
    );
  if (AWAITING_SERVICE.has(fo.requestStatus))
    throw new FulfillmentOrderRefusal(
      "Cannot change the assigned location while a fulfillment service is handling the fulfillment order.",
      "GENERIC_ERROR",
    );
  if (fo.progressReported)
    throw new FulfillmentOrderRefusal(
      "The fulfillment order has had progress manually reported: mark it as open before moving it.",
      "GENERIC_ERROR",
    );
  if (!destination.isActive) throw new FulfillmentOrderRefusal("Location is not active.", "GENERIC_ERROR");
  if (destination.id === fo.locationId)
    throw new FulfillmentOrderRefusal("Fulfillment order is already assigned to this location.", "GENERIC_ERROR");
  const order = shop.orders.get(fo.orderId)!;
  const source = fo.locationId;
  const variantOf = (lineItemId: string) => order.lineItems.find((i) => i.id === lineItemId)!.variantId;
  const taken = unitsTaken(fo, lines ?? null);
  const everything = fo.lineItems.every((l) => (taken.get(l.id) ?? 0) === l.remainingQuantity);
  for (const line of fo.lineItems) {
    const units = taken.get(line.id) ?? 0;
    if (units === 0) continue;
    moveStock(shop, variantOf(line.lineItemId), source, units, -units, now);
    moveStock(shop, variantOf(line.lineItemId), destination.id, -units, units, now);
  }
  let moved = fo;
  if (!everything) {
    // Some line items only: they go to a new fulfilment order at the destination; the original
    // keeps the rest where it was, with its status.
    moved = {
      ...fo,
      id: shop.ids.next("FulfillmentOrder"),
      locationId: destination.id,
      status: "OPEN",
      requestStatus: "UNSUBMITTED",
      holds: [],
      progressReported: false,
      progressReports: [],
      lineItems: fo.lineItems
        .filter((l) => (taken.get(l.id) ?? 0) > 0)
        .map((l) => ({
          id: shop.ids.next("FulfillmentOrderLineItem"),
          lineItemId: l.lineItemId,
          totalQuantity: taken.get(l.id)!,
          remainingQuantity: taken.get(l.id)!,
        })),
      createdAt: now,
      updatedAt: now,
    };
    for (const line of fo.lineItems) {
      const units = taken.get(line.id) ?? 0;
      line.totalQuantity -= units;
      line.remainingQuantity -= units;
    }
    fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
    fo.updatedAt = now;
    shop.fulfillmentOrders.set(moved.id, moved);
    order.fulfillmentOrderIds.push(moved.id);
  } else if (fo.lineItems.every((l) => l.remainingQuantity === l.totalQuantity)) {
    fo.locationId = destination.id;
    fo.updatedAt = now;
  } else {
    moved = {
      ...fo,
      id: shop.ids.next("FulfillmentOrder"),
      locationId: destination.id,
      status: fo.status === "IN_PROGRESS" ? "OPEN" : fo.status,
      holds: fo.holds.map((h) => ({ ...h })),
      lineItems: fo.lineItems
        .filter((l) => l.remainingQuantity > 0)
        .map((l) => ({
          id: shop.ids.next("FulfillmentOrderLineItem"),
          lineItemId: l.lineItemId,
          totalQuantity: l.remainingQuantity,
          remainingQuantity: l.remainingQuantity,
        })),
      createdAt: now,
      updatedAt: now,
    };
    for (const line of fo.lineItems) {
      line.totalQuantity -= line.remainingQuantity;
      line.remainingQuantity = 0;
    }
    fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
    fo.status = "CLOSED";
    fo.updatedAt = now;
    shop.fulfillmentOrders.set(moved.id, moved);
    order.fulfillmentOrderIds.push(moved.id);
  }
  order.updatedAt = now;
  const withLocation = (f: FulfillmentOrderRecord) => ({ ...brief(f), assigned_location_id: f.locationId });
  return {
    moved,
    original: fo,
    payload: {
      original_fulfillment_order: withLocation(fo),
      moved_fulfillment_order: withLocation(moved),
      destination_location_id: destination.id,
      fulfillment_order_line_items_requested: lines ? [...taken].map(([id, quantity]) => ({ id, quantity })) : null,
      source_location: { id: source },
    },
  };
}

export interface RefundPayload {
  id: number;
  admin_graphql_api_id: string;
  order_id: number;
  created_at: string;
  note: string | null;
  restock: boolean;
  refund_line_items: {
    id: number;
    line_item_id: number;
    quantity: number;
    restock_type: "cancel";
    location_id: number;
    subtotal: string;
  }[];
}

/**
 * A refund with restock of units not yet shipped (`refundCreate`, restockType CANCEL): the units
 * leave the order's open fulfilment orders (a fulfilment order left with nothing closes) and go
 * back to stock; the order becomes partially refunded, or refunded when nothing is left.
 */
export function refundLines(
  shop: ShopState,
  order: OrderRecord,
  lines: Record<string, number>,
  now: number,
): RefundPayload {
  if (order.cancelledAt !== null)
    throw new FulfillmentOrderRefusal(`Order ${order.name} is cancelled and already refunded.`, "INVALID");
  const refundId = shop.ids.next("Refund");
  const refundLineItems: RefundPayload["refund_line_items"] = [];
  const plan: Array<{ sku: string; quantity: number }> = Object.entries(lines).map(([sku, quantity]) => ({
    sku,
    quantity,
  }));
  for (const { sku, quantity } of plan) {
    const item = order.lineItems.find((l) => l.sku === sku);
    if (!item) throw new FulfillmentOrderRefusal(`Order ${order.name} has no line with SKU ${sku}.`, "INVALID");
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > item.fulfillableQuantity)
      throw new FulfillmentOrderRefusal(
        `Cannot refund ${quantity} of ${sku}: only ${item.fulfillableQuantity} unfulfilled.`,
        "INVALID",
      );
  }
  for (const { sku, quantity } of plan) {
    const item = order.lineItems.find((l) => l.sku === sku)!;
    let left = quantity;
    for (const foId of order.fulfillmentOrderIds) {
      const fo = shop.fulfillmentOrders.get(foId)!;
      if (left === 0 || fo.status === "CLOSED" || fo.status === "CANCELLED") continue;
      const line = fo.lineItems.find((l) => l.lineItemId === item.id && l.remainingQuantity > 0);
      if (!line) continue;
      const taken = Math.min(left, line.remainingQuantity);
      line.remainingQuantity -= taken;
      line.totalQuantity -= taken;
      left -= taken;
      moveStock(shop, item.variantId, fo.locationId, taken, -taken, now);
      refundLineItems.push({
        id: numericId(shop.ids.next("LineItem")),
        line_item_id: numericId(item.id),
        quantity: taken,
        restock_type: "cancel",
        location_id: numericId(fo.locationId),
        subtotal: (Number(item.price) * taken).toFixed(2),
      });
      fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
      if (fo.lineItems.every((l) => l.remainingQuantity === 0)) fo.status = "CLOSED";
      fo.updatedAt = now;
    }
    item.fulfillableQuantity -= quantity;
    item.quantity -= quantity;
  }
  order.financialStatus = order.lineItems.every((l) => l.quantity === 0) ? "refunded" : "partially_refunded";
  order.updatedAt = now;
  return {
    id: numericId(refundId),
    admin_graphql_api_id: refundId,
    order_id: numericId(order.id),
    created_at: isoUtc(now),
    note: null,
    restock: true,
    refund_line_items: refundLineItems,
  };
}

/** orderCancel: refused for an order already cancelled, or one with nothing left to cancel. */
export function cancelPaidOrder(shop: ShopState, order: OrderRecord, reason: string, now: number): OrderRecord {
  if (order.cancelledAt !== null)
    throw new FulfillmentOrderRefusal(`Order ${order.name} has already been cancelled.`, "INVALID");
  cancelOrder(shop, order, now);
  order.cancelReason = reason.toLowerCase();
  return order;
}

/** What Shopify lets be done to a fulfilment order now (FulfillmentOrder.supportedActions). */
export function supportedActions(shop: ShopState, fo: FulfillmentOrderRecord): string[] {
  if (fo.status === "CLOSED" || fo.status === "CANCELLED" || fo.status === "INCOMPLETE") return [];
  const byService = [...shop.fulfillmentServices.values()].some((s) => s.locationId === fo.locationId);
  if (fo.status === "ON_HOLD") return ["HOLD", "RELEASE_HOLD"];
  if (fo.status === "SCHEDULED") return ["HOLD", "MARK_AS_OPEN"];
  if (byService) {
    if (fo.requestStatus === "SUBMITTED") return ["CANCEL_FULFILLMENT_ORDER"];
    if (fo.requestStatus === "ACCEPTED" || fo.requestStatus === "CANCELLATION_REJECTED")
      return ["CREATE_FULFILLMENT", "REQUEST_CANCELLATION"];
    if (fo.requestStatus === "CANCELLATION_REQUESTED") return [];
  }
  // Progress reported at a merchant location: fulfil it, or mark it as open to move it.
  if (fo.progressReported && !byService) return ["CREATE_FULFILLMENT", "MARK_AS_OPEN"];
  const actions = byService ? ["REQUEST_FULFILLMENT"] : ["CREATE_FULFILLMENT"];
  actions.push("HOLD", "MOVE");
  const units = fo.lineItems.reduce((sum, l) => sum + l.remainingQuantity, 0);
  if (fo.status === "OPEN" && units > 1) actions.push("SPLIT");
  const order = shop.orders.get(fo.orderId)!;
  const mergeable = order.fulfillmentOrderIds.some((id) => {
    const other = shop.fulfillmentOrders.get(id)!;
    return (
      other.id !== fo.id &&
      other.status === "OPEN" &&
      other.requestStatus === "UNSUBMITTED" &&
      other.locationId === fo.locationId &&
      other.deliveryMethod === fo.deliveryMethod
    );
  });
  if (fo.status === "OPEN" && fo.requestStatus === "UNSUBMITTED" && mergeable) actions.push("MERGE");
  return actions;
}
