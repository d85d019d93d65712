import {
  SvcConflictError,
  SvcConstraintViolationError,
  SvcDestinationNotServedError,
  type SvcError,
  SvcInsufficientStockError,
  SvcNotFoundError,
  SvcPermissionError,
  SvcProductWithoutDimensionsError,
  SvcRateLimitedError,
  SvcUnauthorizedError,
  SvcUnexpectedError,
  type SvcErrorDetails,
} from "./errors";
import { errorBodySchema } from "./wire/error-body";

/** What is known about a non-2xx answer. */
export interface FailedResponse {
  endpoint: string;
  status: number;
  /** The body parsed as JSON, or undefined when it was not JSON. */
  json: unknown;
  /** The raw body text (used only for a short excerpt when the body is not JSON). */
  text: string;
  requestId?: string;
  retryAfterMs?: number;
  /** Whether the request may have changed state at the service (creation endpoints). */
  sideEffects: boolean;
  /** Product identifiers the request named, to recognise them in a 409 message. */
  identifiers?: readonly string[];
}

/** Turns a non-2xx answer into the most specific error the contract allows. */
export function errorFromResponse(failed: FailedResponse): SvcError {
  const parsed = errorBodySchema.safeParse(failed.json);
  const body = parsed.success ? parsed.data : {};
  const serviceMessage = body.error ?? (failed.json === undefined ? excerpt(failed.text) : undefined);
  const details: SvcErrorDetails = {
    endpoint: failed.endpoint,
    status: failed.status,
    code: body.code,
    path: body.path,
    requestId: failed.requestId,
    body: failed.json ?? (failed.text ? excerpt(failed.text) : undefined),
    // A 5xx may come after the service applied part or all of a creation; 4xx is a refusal.
    outcomeUnknown: failed.sideEffects && failed.status >= 500,
    message: `${failed.endpoint}: HTTP ${failed.status}${body.code ? ` ${body.code}` : ""}${serviceMessage ? `: ${serviceMessage}` : ""}`,
  };

  if (body.code === "constraint-violation") return new SvcConstraintViolationError(details);
  if (body.code === "permission-error" || failed.status === 403) return new SvcPermissionError(details);
  if (failed.status === 409 || body.code === "ConflictError")
    return conflictError(details, body.error ?? "", failed.identifiers);
  if (failed.status === 401) return new SvcUnauthorizedError(details);
  if (failed.status === 404) return new SvcNotFoundError(details);
  if (failed.status === 429) return new SvcRateLimitedError({ ...details, retryAfterMs: failed.retryAfterMs });
  return new SvcUnexpectedError(details);
}

// The three quotation conflicts share code and path; only the message tells them apart.
function conflictError(details: SvcErrorDetails, message: string, identifiers?: readonly string[]): SvcError {
  if (message.includes("SHP-003")) return new SvcDestinationNotServedError(details);
  if (/dimensi/i.test(message)) {
    return new SvcProductWithoutDimensionsError({ ...details, product: productNamedIn(message, identifiers) });
  }
  if (/stock|inventari|recepci[oó]n|reception/i.test(message)) {
    return new SvcInsufficientStockError({ ...details, product: productNamedIn(message, identifiers) });
  }
  return new SvcConflictError(details);
}

/**
 * Finds which product a conflict message names. The requested identifiers are the best evidence
 * (the longest one found as a whole word wins, so "SKU-1" doesn't match inside "SKU-10"); failing
 * that, a quoted token in the message.
 */
export function productNamedIn(message: string, identifiers: readonly string[] = []): string | undefined {
  const found = [...identifiers]
    .sort((a, b) => b.length - a.length)
    .find((id) => id.length > 0 && new RegExp(`(^|[^\\w-])${escapeRegExp(id)}($|[^\\w-])`).test(message));
  if (found) return found;
  const quoted = /["'`«“]([^"'`»”]+)["'`»”]/.exec(message);
  return quoted?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
