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
 * until the address changes, and sending it again then cannot make a second order.
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
} from "../svc/errors";

export type SubmitFailure =
  | { kind: "retry"; message: string; retryAfterMs?: number }
  | { kind: "needs_attention"; reason: string }
  /** The service refused the destination (nothing created): hold for the address. */
  | { kind: "address_refused"; message: string }
  | { kind: "unknown_outcome"; reason: string };

/** Classifies an error thrown by createOrder (or by getting the client's token for it). */
export function classifySubmitError(error: unknown): SubmitFailure {
  if (!(error instanceof SvcError)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "unknown_outcome",
      reason: `unexpected failure while sending the order (${message}); it may have reached the service`,
    };
  }
  if (error instanceof SvcUnauthorizedError) {
    return {
      kind: "needs_attention",
      reason: `the service refused the shop's API key; reconnect the account, then retry (${error.message})`,
    };
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
    if (error instanceof SvcConflictError || error instanceof SvcInvalidRequestError) {
      return { kind: "needs_attention", reason: refusalReason(error) };
    }
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      return { kind: "needs_attention", reason: refusalReason(error) };
    }
    // Nothing was sent (a timeout waiting for a token, an abort before sending).
    if (error.status === undefined) return { kind: "retry", message: error.message };
  }
  return { kind: "unknown_outcome", reason: `${error.message}; the order may exist at the service` };
}

function refusalReason(error: SvcError): string {
  const said = serviceMessage(error);
  if (error instanceof SvcProductWithoutDimensionsError) {
    return `product ${error.product ?? "(unnamed)"} has no dimensions at the service; register them, then retry. The service said: ${said}`;
  }
  if (error instanceof SvcDestinationNotServedError) {
    return `no carrier serves the destination; correct the shipping address, then retry. The service said: ${said}`;
  }
  if (error instanceof SvcInsufficientStockError) {
    return `not enough stock of ${error.product ?? "a product"} at the warehouse; request an inventory reception, then retry. The service said: ${said}`;
  }
  if (error instanceof SvcInvalidRequestError) {
    return `the order is not valid for the service${error.field ? ` (${error.field})` : ""}: ${said}`;
  }
  return `the service refused the order: ${said}`;
}

function serviceMessage(error: SvcError): string {
  const body = error.body as { error?: unknown; path?: unknown } | undefined;
  if (body && typeof body.error === "string")
    return typeof body.path === "string" && body.path !== "$" ? `${body.error} (${body.path})` : body.error;
  return error.message;
}
