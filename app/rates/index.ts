/** Live rates at checkout: the pure core (request → quotation; quotation → rates; rules; dates). */
export { type QuoteOutcome } from "./answer";
export { pesoSubtotalCentavos } from "./quotation-request";
export { parseRateRequest, type RateRequest } from "./rate-request";
export { explainRateRules } from "./explain";
