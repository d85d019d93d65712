/**
 * Pure: what to do with one Shopify fulfilment order, decided from Shopify's current state when
 * the job runs (never from the webhook that woke it). The fulfilment order — the lines of an
 * order to fulfil from one location by one delivery method — is the unit the warehouse receives:
 * one service order per fulfilment order (docs/decisions/007-fulfillment-exactly-once.md).
 *
 * Messages are the merchant's: they are shown on the Pedidos page and in the order's note.
 */
import type { AddressWarning } from "../../address";
import type { ShipmentLine } from "../../svc";
import { addressProblem, type AddressProblem } from "./address-hold";
import { reason, type ReasonCode, type ReasonMessage } from "./reason-codes";
import type { ServiceCode } from "../../shop/shop-settings.server";
import {
  buildFromLines,
  type ServiceCodeSource,
  type ServiceOrderRequest,
  type ShippingLineOfLine,
} from "./build-service-order";
import type { PaidOrder } from "./paid-order";

/** A fulfilment order line as Admin GraphQL reports it now. */
export interface FulfillmentOrderLineState {
  id: string;
  lineItemId: string;
  sku: string | null;
  name: string;
  /** What is still to fulfil (after edits, refunds, removals and earlier fulfilments). */
  remainingQuantity: number;
  /**
   * The units the line holds, fulfilled or not (lower once units are split, moved or edited away);
   * absent where it was not read.
   */
  totalQuantity?: number;
  requiresShipping: boolean;
  /** The shipping line this line goes by (a split cart's parts each have their own); null or absent when Shopify names none. */
  shippingLine?: ShippingLineOfLine | null;
}

export interface FulfillmentOrderState {
  id: string;
  /** OPEN, IN_PROGRESS, ON_HOLD, SCHEDULED, CANCELLED, CLOSED, INCOMPLETE. */
  status: string;
  requestStatus: string;
  locationId: string | null;
  locationName: string | null;
  /** SHIPPING, PICK_UP, LOCAL, RETAIL, NONE, PICKUP_POINT; null when Shopify reports none. */
  deliveryMethod: string | null;
  /** Reasons of the holds on it (several since 2025-01), but for the app's own address hold. */
  holds: string[];
  /** The app's own address hold (handle svc-address), which it releases itself; null or absent when none. */
  addressHoldId?: string | null;
  /** SCHEDULED only: when it opens. */
  fulfillAt: string | null;
  lines: FulfillmentOrderLineState[];
}

/** The order and every one of its fulfilment orders, as Shopify has them now. */
export interface OrderState {
  /** The order's fields the service order needs, in the webhook's shape (the address parser reads it). */
  order: PaidOrder;
  /** When the order was paid or, without a payment time, created (the hold-back delay starts there). */
  paidAt: string;
  updatedAt: string;
  fulfillmentOrders: FulfillmentOrderState[];
}

export interface DecisionSettings {
  defaultService: ServiceCode;
  skipTestOrders: boolean;
  /** Location gids the warehouse fulfils. */
  locationIds: readonly string[];
  /** The hold-back delay after payment, in minutes (0: none). */
  holdBackMinutes: number;
  /** The merchant chose to send this fulfilment order with its address as it stands. */
  sendAsItStands?: boolean;
  /** Our carrier service's name, which marks the shipping lines it priced (carrierServiceName). */
  carrierName?: string;
  /**
   * Fulfilment-service mode only (ADR 012): the warehouse's own location, where Shopify routes
   * what it holds (null while it is not registered). A fulfilment order there goes once Shopify
   * requests it.
   */
  fulfillmentService?: { locationId: string | null };
}

/** What the app already knows of a fulfilment order and its order, beyond Shopify's current state. */
export interface PartHistory {
  /**
   * The service refused this part's destination before (its record's reason): the problem, and
   * the destination it was sent with (null when not kept).
   */
  refused?: { problem: AddressProblem; destination: object | null } | null;
  /** SKUs of the order that a part already at the warehouse holds and Shopify changed since. */
  contested?: ReadonlySet<string>;
}

export type Decision =
  | {
      kind: "send";
      request: ServiceOrderRequest;
      serviceCode: ServiceCode;
      serviceCodeSource: ServiceCodeSource;
      warnings: AddressWarning[];
    }
  | { kind: "skip"; reason: ReasonMessage }
  /** The destination cannot be delivered as it stands: the app's own hold in Shopify until it is corrected. */
  | { kind: "hold_address"; problem: AddressProblem }
  /** until null: until Shopify releases it (a hold); else a time. */
  | { kind: "wait"; until: Date | null; reason: ReasonMessage }
  | { kind: "needs_attention"; reason: ReasonMessage };

const DELIVERY_METHODS: Record<string, ReasonCode> = {
  PICK_UP: "pickUp",
  PICKUP_POINT: "pickupPoint",
  LOCAL: "localDelivery",
  RETAIL: "retail",
  NONE: "noDelivery",
};

