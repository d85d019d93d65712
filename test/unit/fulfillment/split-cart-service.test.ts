import { describe, expect, it } from "vitest";
import {
  decideFulfillmentOrder,
  type DecisionSettings,
  type FulfillmentOrderLineState,
  type FulfillmentOrderState,
  type OrderState,
} from "~/fulfillment/core/fulfillment-order";
import { parsePaidOrder } from "~/fulfillment/core/paid-order";
import { carrierServiceName } from "~/shop/carrier-name";
import fixture from "../../fixtures/orders-paid.mx.json";

// Split carts (2026-05): one order, several shipping lines; each fulfilment order's service comes
// from its own lines' shipping line (FulfillmentOrderLineItem.shippingLine), the order's only as
// the fallback.
const WAREHOUSE = "gid://shopify/Location/1";
const NOW = new Date("2026-11-20T16:10:00Z");
const settings: DecisionSettings = { defaultService: "NACIONAL", skipTestOrders: true, locationIds: [WAREHOUSE], holdBackMinutes: 0 };

// Shopify copies the carrier service's name into the source of the lines it priced.
const EXPRESS = { title: "Express", code: "EXPRESS", source: carrierServiceName() };
const STANDARD = { title: "Nacional", code: "NACIONAL", source: carrierServiceName() };
const PICKUP = { title: "Recoger en tienda", code: "pickup", source: "shopify" };
const MANUAL = { title: "Express", code: "Express", source: "shopify" };

function line(sku: string, shippingLine?: FulfillmentOrderLineState["shippingLine"]): FulfillmentOrderLineState {
  return { id: `l-${sku}`, lineItemId: `li-${sku}`, sku, name: sku, remainingQuantity: 1, requiresShipping: true, shippingLine };
}

function part(id: string, lines: FulfillmentOrderLineState[], deliveryMethod = "SHIPPING"): FulfillmentOrderState {
  return {
    id,
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    locationId: WAREHOUSE,
    locationName: "Almacén",
    deliveryMethod,
    holds: [],
    fulfillAt: null,
    lines,
  };
}

function order(shippingLines: object[], parts: FulfillmentOrderState[]): OrderState {
  const parsed = parsePaidOrder({ ...structuredClone(fixture), shipping_lines: shippingLines });
  if (!parsed.ok) throw new Error(parsed.message);
  return { order: parsed.order, paidAt: "2026-11-20T16:00:00Z", updatedAt: "2026-11-20T16:00:00Z", fulfillmentOrders: parts };
}

describe("each fulfilment order's own service", () => {
  it("sends a split cart's express part as EXPRESS and its standard part as NACIONAL, the order's first line notwithstanding", () => {
    const express = part("fo-1", [line("TAZA-AZ", EXPRESS)]);
    const standard = part("fo-2", [line("REB-IND", STANDARD)]);
    const state = order([EXPRESS, STANDARD], [express, standard]);
    expect(decideFulfillmentOrder(state, express, settings, NOW)).toMatchObject({
      kind: "send",
      serviceCode: "EXPRESS",
      serviceCodeSource: "shipping_line",
    });
    expect(decideFulfillmentOrder(state, standard, settings, NOW)).toMatchObject({
      kind: "send",
      serviceCode: "NACIONAL",
      serviceCodeSource: "shipping_line",
    });
  });

  it("never sends the pickup part of a ship-and-pickup order", () => {
    const pickup = part("fo-2", [line("TAZA-RO", PICKUP)], "PICK_UP");
    const state = order([EXPRESS, PICKUP], [part("fo-1", [line("TAZA-AZ", EXPRESS)]), pickup]);
    expect(decideFulfillmentOrder(state, pickup, settings, NOW).kind).toBe("skip");
  });

  it("falls back to the order's shipping line when the lines name none", () => {
    const only = part("fo-1", [line("TAZA-AZ", null)]);
    expect(decideFulfillmentOrder(order([EXPRESS], [only]), only, settings, NOW)).toMatchObject({
      serviceCode: "EXPRESS",
      serviceCodeSource: "shipping_line",
    });
  });

  it("gives a part on a rate of the merchant's own the shop's default, not another part's service", () => {
    const manual = part("fo-2", [line("REB-IND", MANUAL)]);
    const state = order([EXPRESS, MANUAL], [part("fo-1", [line("TAZA-AZ", EXPRESS)]), manual]);
    expect(decideFulfillmentOrder(state, manual, settings, NOW)).toMatchObject({
      serviceCode: "NACIONAL",
      serviceCodeSource: "shop_default",
    });
  });
});
