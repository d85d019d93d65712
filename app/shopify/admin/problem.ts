/**
 * What went wrong when the app asked Shopify, as a code the engine records and the pages word from
 * app/i18n (`shopifyProblems`). Shopify's own text (English, for developers) stays in the logs.
 */
import { ShopifyAdminError, ShopifyForbiddenError } from "./errors";

/** @internal */
export const SHOPIFY_PROBLEMS = [
  "throttled",
  "access_denied",
  /** Shopify refused the app itself (HTTP 403, its IP allowlist): the app's provider fixes it. */
  "provider_access",
  "not_allowed_by_plan",
  "not_found",
  "refused",
  "network",
  "unknown",
] as const;
export type ShopifyProblem = (typeof SHOPIFY_PROBLEMS)[number];

// Shopify words the plan refusal in prose only (no error code says "plan"), so it is recognised by text.
const PLAN_REFUSAL = /plan|calculated (shipping )?rates|third[- ]party|upgrade/i;
const NOT_FOUND = /could not be found|not found|does not exist/i;
const ACCESS = /access denied|access_denied|required access|scope/i;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** The code of a failed Admin call: from Shopify's error codes where it gives them, else classified. */
export function shopifyProblem(error: unknown): ShopifyProblem {
  if (error instanceof ShopifyForbiddenError) return "provider_access";
  if (error instanceof ShopifyAdminError) {
    if (error.hasCode("THROTTLED")) return "throttled";
    if (error.hasCode("ACCESS_DENIED") || (error.kind === "graphql" && ACCESS.test(error.detail)))
      return "access_denied";
    if (error.kind === "user") {
      if (error.hasCode("NOT_FOUND") || NOT_FOUND.test(error.detail)) return "not_found";
      if (PLAN_REFUSAL.test(error.detail)) return "not_allowed_by_plan";
      return "refused";
    }
    return "unknown";
  }
  return isNetworkError(error) ? "network" : "unknown";
}

/** Whether a stored value is a code this module produces (rows from before codes hold text). */
export function isShopifyProblem(value: unknown): value is ShopifyProblem {
  return typeof value === "string" && (SHOPIFY_PROBLEMS as readonly string[]).includes(value);
}

function isNetworkError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    if (e.name === "AbortError" || e.name === "TimeoutError" || e.name === "HttpRequestError") return true;
    if (e.name === "TypeError" && /fetch failed/i.test(e.message)) return true;
  }
  return false;
}

/** A stored problem as its code: text stored before codes (or anything unknown) reads "unknown". */
export function storedProblem(value: string): ShopifyProblem {
  return isShopifyProblem(value) ? value : "unknown";
}