const HOLD_REASONS: Record<string, string> = {
  AWAITING_PAYMENT: "awaiting payment",
  HIGH_RISK_OF_FRAUD: "high risk of fraud",
  INCORRECT_ADDRESS: "incorrect address",
  INVENTORY_OUT_OF_STOCK: "out of stock",
  UNKNOWN_DELIVERY_DATE: "unknown delivery date",
  AWAITING_RETURN_ITEMS: "awaiting returned items",
  ONLINE_STORE_POST_PURCHASE_CROSS_SELL: "post-purchase offer",
  OTHER: "other",
};

/**
 * Whether and what to send for a fulfilment order nothing was sent for yet: what Shopify's state
 * says, then what the app knows of the part (`history`) and the fulfilment mode:
 * - a destination the service refused is held again until the address changes in Shopify (or
 *   the merchant sends it as it stands): an unrelated update leaves the hold on;
 * - a part with products that a part at the warehouse holds, changed since, is for a person;
 * - in fulfilment-service mode, a part at the warehouse's location waits for Shopify's request
 *   (one already accepted — the rest of a short shipment, issue 23 — is not requested again).
 */
export function decideFulfillmentOrder(
  state: OrderState,
  fo: FulfillmentOrderState,
  settings: DecisionSettings,
  now: Date,
  history: PartHistory = {},
): Decision {
  const decision = decideFromShopify(state, fo, settings, now);
  const refused = history.refused;
  if (
    decision.kind === "send" &&
    refused?.problem.code === "destinationNotServed" &&
    sameDestination(refused.destination, decision.request.destination)
  ) {
    return waitForRequest({ kind: "hold_address", problem: refused.problem }, fo, settings);
  }
  const contested = history.contested;
  if (decision.kind === "send" && contested && decision.request.lines.some((p) => contested.has(p.identifier))) {
    return waitForRequest({ kind: "needs_attention", reason: reason("contested") }, fo, settings);
  }
  return waitForRequest(decision, fo, settings);
}

/** Fulfilment-service mode: a part at the warehouse's location that Shopify has not requested waits for the request. */
function waitForRequest(decision: Decision, fo: FulfillmentOrderState, settings: DecisionSettings): Decision {
  const service = settings.fulfillmentService;
  if (!service || decision.kind === "skip" || fo.locationId !== service.locationId) return decision;
  if (fo.requestStatus === "SUBMITTED" || fo.requestStatus === "ACCEPTED") return decision;
  return { kind: "wait", until: null, reason: reason("waitingForRequest") };
}

/** Whether the destination about to be sent is the one the service refused (same fields, same values). */
function sameDestination(refused: object | null | undefined, now: object): boolean {
  if (!refused) return false;
  const a = refused as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

/** What Shopify's current state alone says of a fulfilment order nothing was sent for yet. */
function decideFromShopify(
  state: OrderState,
  fo: FulfillmentOrderState,
  settings: DecisionSettings,
  now: Date,
): Decision {
  const { order } = state;
  if (order.cancelled_at) return { kind: "skip", reason: reason("cancelledInShopify") };
  if (fo.status === "CANCELLED") return { kind: "skip", reason: reason("partCancelled") };
  if (fo.status === "CLOSED") return { kind: "skip", reason: reason("alreadyFulfilled") };
  if (fo.status === "INCOMPLETE") return { kind: "skip", reason: reason("incomplete") };
  if (order.test && settings.skipTestOrders) {
    return { kind: "skip", reason: reason("testOrder") };
  }
  const method = fo.deliveryMethod ?? "SHIPPING";
  if (method !== "SHIPPING") {
    return {
      kind: "skip",
      reason: DELIVERY_METHODS[method] ? reason(DELIVERY_METHODS[method]) : reason("notShipped", { method }),
    };
  }
  if (!fo.locationId || !settings.locationIds.includes(fo.locationId)) {
    return {
      kind: "skip",
      reason: reason("otherLocation", { location: fo.locationName || null }),
    };
  }
  // On hold only by the app's own address hold: look at the address again (corrected since?).
  const onlyOurHold = fo.holds.length === 0 && Boolean(fo.addressHoldId);
  if ((fo.status === "ON_HOLD" || fo.holds.length > 0) && !onlyOurHold) {
    const reasons = fo.holds.map((h) => HOLD_REASONS[h] ?? h.toLowerCase()).join(", ");
    return {
      kind: "wait",
      until: null,
      reason: reason("onHold", { holds: reasons || null }),
    };
  }
  if (fo.status === "SCHEDULED") {
    const at = fo.fulfillAt ? new Date(fo.fulfillAt) : null;
    return { kind: "wait", until: at, reason: reason("scheduled") };
  }
  if (settings.holdBackMinutes > 0) {
    const until = new Date(new Date(state.paidAt).getTime() + settings.holdBackMinutes * 60_000);
    if (until > now) {
      return {
        kind: "wait",
        until,
        reason: reason("heldBack", { minutes: String(settings.holdBackMinutes) }),
      };
    }
  }
  const lines = fo.lines.filter((line) => line.requiresShipping && line.remainingQuantity > 0);
  if (lines.length === 0) return { kind: "skip", reason: reason("nothingLeft") };
  const built = buildFromLines(
    order,
    lines.map((line) => ({
      id: line.lineItemId,
      name: line.name,
      sku: line.sku,
      quantity: line.remainingQuantity,
      shippingLine: line.shippingLine ?? null,
    })),
    settings,
  );
  if (built.kind === "skipped") return { kind: "skip", reason: built.reason };
  if (built.kind === "needs_attention") return built;
  const { request, serviceCode, serviceCodeSource, warnings } = built;
  const problem = settings.sendAsItStands ? null : addressProblem(warnings);
  if (problem) return { kind: "hold_address", problem };
  return { kind: "send", request, serviceCode, serviceCodeSource, warnings };
}

/** The lines to send for fulfilment order lines: quantities summed per SKU, in the lines' order. */
function productsOf(lines: readonly Pick<FulfillmentOrderLineState, "sku" | "remainingQuantity">[]): ShipmentLine[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const sku = line.sku?.trim();
    if (!sku || line.remainingQuantity <= 0) continue;
    totals.set(sku, (totals.get(sku) ?? 0) + line.remainingQuantity);
  }
  return [...totals].map(([identifier, quantity]) => ({ identifier, quantity }));
}

