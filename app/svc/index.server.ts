/** The fulfilment service client: factory, errors and wire types. Server-only (holds the API key). */
export { createSvcClient } from "./client";
export type { SvcClient, SvcQuoteParams } from "./client";
export type { SvcClientOptions, SvcLogger } from "./options";
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
} from "./errors";
export { SvcTokenCache } from "./token-cache";
export { submittedDestinationOf } from "./records";
export {
  createCatalogueProducts,
  findCatalogueProducts,
  productBody,
  productFromBody,
  refusedProductIndex,
  stockLevels,
  type CatalogueProduct,
  type CreatedCatalogueProduct,
  type NewCatalogueProduct,
} from "./catalogue";
export { lookupServiceOrder } from "./order-lookup";
export {
  submittedAddressOf,
  submittedLinesOf,
  submittedOrderJson,
  type ShipmentLine,
  type ShipmentOrder,
  type ShippingAddress,
} from "./shipment";
export { type SvcDestination, type SvcLineItem } from "./wire/destination";
export type { SvcNewProduct } from "./wire/product";
