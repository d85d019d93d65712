// Every mapping of a failed service call to the client's errors, in one place: a non-2xx answer
// (errorFromResponse), an aborted call (abortError) and a failed fetch (provablyNotSent,
// describeFailure). The error classes themselves are in errors.ts.
import { ATTEMPT_TIMED_OUT, DEADLINE_PASSED } from "./abort";
import * as errors from "./errors";
import type { SvcError, SvcErrorDetails } from "./errors";
import { errorBodySchema } from "./wire/error-body";

// ── Non-2xx answers ─────────────────────────────────────────────────────────────────────────────

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

  if (body.code === "constraint-violation") return new errors.SvcConstraintViolationError(details);
  if (body.code === "permission-error" || failed.status === 403) return new errors.SvcPermissionError(details);
  if (failed.status === 409 || body.code === "ConflictError")
    return conflictError(details, body.error ?? "", failed.identifiers);
  if (failed.status === 401) return new errors.SvcUnauthorizedError(details);
  if (failed.status === 404) return new errors.SvcNotFoundError(details);
  if (failed.status === 429) return new errors.SvcRateLimitedError({ ...details, retryAfterMs: failed.retryAfterMs });
  return new errors.SvcUnexpectedError(details);
}

// The three quotation conflicts share code and path; only the message tells them apart.
function conflictError(details: SvcErrorDetails, message: string, identifiers?: readonly string[]): SvcError {
  if (message.includes("SHP-003")) return new errors.SvcDestinationNotServedError(details);
  if (/dimensi/i.test(message)) {
    return new errors.SvcProductWithoutDimensionsError({ ...details, product: productNamedIn(message, identifiers) });
  }
  if (/stock|inventari|recepci[oó]n|reception/i.test(message)) {
    return new errors.SvcInsufficientStockError({ ...details, product: productNamedIn(message, identifiers) });
  }
  return new errors.SvcConflictError(details);
}

/**
 * Finds which product a conflict message names. The requested identifiers are the best evidence
 * (the longest one found as a whole word wins, so "SKU-1" doesn't match inside "SKU-10"); failing
 * that, a quoted token in the message.
 * @internal
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

// ── Aborted calls ───────────────────────────────────────────────────────────────────────────────

/**
 * Maps an abort reason (attempt timeout, deadline, caller) to the client error for `spec`;
 * `inFlight` says whether a request was on the wire when it happened.
 */
export function abortError(
  reason: unknown,
  spec: { endpoint: string; sideEffects: boolean },
  timeoutMs: number,
  inFlight: boolean,
): SvcError {
  const outcomeUnknown = spec.sideEffects && inFlight;
  const unknownNote = outcomeUnknown ? "; the request may have reached the service" : "";
  const details = { endpoint: spec.endpoint, outcomeUnknown };
  if (reason === ATTEMPT_TIMED_OUT) {
    return new errors.SvcTimeoutError({
      ...details,
      message: `${spec.endpoint}: no answer within ${timeoutMs} ms${unknownNote}`,
    });
  }
  if (reason === DEADLINE_PASSED) {
    return new errors.SvcTimeoutError({ ...details, message: `${spec.endpoint}: the call's deadline passed${unknownNote}` });
  }
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return new errors.SvcTimeoutError({
      ...details,
      message: `${spec.endpoint}: the caller's signal timed out${unknownNote}`,
      cause: reason,
    });
  }
  return new errors.SvcAbortedError({
    ...details,
    message: `${spec.endpoint}: aborted by the caller${unknownNote}`,
    cause: reason,
  });
}

// ── Failed fetches ──────────────────────────────────────────────────────────────────────────────

/**
 * Tells, from a failed fetch, whether the request can have reached the service. Only failures that
 * happen before a connection exists (refused, DNS, unreachable, connect timeout) prove that nothing
 * was sent; a reset or a closed socket after connecting may come after the server got the request.
 */

const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * The error codes found along a fetch error's cause chain (undici nests them, sometimes in an AggregateError).
 * @internal
 */
export function errorCodesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string") codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

/** true when the failure proves the request never left this process (safe to send again). */
export function provablyNotSent(error: unknown): boolean {
  const codes = errorCodesOf(error);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}

/** A short description of the failure for error messages, e.g. "ECONNREFUSED". */
export function describeFailure(error: unknown): string {
  const codes = errorCodesOf(error);
  if (codes.length > 0) return [...new Set(codes)].join(", ");
  return error instanceof Error ? error.message : String(error);
}