/** What Shopify shows of a fulfilment order the warehouse has, beyond its current state. */
export interface SubmittedPart {
  /** The location it was assigned to when it was sent (the warehouse's). */
  sentFrom: string | null;
  /**
   * CLOSED only: the units per SKU of its successful fulfilments, read from Shopify; null when
   * not read (then a closed one cannot be shown to be fulfilled).
   */
  fulfilled?: ReadonlyMap<string, number> | null;
}

/**
 * A fulfilment order that already reached the warehouse (or whose outcome is being confirmed):
 * the service has no way to cancel or amend an order, so any change in Shopify that the
 * warehouse cannot know of is for a person. Decided from Shopify's current state only: its
 * status, its assigned location now, what is left of its lines and, once closed, what its
 * fulfilments hold — CLOSED alone is not "fulfilled": Shopify also closes the fulfilment orders it
 * merges into another, moves in part or whose units are refunded. Null while nothing changed.
 */
export function changeAfterSubmission(
  state: OrderState,
  fo: FulfillmentOrderState | undefined,
  sent: readonly ShipmentLine[],
  svcOrderId: string | null,
  part: SubmittedPart = { sentFrom: null },
): ReasonMessage | null {
  const order = svcOrderId;
  if (state.order.cancelled_at || fo?.status === "CANCELLED") return reason("cancelledAfterWarehouse", { order });
  if (!fo) return reason("splitAfterWarehouse", { order });
  // A move of all of it keeps its id and changes the location: the new location would ship it too.
  if (part.sentFrom && fo.locationId !== part.sentFrom) {
    return reason("movedAfterWarehouse", { location: fo.locationName || fo.locationId || "—", order });
  }
  if (fo.status === "ON_HOLD") return reason("heldAfterWarehouse", { order });
  if (fo.status === "CLOSED") {
    // Fulfilled (by the write-back or the merchant): every unit the warehouse has is in a
    // fulfilment of it. Otherwise its units live on elsewhere (merged, moved) or were refunded.
    const fulfilled = part.fulfilled;
    const allFulfilled = fulfilled && sent.every((p) => (fulfilled.get(p.identifier) ?? 0) >= p.quantity);
    return allFulfilled ? null : reason("closedAfterWarehouse", { order });
  }
  const now = productsOf(fo.lines.filter((line) => line.requiresShipping));
  if (!sameProducts(now, sent)) {
    return reason("changedAfterWarehouse", {
      now: describeProducts(now) || "—",
      sent: describeProducts(sent),
      order,
    });
  }
  return null;
}

/**
 * Whether some of what was sent to the warehouse now lives outside this fulfilment order (split
 * off, merged, moved or edited away): the fulfilment order is gone, at another location, or holds
 * (fulfilled or not) fewer units of a product than were sent. Those units may reach another part,
 * which must not send them again while a person looks.
 */
export function sentUnitsElsewhere(
  fo: FulfillmentOrderState | undefined,
  sent: readonly ShipmentLine[],
  sentFrom: string | null,
): boolean {
  if (!fo) return sent.length > 0;
  if (sentFrom && fo.locationId !== sentFrom) return true;
  const held = new Map<string, number>();
  for (const line of fo.lines) {
    const sku = line.sku?.trim();
    if (!sku || line.totalQuantity === undefined) continue;
    held.set(sku, (held.get(sku) ?? 0) + line.totalQuantity);
  }
  if (held.size === 0) return false;
  return sent.some((p) => (held.get(p.identifier.trim()) ?? 0) < p.quantity);
}

function sameProducts(a: readonly ShipmentLine[], b: readonly ShipmentLine[]): boolean {
  const key = (list: readonly ShipmentLine[]) =>
    list
      .map((p) => `${p.identifier}×${p.quantity}`)
      .sort()
      .join(",");
  return key(a) === key(b);
}

export function describeProducts(list: readonly ShipmentLine[]): string {
  return list.map((p) => `${p.identifier} × ${p.quantity}`).join(", ");
}
