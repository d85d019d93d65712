/** Live rates at checkout: the pure core (request → quotation; quotation → rates; rules; dates). */
export { answerFor,    type QuoteOutcome,  } from "./answer";
export { addBusinessDays, formatShopifyDate, isMexicanRestDay,  } from "./business-days";
export { quoteCacheKey,  } from "./cache-key";
export { markedUpCentavos, roundForCheckout,  } from "./pricing";
export {
  cartSubtotalCentavos,
  pesoSubtotalCentavos,
  quotationLines,
  toQuotationRequest,
  
  
  
} from "./quotation-request";
export {
  MAX_RATE_ITEMS,
  parseRateRequest,
  
  
  type RateRequest,
} from "./rate-request";
export { explainRateRules,  } from "./explain";
export { applyRateRules, deliveryWindow, fallbackOffers,    } from "./rules";
;
;
export { SingleFlight } from "./single-flight";
export { TtlLruCache } from "./ttl-cache";
export { outcomeOfQuoteError, type UpstreamOutcome } from "./upstream-outcome";
