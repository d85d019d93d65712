/**
 * The reasons and history details the fulfilment engine writes are English sentences (they are
 * also what support reads in logs and what Shopify shows as a rejection message). The merchant
 * reads them in their own language: each known sentence is recognised here as a code and its
 * parameters (pure), and the page translates `orders.reasons.<code>` from its message catalogue.
 * A sentence no pattern knows (a new one, or the service's own words) is shown as written.
 *
 * When a sentence changes or a new one is written, change its pattern here too:
 * test/unit/fulfillment/reason-codes.test.ts produces the decision and submission sentences by
 * calling the engine and fails when one is left without a code.
 */

import { matchCodedMessage, type CodedMessage } from "../i18n/coded-message";

export const REASON_CODES = [
  "cancelledInShopify",
  "partCancelled",
  "alreadyFulfilled",
  "incomplete",
  "testOrder",
  "notShipped",
  "pickUp",
  "pickupPoint",
  "localDelivery",
  "retail",
  "noDelivery",
  "otherLocation",
  "onHold",
  "addressHeldNoNumber",
  "addressHeldPostalCode",
  "addressHeldNotServed",
  "merchantSentAsItStands",
  "scheduled",
  "heldBack",
  "nothingLeft",
  "noSku",
  "noAddress",
  "customerDataWithheld",
  "outsideMexico",
  "notConnected",
  "noDimensions",
  "destinationNotServed",
  "insufficientStock",
  "invalidOrder",
  "serviceRefused",
  "apiKeyRefused",
  "attemptsExhausted",
  "attemptFailed",
  "interrupted",
  "mayExist",
  "unexpectedFailure",
  "contested",
  "waitingForRequest",
  "cancelRequestedBefore",
  "cancelRequestedAfter",
  "cancelledAfterWarehouse",
  "beforeFulfilmentOrders",
  "writeBackFailed",
  "fulfilmentOrderGone",
  "nothingShipped",
  "shippedShort",
  "received",
  "sending",
  "serviceOrder",
  "lateAnswer",
  "serviceStatus",
  "trackingChanged",
  "shopifyFulfilment",
  "readyToSend",
  "merchantConfirmedExists",
  "merchantConfirmedAbsent",
  "merchantRetriedFollow",
  "merchantRetriedRead",
  "merchantRetried",
  "merchantSentMissing",
  "merchantLeftMissing",
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

export type ReasonMessage = CodedMessage<ReasonCode>;

// Named groups become the message's parameters. Anchored, so a sentence is read whole.
const PATTERNS: ReadonlyArray<readonly [ReasonCode, RegExp]> = [
  ["cancelledInShopify", /^the order was cancelled(?: in Shopify| \((?<at>[^)]*)\))$/],
  ["partCancelled", /^this part of the order was cancelled in Shopify$/],
  ["alreadyFulfilled", /^this part of the order is already fulfilled or closed in Shopify$/],
  ["incomplete", /^Shopify could not complete this part of the order$/],
  ["testOrder", /^test order, and the shop's settings skip test orders$/],
  ["pickUp", /^the buyer picks it up in store; the warehouse only ships parcels$/],
  ["pickupPoint", /^it goes to a pickup point; the warehouse only ships parcels$/],
  ["localDelivery", /^it is a local delivery by the shop; the warehouse only ships parcels$/],
  ["retail", /^it was sold in person \(point of sale\); the warehouse only ships parcels$/],
  ["noDelivery", /^it needs no delivery; the warehouse only ships parcels$/],
  ["notShipped", /^its delivery method is (?<method>.+); the warehouse only ships parcels$/],
  [
    "otherLocation",
    /^it is assigned to (?:the location "(?<location>.*)"|another location), which the warehouse does not fulfil$/,
  ],
  [
    "addressHeldNoNumber",
    /^held in Shopify: the shipping address has no exterior number; it goes to the warehouse once the buyer's address is corrected in Shopify$/,
  ],
  [
    "addressHeldPostalCode",
    /^held in Shopify: postal code (?<cp>.+?) is in (?<byCp>.+), not (?<state>.+?); it goes to the warehouse once the buyer's address is corrected in Shopify$/s,
  ],
  [
    "addressHeldNotServed",
    /^held in Shopify: the service serves no destination at postal code (?<cp>.+?); it goes to the warehouse once the buyer's address is corrected in Shopify$/s,
  ],
  ["onHold", /^on hold in Shopify(?: \((?<holds>.*)\))?; it goes to the warehouse when the hold is released$/],
  [
    "scheduled",
    /^scheduled in Shopify for a later date; it goes to the warehouse then(?: \(until (?<until>[^)]*)\))?$/,
  ],
  [
    "heldBack",
    /^held back (?<minutes>\d+) minutes after payment, so changes and cancellations never reach the warehouse(?: \(until (?<until>[^)]*)\))?$/,
  ],
  [
    "nothingLeft",
    /^(?:nothing in this part of the order is left to ship|no line requires shipping from the warehouse)$/,
  ],
  ["noSku", /^line (?<lines>.+) has no SKU; the warehouse identifies products by SKU/],
  ["noAddress", /^the order has no shipping address/],
  [
    "customerDataWithheld",
    /^Shopify withheld the buyer's name, address and phone \(protected customer data\); request protected customer data access in the Partner Dashboard, then retry$/,
  ],
  ["outsideMexico", /^destination country (?<country>.+) is outside Mexico, the only country the service ships to$/s],
  ["notConnected", /^the shop is not connected to the service$/],
  [
    "noDimensions",
    /^product (?<product>.+?) has no dimensions at the service; register them, then retry\. The service said: (?<said>.*)$/s,
  ],
  [
    "destinationNotServed",
    /^no carrier serves the destination; correct the shipping address, then retry\. The service said: (?<said>.*)$/s,
  ],
  [
    "insufficientStock",
    /^not enough stock of (?<product>.+?) at the warehouse; request an inventory reception, then retry\. The service said: (?<said>.*)$/s,
  ],
  ["invalidOrder", /^the order is not valid for the service(?: \((?<field>[^)]*)\))?: (?<said>.*)$/s],
  ["serviceRefused", /^the service refused the order: (?<said>.*)$/s],
  ["apiKeyRefused", /^the service refused the shop's API key; reconnect the account, then retry \((?<said>.*)\)$/s],
  [
    "attemptsExhausted",
    /^the service could not take the order after (?<attempts>\d+) attempts; last error: (?<said>.*)$/s,
  ],
  ["attemptFailed", /^attempt (?<attempt>\d+) did not reach the service \((?<said>.*)\); next attempt at (?<at>\S+)$/s],
  ["interrupted", /^a submission started at (?<at>.+?) was interrupted before its result was saved/s],
  [
    "unexpectedFailure",
    /^unexpected failure while sending the order \((?<said>.*)\); it may have reached the service$/s,
  ],
  ["mayExist", /^(?<said>.*); the order may exist at the service$/s],
  ["contested", /^created in Shopify from a part of the order the warehouse already has/],
  ["waitingForRequest", /^waiting for Shopify to request fulfilment from the warehouse$/],
  ["cancelRequestedBefore", /^the merchant asked to cancel it before it reached the warehouse; cancelled$/],
  [
    "cancelRequestedAfter",
    /^the merchant asked to cancel it after it reached the warehouse — stop it with the service \(service order (?<order>[^)]*)\)$/,
  ],
  [
    "cancelledAfterWarehouse",
    /^cancelled in Shopify after it reached the warehouse — stop it with the service(?: \(service order (?<order>[^)]*)\))?$/,
  ],
  ["beforeFulfilmentOrders", /^recorded before fulfilment orders were followed: fulfil it in Shopify by hand$/],
  ["writeBackFailed", /^writing the shipment to Shopify failed, will retry: (?<said>.*)$/s],
  ["fulfilmentOrderGone", /^the Shopify fulfilment order (?<gid>\S+) no longer exists$/],
  [
    "nothingShipped",
    /^the service reports the order (?<status>.+?) but lists nothing shipped, so nothing was fulfilled in Shopify; check it with the service, then retry$/s,
  ],
  [
    "shippedShort",
    /^shipped short: the warehouse did not ship (?<missing>.+?); what shipped is fulfilled in Shopify — send the rest to the warehouse as a new order, or leave it for a refund$/s,
  ],
  ["received", /^orders\/paid received$/],
  ["sending", /^attempt (?<attempt>\d+): sending to the service \((?<service>[A-Z]+): (?<products>.*)\)$/s],
  ["serviceOrder", /^service order (?<order>\S+)$/],
  ["lateAnswer", /^the service's late answer confirmed order (?<order>\S+)$/],
  ["serviceStatus", /^service status (?<status>.+)$/],
  ["trackingChanged", /^tracking changed to (?<tracking>.+)$/],
  [
    "shopifyFulfilment",
    /^Shopify fulfilment (?<kind>\w+) \((?<id>[^)]*)\)(?: of (?<lines>.+?))?(?: with (?<tracking>.+))?$/,
  ],
  ["readyToSend", /^ready to send$/],
  ["merchantSentAsItStands", /^the merchant sends it with the address as it stands$/],
  ["merchantConfirmedExists", /^confirmed by the merchant: service order (?<order>.+)$/],
  ["merchantConfirmedAbsent", /^the merchant confirmed the service has no such order: submitting it$/],
  ["merchantRetriedFollow", /^retried by the merchant: following the service order again$/],
  ["merchantRetriedRead", /^retried by the merchant: reading the order from Shopify again$/],
  ["merchantRetried", /^retried by the merchant(?: \((?<note>.*)\))?$/s],
  [
    "merchantSentMissing",
    /^the merchant sends the rest \((?<missing>.+?)\) to the warehouse as a new order; the first shipment was service order (?<order>\S+), Shopify fulfilment (?<fulfilment>\S+)$/s,
  ],
  [
    "merchantLeftMissing",
    /^the merchant leaves the units the warehouse did not ship \((?<missing>.+)\) for a refund$/s,
  ],
];

