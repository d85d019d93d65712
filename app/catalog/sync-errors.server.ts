/**
 * Which code (./sync-errors.ts) an exception of a full sync step records. Decided by the error's
 * type and its codes, never by reading its message: the message goes to the logs and to the
 * sync's `errorDetail` for support, never to a page.
 */
import { HttpMaxRetriesError, HttpRequestError, HttpResponseError, HttpThrottlingError } from "@shopify/shopify-api";
import { ShopifyAdminError, ShopifyForbiddenError } from "../shopify/admin/errors";
import { SvcError } from "../svc/errors";
import { serviceErrorOf } from "../svc/error-codes";
import { catalogSyncProblem, type CatalogSyncErrorCode, type CatalogSyncProblem } from "./sync-errors";

/** A failure of the sync's own making (the bulk read, its result file), already a code. */
export class CatalogSyncError extends Error {
  readonly problem: CatalogSyncProblem;

  constructor(code: CatalogSyncErrorCode, params: Record<string, string>, message: string) {
    super(message);
    this.name = "CatalogSyncError";
    this.problem = catalogSyncProblem(code, params);
  }
}

/** Error codes of Node's sockets and of undici (fetch) that mean the other side was not reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CLOSED",
]);

/** The code and parameters a step's exception records (without `retrying`: the job decides that). */
export function syncProblemOf(error: unknown): CatalogSyncProblem {
  if (error instanceof CatalogSyncError) return error.problem;
  if (error instanceof SvcError) {
    const { code, params } = serviceErrorOf(error);
    return catalogSyncProblem("serviceError", { error: code, product: params.product });
  }
  if (error instanceof ShopifyForbiddenError) return catalogSyncProblem("shopifyProviderAccess");
  if (error instanceof ShopifyAdminError) {
    if (error.hasCode("THROTTLED")) return catalogSyncProblem("shopifyThrottled");
    if (error.hasCode("ACCESS_DENIED")) return catalogSyncProblem("shopifyDenied");
    return catalogSyncProblem("shopifyError");
  }
  // The Admin client of @shopify/shopify-api (a 429 after its own retries, another status, no answer).
  if (error instanceof HttpThrottlingError) return catalogSyncProblem("shopifyThrottled");
  if (error instanceof HttpResponseError) {
    const status = error.response.code;
    if (status === 403) return catalogSyncProblem("shopifyProviderAccess");
    return catalogSyncProblem(status === 401 ? "shopifyDenied" : "shopifyError");
  }
  if (error instanceof HttpMaxRetriesError) return catalogSyncProblem("shopifyError");
  if (error instanceof HttpRequestError) return catalogSyncProblem("network");
  if (isNetworkFailure(error)) return catalogSyncProblem("network");
  return catalogSyncProblem("failed");
}

/** fetch's failure to reach the other side: a socket error code on the error or its cause, or a timeout. */
function isNetworkFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    if ((e as { name?: unknown }).name === "TimeoutError") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The exception's own text, for the logs and `errorDetail` only. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
