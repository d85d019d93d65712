/**
 * Pure: what a failed order creation means for the record. The service has no idempotency key,
 * so the one question is whether the request can have reached it:
 *   - provably not (refused before sending, 429, 503, token exchange failed) → try again later;
 *   - it did and was refused (409, 4xx) → a person must fix the cause;
 *   - maybe (timeout after sending, reset, 5xx, unreadable 2xx, anything unexpected) → a person
 *     confirms, because sending again could ship the order twice.
 * One refusal is about the address: the service's 409 with inner code SHP-003 (no carrier serves
 * the destination; service-api.md 7.2, the only documented refusal that names the destination).
 * It is a definite refusal (a 4xx: nothing was created), so the app holds the order in Shopify
 * until the address changes, and sending it again then cannot make a second order. Another is
 * about stock: the 409 asking for an inventory reception (nothing created either), after which
 * the order waits for stock (awaiting_stock) and goes again when a stock read shows enough.
 */
import {
  SvcConflictError,
  SvcConnectionError,
  SvcDestinationNotServedError,
  SvcError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
  SvcRateLimitedError,
  SvcUnauthorizedError,
} from "../../svc/errors";
import { reason, type ReasonMessage } from "./reason-codes";

export type SubmitFailure =
  | { kind: "retry"; message: string; retryAfterMs?: number }
  | { kind: "needs_attention"; reason: ReasonMessage }
  /** The service refused the destination (nothing created): hold for the address. */
  | { kind: "address_refused"; message: string }
  /** The service lacks stock for it (409, nothing created): it waits for a stock read showing enough. */
  | { kind: "stock_refused"; message: string; product?: string }
  | { kind: "unknown_outcome"; reason: ReasonMessage };

/** Classifies an error thrown by createOrder (or by getting the client's token for it). */
export function classifySubmitError(error: unknown): SubmitFailure {
  if (!(error instanceof SvcError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "unknown_outcome", reason: reason("unexpectedFailure", { said: message }) };
  }
  if (error instanceof SvcUnauthorizedError) {
    return { kind: "needs_attention", reason: reason("apiKeyRefused", { said: error.message }) };
  }
  if (error instanceof SvcRateLimitedError) {
    return { kind: "retry", message: error.message, retryAfterMs: error.retryAfterMs };
  }
  // 503 means the service would not take the request at all: refused, not half-done.
  if (error.status === 503) return { kind: "retry", message: error.message };
  if (!error.outcomeUnknown) {
    // The token exchange failed: the order itself was never sent.
    if (error.endpoint === "auth") return { kind: "retry", message: error.message };
    if (error instanceof SvcConnectionError) return { kind: "retry", message: error.message };
    if (error instanceof SvcDestinationNotServedError && error.status === 409) {
      return { kind: "address_refused", message: serviceMessage(error) };
    }
    if (error instanceof SvcInsufficientStockError && error.status === 409) {
      return { kind: "stock_refused", message: serviceMessage(error), product: error.product };
    }
    if (error instanceof SvcConflictError || error instanceof SvcInvalidRequestError) {
      return { kind: "needs_attention", reason: refusalReason(error) };
    }
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      return { kind: "needs_attention", reason: refusalReason(error) };
    }
    // Nothing was sent (a timeout waiting for a token, an abort before sending).
    if (error.status === undefined) return { kind: "retry", message: error.message };
  }
  return { kind: "unknown_outcome", reason: reason("mayExist", { said: error.message }) };
}

function refusalReason(error: SvcError): ReasonMessage {
  const said = serviceMessage(error);
  if (error instanceof SvcProductWithoutDimensionsError) {
    return reason("noDimensions", { product: error.product, said });
  }
  if (error instanceof SvcDestinationNotServedError) return reason("destinationNotServed", { said });
  if (error instanceof SvcInsufficientStockError) {
    return reason("insufficientStock", { product: error.product, said });
  }
  if (error instanceof SvcInvalidRequestError) return reason("invalidOrder", { field: error.field, said });
  return reason("serviceRefused", { said });
}

function serviceMessage(error: SvcError): string {
  const body = error.body as { error?: unknown; path?: unknown } | undefined;
  if (body && typeof body.error === "string")
    return typeof body.path === "string" && body.path !== "$" ? `${body.error} (${body.path})` : body.error;
  return error.message;
}
