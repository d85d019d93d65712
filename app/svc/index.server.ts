/** The fulfilment service client: factory, errors and wire types. Server-only (holds the API key). */
export { createSvcClient } from "./client";
export type { SvcClient } from "./client";
export type { SvcClientOptions, SvcLogger } from "./options";
export {
  SvcConflictError,
  SvcConstraintViolationError,
  SvcDestinationNotServedError,
  SvcError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcInvalidResponseError,
  SvcPermissionError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "./errors";
/** A client's own token cache (tests and benchmarks keep theirs apart; the app uses the shared one). @internal */
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
  readReceptions,
  readWithdrawals,
  type Reception,
  type Withdrawal,
} from "./movements";
export {
  submittedAddressOf,
  submittedLinesOf,
  submittedOrderJson,
  type ShipmentLine,
  type ShipmentOrder,
  type ShippingAddress,
} from "./shipment";
