/** The fulfilment service client: factory, errors and wire types. Server-only (holds the API key). */
export { createSvcClient } from "./client";
export type { SvcClient, SvcCreateOrderParams, SvcCreateProductsParams, SvcQuoteParams } from "./client";
export type { SvcAttempt, SvcCallOptions, SvcClientOptions, SvcLogger, SvcSleep } from "./options";
export type {
  SvcAuthResult,
  SvcCreateOrderResult,
  SvcCreateProductsResult,
  SvcOrder,
  SvcQuoteResult,
  SvcQuotedProduct,
  SvcQuotedService,
} from "./results";
export {
  SvcAbortedError,
  SvcConflictError,
  SvcConnectionError,
  SvcConstraintViolationError,
  SvcDestinationNotServedError,
  SvcError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcInvalidResponseError,
  SvcNotFoundError,
  SvcPermissionError,
  SvcProductWithoutDimensionsError,
  SvcRateLimitedError,
  SvcTimeoutError,
  SvcUnauthorizedError,
  SvcUnexpectedError,
  type SvcErrorDetails,
} from "./errors";
export { SvcTokenCache, sharedTokenCache } from "./token-cache";
export { destinationSchema, lineItemSchema, type SvcDestination, type SvcLineItem } from "./wire/destination";
export { SERVICE_CODES, type ServiceCode } from "./service-codes";
export { normaliseServiceCode, wireNames } from "./wire/service-code";
export type { SvcCreatedProduct, SvcNewProduct, SvcProductRecord } from "./wire/product";
export type { SvcOrderRecord } from "./wire/order";
export type { SvcPickupOrder, SvcReception, SvcStockEntry } from "./wire/inventory";
