/**
 * What stopped the full catalogue sync (or holds it back) is a code with parameters, like each
 * variant's reason (./reason-codes.ts): `errorCode`/`errorParams` on CatalogSync. Pages word it
 * from `catalog.syncErrors.<code>` in the merchant's language (catalogSyncErrorWords below); the
 * exception's own text is kept apart (`errorDetail`) for logs and support and never reaches a
 * page. Whether the sync will try again by itself is the `retrying` parameter, not words. Rows
 * written before codes were converted once by migration 20261125032000_catalog_sync_error_codes.
 * Pure: the engine (./sync-errors.server.ts classifies exceptions), pages and tests share it.
 */
import type { Translator } from "../i18n/locale";
import { SERVICE_ERROR_CODES, type ServiceErrorCode } from "../svc/error-codes";

/** @internal */
export const CATALOG_SYNC_ERROR_CODES = [
  /** Its job ended (or was lost) before the sync finished. */
  "interrupted",
  /** The shop's service account was disconnected (or the app uninstalled) while it ran. */
  "disconnected",
  /** Another bulk query of the app holds the shop's only slot: the sync waits for it. */
  "shopifyBusy",
  /** Shopify's bulk read ended without a result; `why` is one of BULK_READ_FAILURES. */
  "bulkReadFailed",
  /** The bulk read's result file could not be downloaded. */
  "resultUnavailable",
  /** The bulk read's result file held something other than the catalogue's lines. */
  "resultUnreadable",
  /** Shopify kept answering that the app asks too much too fast. */
  "shopifyThrottled",
  /** Shopify refused the app access (a permission the app lacks, a revoked token). */
  "shopifyDenied",
  /** Shopify refused the app itself (HTTP 403, its IP allowlist): the app's provider fixes it; the sync waits. */
  "shopifyProviderAccess",
  /** Shopify answered an error of its own. */
  "shopifyError",
  /** Shopify or the service could not be reached. */
  "network",
  /** The service refused or failed; `error` is a ServiceErrorCode worded from `serviceErrors`. */
  "serviceError",
  /** Anything else: worded without the exception's text. */
  "failed",
] as const;

export type CatalogSyncErrorCode = (typeof CATALOG_SYNC_ERROR_CODES)[number];

/**
 * Why Shopify's bulk read ended without a result (bulkReadFailed's `why`).
 * @internal
 */
export const BULK_READ_FAILURES = ["canceled", "expired", "timeout", "accessDenied", "shopifyError", "gone"] as const;
export type BulkReadFailure = (typeof BULK_READ_FAILURES)[number];

export interface CatalogSyncProblem {
  code: CatalogSyncErrorCode;
  /** All text; `retrying` = "true" while the sync will try again by itself. */
  params: Record<string, string>;
}

export function catalogSyncProblem(
  code: CatalogSyncErrorCode,
  params: Record<string, string | null | undefined> = {},
): CatalogSyncProblem {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) kept[name] = value;
  return { code, params: kept };
}

/** The same problem, saying whether the sync will try again by itself. */
export function retrying(problem: CatalogSyncProblem, again: boolean): CatalogSyncProblem {
  const { retrying: _old, ...params } = problem.params;
  return { code: problem.code, params: again ? { ...params, retrying: "true" } : params };
}

/** @internal */
export function willRetry(problem: CatalogSyncProblem): boolean {
  return problem.params.retrying === "true";
}

/** A stored code and parameters as a problem; null without a (known) code. */
export function storedSyncProblem(code: string | null | undefined, params: unknown): CatalogSyncProblem | null {
  if (!code || !(CATALOG_SYNC_ERROR_CODES as readonly string[]).includes(code)) return null;
  const kept: Record<string, string> = {};
  if (params && typeof params === "object" && !Array.isArray(params)) {
    for (const [name, value] of Object.entries(params)) if (typeof value === "string") kept[name] = value;
  }
  return { code: code as CatalogSyncErrorCode, params: kept };
}

/** A CatalogSync row's error columns: the code, its parameters, and the raw text for support only. */
export function syncErrorColumns(
  problem: CatalogSyncProblem | null,
  detail: string | null = null,
): { errorCode: CatalogSyncErrorCode | null; errorParams: Record<string, string>; errorDetail: string | null } {
  return problem
    ? { errorCode: problem.code, errorParams: problem.params, errorDetail: detail?.slice(0, 2000) ?? null }
    : { errorCode: null, errorParams: {}, errorDetail: null };
}

type Words = Pick<Translator, "messages" | "format">;

/** The problem in the page's language: what happened and what to do, then whether it is retried. */
export function catalogSyncErrorWords(i18n: Words, problem: CatalogSyncProblem | null | undefined): string | null {
  if (!problem) return null;
  const m = i18n.messages.catalog;
  const params: Record<string, string> = {};
  if (problem.code === "bulkReadFailed") {
    const why = problem.params.why;
    const known = (BULK_READ_FAILURES as readonly string[]).includes(why ?? "");
    params.why = m.bulkReadFailures[known ? (why as BulkReadFailure) : "shopifyError"];
  }
  if (problem.code === "serviceError") {
    const error = problem.params.error;
    const known = (SERVICE_ERROR_CODES as readonly string[]).includes(error ?? "");
    params.error = i18n.format(i18n.messages.serviceErrors[known ? (error as ServiceErrorCode) : "unexpected"], {
      product: problem.params.product ?? "—",
    });
  }
  const words = i18n.format(m.syncErrors[problem.code], params).replace(/\{\w+\}/g, "—");
  return `${words} ${willRetry(problem) ? m.syncErrorParts.retrying : m.syncErrorParts.stopped}`;
}
