// The engine's English reasons become codes the orders page translates: each sentence the
// decision and submission code really writes (produced here by calling it) must get a code, and
// every code must read in both catalogues with the same placeholders.
import { describe, expect, it } from "vitest";
import {
  decideFulfillmentOrder,
  type DecisionSettings,
  type FulfillmentOrderState,
  type OrderState,
} from "~/fulfillment/fulfillment-order";
import { addressHoldReason } from "~/fulfillment/address-hold";
import { MERCHANT_OUTCOMES } from "~/fulfillment/merchant-actions.server";
import { parsePaidOrder } from "~/fulfillment/paid-order";
import { REASON_CODES, reasonMessage, timelineKind } from "~/fulfillment/reason-codes";
import { nothingShipped, shippedShort } from "~/fulfillment/short-shipment";
import { classifySubmitError } from "~/fulfillment/submit-errors";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import {
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
  SvcTimeoutError,
  SvcUnauthorizedError,
} from "~/svc";
import fixture from "../../fixtures/orders-paid.mx.json";
import { WITHHELD_ADDRESS_FIELDS } from "../../fixtures/withheld-address";

const WAREHOUSE = "gid://shopify/Location/1";
const NOW = new Date("2026-11-20T16:10:00Z");
const settings: DecisionSettings = {
  defaultService: "NACIONAL",
  skipTestOrders: true,
  locationIds: [WAREHOUSE],
  holdBackMinutes: 0,
};

function fo(over: Partial<FulfillmentOrderState> = {}): FulfillmentOrderState {
  return {
    id: "gid://shopify/FulfillmentOrder/10",
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    locationId: WAREHOUSE,
    locationName: "Almacén",
    deliveryMethod: "SHIPPING",
    holds: [],
    fulfillAt: null,
    lines: [
      { id: "l1", lineItemId: "li1", sku: "TAZA-AZ", name: "Taza", remainingQuantity: 2, requiresShipping: true },
    ],
    ...over,
  };
}

function state(orderOver: Record<string, unknown> = {}): OrderState {
  const parsed = parsePaidOrder({ ...structuredClone(fixture), ...orderOver });
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    order: parsed.order,
    paidAt: "2026-11-20T16:00:00Z",
    updatedAt: "2026-11-20T16:00:00Z",
    fulfillmentOrders: [],
  };
}

function reasonOf(decision: { kind: string } | { kind: string; reason: string }): string {
  if (!("reason" in decision)) throw new Error(`no reason: ${decision.kind}`);
  return decision.reason;
}

const at = { endpoint: "createOrder", message: "createOrder: failed" };
const said = (error: string) => ({ error, code: "ConflictError", path: "$" });

