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
  catalogueProductOf,
  createCatalogueProducts,
  findCatalogueProducts,
  productBody,
  productFromBody,
  refusedProductIndex,
  stockEntryOf,
  stockLevels,
  type CatalogueProduct,
  type CreatedCatalogueProduct,
  type CreatedCatalogueProducts,
  type NewCatalogueProduct,
  type RecordedDimensions,
  type StockEntry,
} from "./catalogue";
export type { Measure, MeasureField, ProductDimensions } from "./measures";
export {
  lookupServiceOrder,
  serviceOrderOf,
  type ServiceOrder,
  type ServiceOrderLine,
  type ServiceOrderStatusEntry,
  type ServiceOrderTracking,
} from "./order-lookup";
export { type SvcDestination, type SvcLineItem } from "./wire/destination";
export type { SvcCreatedProduct, SvcNewProduct, SvcProductRecord } from "./wire/product";
