/**
 * One error base class and a subclass per failure the service contract names, so callers branch
 * on type ("no dimensions" vs "destination not served" vs "not enough stock") instead of parsing
 * messages. Every error carries what support needs to find the call: endpoint, status, code, path
 * and the service's x-request-id.
 */

/** Everything known about a failed call; all but `endpoint` and `message` may be missing. */
export interface SvcErrorDetails {
  endpoint: string;
  message: string;
  status?: number;
  code?: string;
  path?: string;
  requestId?: string;
  /** true when the request may have been applied by the service although no answer says so. */
  outcomeUnknown?: boolean;
  /** The parsed error body, kept as the service sent it. */
  body?: unknown;
  cause?: unknown;
}

/** Base class of every error thrown by the service client. */
export class SvcError extends Error {
  readonly endpoint: string;
  readonly status?: number;
  readonly code?: string;
  readonly path?: string;
  readonly requestId?: string;
  readonly outcomeUnknown: boolean;
  readonly body?: unknown;

  constructor(details: SvcErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.code = details.code;
    this.path = details.path;
    this.requestId = details.requestId;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.body = details.body;
  }
}

/** Parses the zero-based array index from a path like `$.selectionSet.insert_producto.args.objects[3]`. */
export function indexFromPath(path: string | undefined): number | undefined {
  const match = path ? /\[(\d+)\][^[]*$/.exec(path) : null;
  return match ? Number(match[1]) : undefined;
}

/** A product violates a uniqueness constraint (duplicate SKU or UPC for this client). */
export class SvcConstraintViolationError extends SvcError {
  /** Zero-based position of the offending product in the submitted array, when the path names it. */
  readonly index?: number;
  constructor(details: SvcErrorDetails) {
    super(details);
    this.index = indexFromPath(details.path);
  }
}

/** The service's insert permission check failed (for a product, when `index` is set). */
export class SvcPermissionError extends SvcError {
  /** Zero-based position of the offending product in the submitted array, when the path names it. */
  readonly index?: number;
  constructor(details: SvcErrorDetails) {
    super(details);
    this.index = indexFromPath(details.path);
  }
}

/** A 409 the client could not attribute to a known cause (also an empty 409 body). */
export class SvcConflictError extends SvcError {}

/** A requested product has no dimensions recorded, so it cannot be quoted. */
export class SvcProductWithoutDimensionsError extends SvcConflictError {
  /** The product named by the service's message, when it could be recognised. */
  readonly product?: string;
  constructor(details: SvcErrorDetails & { product?: string }) {
    super(details);
    this.product = details.product;
  }
}

/** No carrier integration serves the destination (inner business code SHP-003). */
export class SvcDestinationNotServedError extends SvcConflictError {}

/** Warehouse stock is insufficient; the service asks for an inventory reception. */
export class SvcInsufficientStockError extends SvcConflictError {
  /** The product named by the service's message, when it could be recognised. */
  readonly product?: string;
  constructor(details: SvcErrorDetails & { product?: string }) {
    super(details);
    this.product = details.product;
  }
}

/** The API key was refused, or a Bearer token was refused even after a fresh one was obtained. */
export class SvcUnauthorizedError extends SvcError {}

/** The service answered 404: the thing looked up (or the endpoint) does not exist. */
export class SvcNotFoundError extends SvcError {}

/** The service reported an unexpected (internal) error, or answered a status the contract does not name. */
export class SvcUnexpectedError extends SvcError {}

/** The service answered 429; `retryAfterMs` is its Retry-After, when it sent one. */
export class SvcRateLimitedError extends SvcError {
  readonly retryAfterMs?: number;
  constructor(details: SvcErrorDetails & { retryAfterMs?: number }) {
    super(details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** The call did not finish within its timeout or deadline. */
export class SvcTimeoutError extends SvcError {}

/** The caller's AbortSignal cancelled the call. */
export class SvcAbortedError extends SvcError {}

/** The connection failed (refused, DNS, reset); `outcomeUnknown` says whether the request may have arrived. */
export class SvcConnectionError extends SvcError {}

/** The service answered 2xx with a body that is not JSON or does not match the contract. */
export class SvcInvalidResponseError extends SvcError {
  /** The offending field of the response, e.g. `svcServiceAvailability.services[0].days`. */
  readonly field?: string;
  /** The answer as it came (its text when it is not JSON), so a caller can keep it whole. */
  readonly answer?: unknown;
  constructor(details: SvcErrorDetails & { field?: string; answer?: unknown }) {
    super(details);
    this.field = details.field;
    this.answer = details.answer;
  }
}

/** The caller's parameters do not match the contract; nothing was sent. */
export class SvcInvalidRequestError extends SvcError {
  /** The offending field of the parameters, e.g. `productos[0].cantidad`. */
  readonly field?: string;
  constructor(details: SvcErrorDetails & { field?: string }) {
    super(details);
    this.field = details.field;
  }
}