describe("reasonMessage on what the engine writes", () => {
  it.each([
    [
      "cancelledInShopify",
      reasonOf(decideFulfillmentOrder(state({ cancelled_at: "2026-11-20T16:05:00Z" }), fo(), settings, NOW)),
    ],
    ["partCancelled", reasonOf(decideFulfillmentOrder(state(), fo({ status: "CANCELLED" }), settings, NOW))],
    ["alreadyFulfilled", reasonOf(decideFulfillmentOrder(state(), fo({ status: "CLOSED" }), settings, NOW))],
    ["testOrder", reasonOf(decideFulfillmentOrder(state({ test: true }), fo(), settings, NOW))],
    [
      "outsideMexico",
      reasonOf(
        decideFulfillmentOrder(
          state({
            shipping_address: {
              ...structuredClone(fixture).shipping_address,
              country: "United States",
              country_code: "US",
            },
          }),
          fo(),
          settings,
          NOW,
        ),
      ),
    ],
    [
      "customerDataWithheld",
      reasonOf(
        decideFulfillmentOrder(
          state({
            shipping_address: { ...structuredClone(fixture).shipping_address, ...WITHHELD_ADDRESS_FIELDS },
          }),
          fo(),
          settings,
          NOW,
        ),
      ),
    ],
    ["pickUp", reasonOf(decideFulfillmentOrder(state(), fo({ deliveryMethod: "PICK_UP" }), settings, NOW))],
    [
      "otherLocation",
      reasonOf(decideFulfillmentOrder(state(), fo({ locationId: "gid://shopify/Location/9" }), settings, NOW)),
    ],
    [
      "onHold",
      reasonOf(
        decideFulfillmentOrder(state(), fo({ status: "ON_HOLD", holds: ["HIGH_RISK_OF_FRAUD"] }), settings, NOW),
      ),
    ],
    [
      "scheduled",
      reasonOf(
        decideFulfillmentOrder(state(), fo({ status: "SCHEDULED", fulfillAt: "2026-12-01T00:00:00Z" }), settings, NOW),
      ),
    ],
    ["heldBack", reasonOf(decideFulfillmentOrder(state(), fo(), { ...settings, holdBackMinutes: 45 }, NOW))],
    [
      "noSku",
      reasonOf(
        decideFulfillmentOrder(
          state(),
          fo({
            lines: [
              { id: "l1", lineItemId: "li1", sku: "", name: "Jarra", remainingQuantity: 1, requiresShipping: true },
            ],
          }),
          settings,
          NOW,
        ),
      ),
    ],
    [
      "noDimensions",
      reasonOf(
        classifySubmitError(
          new SvcProductWithoutDimensionsError({ ...at, status: 409, product: "TAZA-AZ", body: said("no dimensions") }),
        ),
      ),
    ],
    // SHP-003 on its documented 409 holds for the address; on any other status a person looks.
    [
      "destinationNotServed",
      reasonOf(classifySubmitError(new SvcDestinationNotServedError({ ...at, status: 400, body: said("SHP-003") }))),
    ],
    ["addressHeldNotServed", addressHoldReason({ code: "destinationNotServed", cp: "63950" })],
    [
      "insufficientStock",
      reasonOf(
        classifySubmitError(
          new SvcInsufficientStockError({ ...at, status: 409, product: "TAZA-AZ", body: said("stock") }),
        ),
      ),
    ],
    [
      "invalidOrder",
      reasonOf(classifySubmitError(new SvcInvalidRequestError({ ...at, status: 400, body: said("bad cp") }))),
    ],
    ["apiKeyRefused", reasonOf(classifySubmitError(new SvcUnauthorizedError({ ...at, status: 401 })))],
    ["mayExist", reasonOf(classifySubmitError(new SvcTimeoutError({ ...at, outcomeUnknown: true })))],
    ["nothingShipped", nothingShipped("IN_TRANSIT")],
    ["shippedShort", shippedShort([{ sku: "CAFE-500", quantity: 1 }])],
  ] as const)("%s", (code, sentence) => {
    expect(reasonMessage(sentence)?.code, sentence).toBe(code);
  });

  it("takes the parameters the message needs, and leaves an unknown sentence to be shown as written", () => {
    expect(
      reasonMessage("attempt 2 did not reach the service (socket hang up); next attempt at 2026-11-20T16:12:00.000Z"),
    ).toEqual({
      code: "attemptFailed",
      params: { attempt: "2", said: "socket hang up", at: "2026-11-20T16:12:00.000Z" },
    });
    expect(reasonMessage("El servicio rechazó la orden: dirección incompleta.")).toBeNull();
    expect(reasonMessage(null)).toBeNull();
  });

  it("names the missing units of a short shipment as a parameter", () => {
    expect(
      reasonMessage(
        shippedShort([
          { sku: "TAZA-AZ", quantity: 1 },
          { sku: "CAFE-500", quantity: 2 },
        ]),
      ),
    ).toEqual({ code: "shippedShort", params: { missing: "TAZA-AZ × 1, CAFE-500 × 2" } });
  });

  it("marks who moved the record on the timeline", () => {
    expect(timelineKind("pending", "received")).toBe("webhook");
    expect(timelineKind("pending", "merchantRetriedRead")).toBe("merchant");
    expect(timelineKind("shipped", "trackingChanged")).toBe("tracking");
    expect(timelineKind("needs_attention", "serviceRefused")).toBe("attention");
    expect(timelineKind("submitted", "serviceOrder")).toBe("submission");
    expect(timelineKind("delivered", null)).toBe("service");
  });
});

describe("the catalogues", () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("have every reason and every action outcome in Spanish and English, with the same placeholders", () => {
    for (const code of REASON_CODES) {
      expect(es.orders.reasons[code], code).toMatch(/\S/);
      expect(placeholders(en.orders.reasons[code]), code).toEqual(placeholders(es.orders.reasons[code]));
    }
    for (const code of MERCHANT_OUTCOMES) {
      expect(es.orders.outcomes[code], code).toMatch(/\S/);
      expect(placeholders(en.orders.outcomes[code]), code).toEqual(placeholders(es.orders.outcomes[code]));
    }
    expect(Object.keys(es.orders.reasons).sort()).toEqual([...REASON_CODES].sort());
  });
});
