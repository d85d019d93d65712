/** Live rates at checkout: the pure core (request → quotation; quotation → rates; rules; dates). */
export { answerFor, fallbackAnswer, NO_RATES, NOT_QUOTED, type QuoteOutcome, type RatesAnswer } from "./answer";
export { addBusinessDays, formatShopifyDate, isMexicanRestDay, MEXICO_CITY } from "./business-days";
export { quoteCacheKey, type QuoteKeyParts } from "./cache-key";
export { markedUpCentavos, roundForCheckout, type CheckoutRounding } from "./pricing";
export {
  cartSubtotalCentavos,
  pesoSubtotalCentavos,
  quotationLines,
  toQuotationRequest,
  type QuotationLine,
  type QuotationLinesResult,
  type QuotationRequestResult,
} from "./quotation-request";
export {
  MAX_RATE_ITEMS,
  parseRateRequest,
  rateRequestSchema,
  type ParsedRateRequest,
  type RateRequest,
} from "./rate-request";
export { explainRateRules, type ServiceExplanation } from "./explain";
export { applyRateRules, deliveryWindow, fallbackOffers, type QuotedService, type RateOffer, type RuleEffect } from "./rules";
export { DEFAULT_SERVICE_NAMES, serviceLabel } from "./service-names";
export { RATE_CURRENCY, toShopifyRates, type ShopifyRate } from "./shopify-rates";
export { SingleFlight } from "./single-flight";
export { TtlLruCache } from "./ttl-cache";
export { outcomeOfQuoteError, type UpstreamOutcome } from "./upstream-outcome";