/** The code and parameters of a sentence the engine writes; null for one it does not know. */
export function reasonMessage(text: string | null | undefined): ReasonMessage | null {
  return matchCodedMessage(PATTERNS, text);
}

const CANCELLED: readonly ReasonCode[] = [
  "cancelledInShopify",
  "partCancelled",
  "cancelRequestedBefore",
  "cancelRequestedAfter",
  "cancelledAfterWarehouse",
];

/** Whether the record's reason says its order (or this part) was cancelled: sending it again cannot work. */
export function isCancelledReason(text: string | null | undefined): boolean {
  const code = reasonMessage(text)?.code;
  return code !== undefined && CANCELLED.includes(code);
}

/** What happened, for the timeline's marker: who or what moved the record. */
export type TimelineKind = "webhook" | "submission" | "service" | "tracking" | "merchant" | "attention" | "wait";

export function timelineKind(toStatus: string, code: ReasonCode | null): TimelineKind {
  if (code === "received") return "webhook";
  if (code?.startsWith("merchant")) return "merchant";
  if (code === "trackingChanged" || code === "shopifyFulfilment") return "tracking";
  if (toStatus === "needs_attention" || toStatus === "unknown_outcome" || toStatus === "skipped") return "attention";
  if (toStatus === "waiting") return "wait";
  if (
    toStatus === "submitting" ||
    toStatus === "pending" ||
    toStatus === "submitted" ||
    code === "serviceOrder" ||
    code === "lateAnswer"
  )
    return "submission";
  return "service";
}
