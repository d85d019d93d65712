/**
 * Every failure of a service call as a code with parameters, so a page words it from its
 * catalogue (`serviceErrors.<code>` in app/i18n, es and en: what happened and what to do) and
 * never shows the service's JSON or an error class name. Pure; decided by the client's error
 * types (app/svc/errors.ts), never by parsing messages. The error itself (class, message, body,
 * request id) still goes to the logs for support.
 */
import {
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
} from "./errors";

export const SERVICE_ERROR_CODES = [
  "noDimensions",
  "noDimensionsUnnamed",
  "destinationNotServed",
  "insufficientStock",
  "insufficientStockUnnamed",
  "unknownProduct",
  "productWithoutSku",
  "conflict",
  "duplicateProduct",
  "forbidden",
  "unauthorized",
  "notFound",
  "rateLimited",
  "unavailable",
  "timeout",
  "unreachable",
  "invalidAnswer",
  "invalidRequest",
  "unexpected",
] as const;

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

export interface ServiceErrorMessage {
  code: ServiceErrorCode;
  params: Record<string, string>;
}

/** The code (and the product it names, when known) of anything a service call threw. */
export function serviceErrorOf(error: unknown): ServiceErrorMessage {
  if (!(error instanceof SvcError)) return { code: "unexpected", params: {} };
  if (error instanceof SvcDestinationNotServedError) return { code: "destinationNotServed", params: {} };
  if (error instanceof SvcProductWithoutDimensionsError) return withProduct("noDimensions", error.product);
  if (error instanceof SvcInsufficientStockError) return withProduct("insufficientStock", error.product);
  // The catalogue lacks a product the cart or order names: the service answers 404 or a plain 409.
  if (error instanceof SvcNotFoundError && error.endpoint !== "auth") return { code: "unknownProduct", params: {} };
  if (error instanceof SvcConflictError) return { code: "conflict", params: {} };
  if (error instanceof SvcConstraintViolationError) return { code: "duplicateProduct", params: {} };
  if (error instanceof SvcPermissionError) return { code: "forbidden", params: {} };
  if (error instanceof SvcUnauthorizedError) return { code: "unauthorized", params: {} };
  if (error instanceof SvcNotFoundError) return { code: "notFound", params: {} };
  if (error instanceof SvcRateLimitedError) return { code: "rateLimited", params: {} };
  if (error instanceof SvcTimeoutError || error instanceof SvcAbortedError) return { code: "timeout", params: {} };
  if (error instanceof SvcConnectionError) return { code: "unreachable", params: {} };
  if (error instanceof SvcInvalidResponseError) return { code: "invalidAnswer", params: {} };
  if (error instanceof SvcInvalidRequestError) return { code: "invalidRequest", params: {} };
  if (error.status !== undefined && error.status >= 500) return { code: "unavailable", params: {} };
  return { code: "unexpected", params: {} };
}

function withProduct(code: "noDimensions" | "insufficientStock", product: string | undefined): ServiceErrorMessage {
  return product ? { code, params: { product } } : { code: `${code}Unnamed`, params: {} };
}
