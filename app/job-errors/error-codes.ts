/**
 * What a background job's failure was, as a code the admin pages word in the merchant's language
 * (`attention.jobErrors.<code>`, or `serviceErrors.<code>` for the service's): stored on the job
 * (Job.lastErrorCode) beside the error's own text, which is for logs and support and never shown.
 * Pure; decided by the error's type, never by parsing its message.
 */
import { HttpResponseError } from "@shopify/shopify-api";
import { ShopifyAdminError, ShopifyForbiddenError } from "../shopify/admin/errors";
import { SERVICE_ERROR_CODES, serviceErrorOf, type ServiceErrorCode } from "../svc/error-codes";
import { SvcError } from "../svc/errors";

/** Codes of the service's failures (without the product they may name), and Shopify's. */
export type JobErrorCode =
  | Exclude<ServiceErrorCode, "noDimensions" | "insufficientStock">
  | "shopifyRefused"
  | "shopifyAccess"
  | "shopifyFailed"
  /** Shopify refused the app itself (HTTP 403: its IP allowlist): the app's provider fixes it; the job waits. */
  | "shopifyProviderAccess";

/** The code of a failure the app's operator fixes, not the merchant: the job waits without using attempts. */
export const PROVIDER_ACCESS_CODE = "shopifyProviderAccess" satisfies JobErrorCode;

/** The code of anything a job threw (or a handler caught). */
export function jobErrorCode(error: unknown): JobErrorCode {
  if (error instanceof SvcError) {
    const { code } = serviceErrorOf(error);
    // The page names no product here: the job's subject already says what it was about.
    return code === "noDimensions" || code === "insufficientStock" ? `${code}Unnamed` : code;
  }
  if (error instanceof ShopifyForbiddenError) return PROVIDER_ACCESS_CODE;
  if (error instanceof ShopifyAdminError) {
    if (error.hasCode("ACCESS_DENIED")) return "shopifyAccess";
    return error.kind === "user" ? "shopifyRefused" : "shopifyFailed";
  }
  if (error instanceof HttpResponseError) {
    if (error.response.code === 403) return PROVIDER_ACCESS_CODE;
    return error.response.code === 401 ? "shopifyAccess" : "shopifyFailed";
  }
  return "unexpected";
}

const SHOPIFY_CODES = ["shopifyRefused", "shopifyAccess", "shopifyFailed", PROVIDER_ACCESS_CODE] as const;

/** A stored code read back: a known one, or null (a row from before codes, or an unknown code). */
export function storedJobErrorCode(code: string | null | undefined): JobErrorCode | null {
  if (!code) return null;
  if ((SHOPIFY_CODES as readonly string[]).includes(code)) return code as JobErrorCode;
  const service = (SERVICE_ERROR_CODES as readonly string[]).includes(code);
  return service && code !== "noDimensions" && code !== "insufficientStock" ? (code as JobErrorCode) : null;
}
