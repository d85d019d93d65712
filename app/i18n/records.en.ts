// The English record of what the fulfilment engine decided, one sentence per reason code
// (app/fulfillment/reason-codes.ts). Pages never show it: they word the code from
// `orders.reasons` in the merchant's language. It is kept next to the code for support and logs,
// and it is what leaves the app where Shopify needs a sentence (the message of a rejected
// fulfilment request). Parameters missing from a record are left out of its sentence.
export type RecordParams = Readonly<Record<string, string | undefined>>;
type P = RecordParams;

const HELD = "it goes to the warehouse once the buyer's address is corrected in Shopify";
const SAID = (p: P) => (p.said ? ` (the service said: ${p.said})` : "");
const REF = (p: P) => (p.order ? ` (service order ${p.order})` : "");
const UNTIL = (p: P) => (p.until ? ` (until ${p.until})` : "");

// Keyed by reason code: app/fulfillment/reason-codes.ts checks that every code has its sentence.
export const recordsEn = {
  cancelledInShopify: (p) => (p.at ? `the order was cancelled (${p.at})` : "the order was cancelled in Shopify"),
  partCancelled: () => "this part of the order was cancelled in Shopify",
  alreadyFulfilled: () => "this part of the order is already fulfilled or closed in Shopify",
  incomplete: () => "Shopify could not complete this part of the order",
  testOrder: () => "test order, and the shop's settings skip test orders",
  notShipped: (p) => `its delivery method is ${p.method}; the warehouse only ships parcels`,
  pickUp: () => "the buyer picks it up in store; the warehouse only ships parcels",
  pickupPoint: () => "it goes to a pickup point; the warehouse only ships parcels",
  localDelivery: () => "it is a local delivery by the shop; the warehouse only ships parcels",
  retail: () => "it was sold in person (point of sale); the warehouse only ships parcels",
  noDelivery: () => "it needs no delivery; the warehouse only ships parcels",
  otherLocation: (p) =>
    `it is assigned to ${p.location ? `the location "${p.location}"` : "another location"}, which the warehouse does not fulfil`,
  onHold: (p) =>
    `on hold in Shopify${p.holds ? ` (${p.holds})` : ""}; it goes to the warehouse when the hold is released`,
  addressHeldNoNumber: () => `held in Shopify: the shipping address has no exterior number; ${HELD}`,
  addressHeldPostalCode: (p) => `held in Shopify: postal code ${p.cp} is in ${p.byCp}, not ${p.state}; ${HELD}`,
  addressHeldNotServed: (p) =>
    `held in Shopify: the service serves no destination at postal code ${p.cp}; ${HELD}${SAID(p)}`,
  merchantSentAsItStands: () => "the merchant sends it with the address as it stands",
  scheduled: (p) => `scheduled in Shopify for a later date; it goes to the warehouse then${UNTIL(p)}`,
  heldBack: (p) =>
    `held back ${p.minutes} minutes after payment, so changes and cancellations never reach the warehouse${UNTIL(p)}`,
  nothingLeft: () => "nothing in this part of the order is left to ship",
  noSku: (p) =>
    `line ${p.lines} has no SKU; the warehouse identifies products by SKU (add one to the variant, then retry)`,
  noAddress: () => "the order has no shipping address (local pickup?)",
  customerDataWithheld: () =>
    "Shopify withheld the buyer's name, address and phone (protected customer data); request protected customer data access in the Partner Dashboard, then retry",
  outsideMexico: (p) =>
    `destination country ${p.country ? `"${p.country}"` : "(none given)"} is outside Mexico, the only country the service ships to`,
  notConnected: () => "the shop is not connected to the service",
  noDimensions: (p) =>
    `product ${p.product ?? "(unnamed)"} has no dimensions at the service; register them, then retry. The service said: ${p.said}`,
  destinationNotServed: (p) =>
    `no carrier serves the destination; correct the shipping address, then retry. The service said: ${p.said}`,
  insufficientStock: (p) =>
    `not enough stock of ${p.product ?? "a product"} at the warehouse; request an inventory reception, then retry. The service said: ${p.said}`,
  invalidOrder: (p) => `the order is not valid for the service${p.field ? ` (${p.field})` : ""}: ${p.said}`,
  serviceRefused: (p) => `the service refused the order: ${p.said}`,
  apiKeyRefused: (p) => `the service refused the shop's API key; reconnect the account, then retry (${p.said})`,
  attemptsExhausted: (p) => `the service could not take the order after ${p.attempts} attempts; last error: ${p.said}`,
  attemptFailed: (p) => `attempt ${p.attempt} did not reach the service (${p.said}); next attempt at ${p.at}`,
  interrupted: (p) =>
    `a submission started at ${p.at || "an earlier run"} was interrupted before its result was saved; the order may exist at the service ` +
    `(look for reference ${p.reference}), so it is not sent again automatically`,
  mayExist: (p) => `${p.said}; the order may exist at the service`,
  unexpectedFailure: (p) => `unexpected failure while sending the order (${p.said}); it may have reached the service`,
  contested: () =>
    "created in Shopify from a part of the order the warehouse already has (split, merge or move) — check it with " +
    "the service, then retry to send it",
  waitingForRequest: () => "waiting for Shopify to request fulfilment from the warehouse",
  cancelRequestedBefore: () => "the merchant asked to cancel it before it reached the warehouse; cancelled",
  cancelRequestedAfter: (p) =>
    `the merchant asked to cancel it after it reached the warehouse — stop it with the service${REF(p)}`,
  cancelledAfterWarehouse: (p) =>
    `cancelled in Shopify after it reached the warehouse — stop it with the service${REF(p)}`,
  splitAfterWarehouse: (p) =>
    `this part of the order was split, merged or removed in Shopify after it reached the warehouse — check it with the service${REF(p)}`,
  heldAfterWarehouse: (p) =>
    `placed on hold in Shopify after it reached the warehouse — hold it with the service${REF(p)}`,
  movedAfterWarehouse: (p) =>
    `moved in Shopify to ${p.location || "another location"} after it reached the warehouse — stop it with the service, or both will ship it${REF(p)}`,
  closedAfterWarehouse: (p) =>
    `closed in Shopify without being fulfilled (merged into another part, moved or refunded) after it reached the warehouse — check it with the service${REF(p)}`,
  progressReported: (p) => `reported in Shopify as in progress: the warehouse has it${REF(p)}`,
  changedAfterWarehouse: (p) =>
    `changed in Shopify after it reached the warehouse (now ${p.now}; the warehouse has ${p.sent}) — change it with the service${REF(p)}`,
  beforeFulfilmentOrders: () => "recorded before fulfilment orders were followed: fulfil it in Shopify by hand",
  writeBackFailed: (p) => `writing the shipment to Shopify failed, will retry: ${p.said}`,
  shippedButCancelled: () =>
    "the shipment left the warehouse but this part of the order was cancelled in Shopify — settle it with the buyer and the service",
  nothingLeftToFulfil: () =>
    "nothing the service shipped is left to fulfil in Shopify, and no fulfilment exists (fulfilled elsewhere or changed?)",
  fulfilmentOrderGone: (p) => `the Shopify fulfilment order ${p.gid} no longer exists`,
  nothingShipped: (p) =>
    `the service reports the order ${p.status} but lists nothing shipped, so nothing was fulfilled in ` +
    "Shopify; check it with the service, then retry",
  shippedShort: (p) =>
    `shipped short: the warehouse did not ship ${p.missing}; what shipped is fulfilled in Shopify — ` +
    "send the rest to the warehouse as a new order, or leave it for a refund",
  received: () => "orders/paid received",
  sending: (p) => `attempt ${p.attempt}: sending to the service (${p.service}: ${p.products})`,
  serviceOrder: (p) => `service order ${p.order}`,
  lateAnswer: (p) => `the service's late answer confirmed order ${p.order}`,
  serviceStatus: (p) => `service status ${p.status ?? "(none)"}`,
  unknownServiceOrder: (p) => `the service does not know order ${p.order}`,
  trackingChanged: (p) => `tracking changed to ${p.tracking}`,
  shopifyFulfilment: (p) =>
    `Shopify fulfilment ${p.kind} (${p.id})${p.lines ? ` of ${p.lines}` : ""}${p.tracking ? ` with ${p.tracking}` : ""}`,
  readyToSend: () => "ready to send",
  readFromShopify: (p) => `fulfilment order ${p.gid} read from Shopify`,
  partGone: () =>
    "this part no longer exists in Shopify (merged or split into other parts, which are decided on their own)",
  declinedRequest: () => "the warehouse declined Shopify's request for the reason above",
  merchantConfirmedExists: (p) => `confirmed by the merchant: service order ${p.order}`,
  merchantConfirmedAbsent: () => "the merchant confirmed the service has no such order: submitting it",
  merchantRetriedFollow: () => "retried by the merchant: following the service order again",
  merchantRetriedRead: () => "retried by the merchant: reading the order from Shopify again",
  merchantRetried: (p) => `retried by the merchant${p.note ? ` (${p.note})` : ""}`,
  merchantSentMissing: (p) =>
    `the merchant sends the rest (${p.missing}) to the warehouse as a new order; the first shipment was service ` +
    `order ${p.order}, Shopify fulfilment ${p.fulfilment}`,
  merchantLeftMissing: (p) => `the merchant leaves the units the warehouse did not ship (${p.missing}) for a refund`,
  awaitingStock: (p) =>
    `waiting for stock: the warehouse lacks ${p.missing}; sent again when a stock read shows the units. The service said: ${p.said}`,
  stockArrived: (p) => `the warehouse's stock now covers the order (${p.products}): sending it again`,
} satisfies Record<string, (p: P) => string>;
