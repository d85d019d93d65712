// The engine records codes with parameters, never sentences: each reason the decision and
// submission code really produces (here by calling it) is a code whose parameters fill its
// sentence in both catalogues, and every code reads in Spanish and English with the same
// placeholders (and has an English record for support).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decideFulfillmentOrder,
  type DecisionSettings,
  type FulfillmentOrderState,
  type OrderState,
} from "~/fulfillment/core/fulfillment-order";
import { addressHoldReason } from "~/fulfillment/core/address-hold";
import { MERCHANT_OUTCOMES } from "~/fulfillment/actions/merchant-actions.server";
import { parsePaidOrder } from "~/fulfillment/core/paid-order";
import { REASON_CODES, reason, reasonRecord, timelineKind, type ReasonMessage } from "~/fulfillment/core/reason-codes";
import { nothingShipped, shippedShort } from "~/fulfillment/core/short-shipment";
import { classifySubmitError } from "~/fulfillment/core/submit-errors";
import { translator } from "~/i18n/locale";
import { en } from "~/i18n/messages.en";
import { outcomeRecordsEn, recordsEn } from "~/i18n/messages.en";
import { reasonWords } from "~/fulfillment/page/reason-words";
import { es } from "~/i18n/messages.es";
import {
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "~/svc";
import { SvcTimeoutError } from "~/svc/errors";
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

function reasonOf(decision: { kind: string } | { kind: string; reason: ReasonMessage }): ReasonMessage {
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
          new SvcInsufficientStockError({ ...at, status: 400, product: "TAZA-AZ", body: said("stock") }),
        ),
      ),
    ],
    ["awaitingStock", reason("awaitingStock", { missing: "TAZA-AZ × 2", said: "Insufficient stock" })],
    ["stockArrived", reason("stockArrived", { products: "TAZA-AZ × 3" })],
    [
      "invalidOrder",
      reasonOf(classifySubmitError(new SvcInvalidRequestError({ ...at, status: 400, body: said("bad cp") }))),
    ],
    ["apiKeyRefused", reasonOf(classifySubmitError(new SvcUnauthorizedError({ ...at, status: 401 })))],
    ["mayExist", reasonOf(classifySubmitError(new SvcTimeoutError({ ...at, outcomeUnknown: true })))],
    ["nothingShipped", nothingShipped("IN_TRANSIT")],
    ["shippedShort", shippedShort([{ sku: "CAFE-500", quantity: 1 }])],
  ] as const)("%s", (code, message) => {
    expect(message.code).toBe(code);
    // Every placeholder of the sentence is filled, in both languages, and no English leaks into Spanish.
    for (const locale of ["es", "en"] as const) {
      const words = reasonWords(translator(locale), message);
      expect(words, `${locale} ${code}`).not.toMatch(/[{}]|—/);
    }
    expect(reasonRecord(message)).not.toMatch(/undefined|\{/);
  });

  it("keeps the service's words in the English record only, never in the merchant's sentence", () => {
    const refused = reasonOf(
      classifySubmitError(
        new SvcInsufficientStockError({
          ...at,
          status: 400,
          product: "TAZA-AZ",
          body: said('{"code":"SHP-009","type":"BusinessError"}'),
        }),
      ),
    );
    expect(refused).toEqual({
      code: "insufficientStock",
      params: { product: "TAZA-AZ", said: '{"code":"SHP-009","type":"BusinessError"}' },
    });
    expect(reasonRecord(refused)).toContain("SHP-009");
    for (const locale of ["es", "en"] as const) expect(reasonWords(translator(locale), refused)).not.toContain("SHP");
  });

  it("writes the same English record as before codes (support's searches and Shopify's rejection message)", () => {
    expect(reasonRecord(addressHoldReason({ code: "destinationNotServed", cp: "63950" }))).toBe(
      "held in Shopify: the service serves no destination at postal code 63950; it goes to the warehouse once the buyer's address is corrected in Shopify",
    );
    expect(
      reasonRecord(
        shippedShort([
          { sku: "TAZA-AZ", quantity: 1 },
          { sku: "CAFE-500", quantity: 2 },
        ]),
      ),
    ).toBe(
      "shipped short: the warehouse did not ship TAZA-AZ × 1, CAFE-500 × 2; what shipped is fulfilled in Shopify — send the rest to the warehouse as a new order, or leave it for a refund",
    );
    expect(reasonRecord(reasonOf(decideFulfillmentOrder(state(), fo({ status: "CANCELLED" }), settings, NOW)))).toBe(
      "this part of the order was cancelled in Shopify",
    );
  });

  it("names the missing units of a short shipment as a parameter", () => {
    expect(
      shippedShort([
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "CAFE-500", quantity: 2 },
      ]),
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
    expect(Object.keys(recordsEn).sort()).toEqual([...REASON_CODES].sort());
  });

  it("are the only place an action's outcome is worded: no action module writes an English message or error itself", () => {
    const modules = [
      "app/fulfillment/actions/merchant-actions.server.ts",
      "app/fulfillment/actions/push-order.server.ts",
    ];
    const inline = modules.flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\b(?:message|error):\s*[`"']/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(inline, inline.join("\n")).toEqual([]);
    // Each outcome's English record is the catalogue's, for every code.
    for (const code of MERCHANT_OUTCOMES) expect(outcomeRecordsEn[code]({ order: "#1001" }), code).toMatch(/\S/);
  });

  it("word the service's order statuses, and name an unknown one as received", () => {
    const i18n = translator("es");
    expect(reasonWords(i18n, { code: "serviceStatus", params: { status: "IN_TRANSIT" } })).toBe(
      "Estado en el servicio: en camino con la paquetería.",
    );
    expect(reasonWords(i18n, { code: "serviceStatus", params: { status: "PROGRAMADO" } })).not.toContain("PROGRAMADO");
  });
});
