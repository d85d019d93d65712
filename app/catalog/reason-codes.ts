/**
 * What the catalogue sync records about a variant — why it was skipped, refused, queued or
 * linked — is a code with parameters (`reasonCode`/`reasonParams` on CatalogVariant, and the
 * `reason` of a skipped mapping kept in `current`). Pages word it from `catalog.reasons.<code>`
 * in the merchant's language (./reason-words.ts); nothing in the engine writes a sentence. Rows
 * written before codes were converted once by migration 20261125020000_catalog_reason_codes.
 */
import type { ServiceErrorCode } from "../svc/error-codes";

/** @internal */
export const CATALOG_REASON_CODES = [
  "notShippable",
  "noSku",
  "noWeight",
  "belowHalfGram",
  "unknownWeightUnit",
  "invalidWeight",
  "invalidDimensions",
  "tooLarge",
  "noDimensions",
  "duplicateSku",
  "deleted",
  "deletedRegistered",
  "pendingNew",
  "pendingCheck",
  "accountSwitched",
  "disconnected",
  "noShopifyData",
  "alreadyThere",
  "changedAfterRegistering",
  "existedWithOtherData",
  "barcodeTaken",
  "serviceError",
  "serviceRefused",
] as const;

export type CatalogReasonCode = (typeof CATALOG_REASON_CODES)[number];

export interface CatalogReason {
  code: CatalogReasonCode;
  params: Record<string, string>;
}

/**
 * Parameters a code carries (all text):
 * - invalidDimensions: `where` (variant | product) and, per unreadable side n = 1, 2, 3,
 *   `problemN` (a DIMENSION_PROBLEMS code), `metafieldN` (its metafield) and `detailN` (what it
 *   holds, or its unit) — see dimensionProblems();
 * - noDimensions: `length`, `width`, `height` (the metafields the shop reads);
 * - duplicateSku: `sku` and `others` (the other variants' names, as JSON text of
 *   [{ name, registered }]);
 * - alreadyThere: `sku`, `id` (the service's product id);
 * - barcodeTaken: `upc`, `sku` (the SKU that holds it at the service);
 * - serviceError: `error` (a ServiceErrorCode, worded from `serviceErrors`) and `said` (the service's text);
 * - serviceRefused: `said` (a refusal recorded before codes, as the service or the app wrote it);
 * - any skip reason of a variant still registered at the service: `stillRegistered` = "true".
 */
export function catalogReason(
  code: CatalogReasonCode,
  params: Record<string, string | null | undefined> = {},
): CatalogReason {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) kept[name] = value;
  return { code, params: kept };
}

/** A stored code and parameters as a reason; null without a (known) code. */
export function storedCatalogReason(code: string | null | undefined, params: unknown): CatalogReason | null {
  if (!code || !(CATALOG_REASON_CODES as readonly string[]).includes(code)) return null;
  const kept: Record<string, string> = {};
  if (params && typeof params === "object" && !Array.isArray(params)) {
    for (const [name, value] of Object.entries(params)) if (typeof value === "string") kept[name] = value;
  }
  return { code: code as CatalogReasonCode, params: kept };
}

/** A CatalogVariant row's reason columns. */
export function catalogReasonColumns(message: CatalogReason | null): {
  reasonCode: CatalogReasonCode | null;
  reasonParams: Record<string, string>;
} {
  return message ? { reasonCode: message.code, reasonParams: message.params } : { reasonCode: null, reasonParams: {} };
}

/** The same reason, noting that the variant is still registered at the service with what was sent before. */
export function stillRegistered(message: CatalogReason): CatalogReason {
  return { code: message.code, params: { ...message.params, stillRegistered: "true" } };
}

/**
 * The service refused to register a product: its error as a code worded from `serviceErrors`,
 * with the service's text kept beside it; a refusal no code says more about than «unexpected»
 * is the service's own text (serviceRefused), the only words that say what it wants.
 */
export function serviceErrorReason(error: ServiceErrorCode, said: string): CatalogReason {
  return error === "unexpected"
    ? catalogReason("serviceRefused", { said })
    : catalogReason("serviceError", { error, said });
}

/** @internal */
export const DIMENSION_PROBLEMS = [
  "missing",
  "unreadable",
  "unknownUnit",
  "notNumber",
  "notPositive",
  "tooLarge",
] as const;
export type DimensionProblemCode = (typeof DIMENSION_PROBLEMS)[number];

export interface DimensionProblem {
  problem: DimensionProblemCode;
  metafield: string;
  detail?: string;
}

/** invalidDimensions' parameters for the unreadable sides, in order. */
export function dimensionProblemParams(problems: readonly DimensionProblem[]): Record<string, string> {
  const params: Record<string, string> = {};
  problems.forEach((p, i) => {
    params[`problem${i + 1}`] = p.problem;
    params[`metafield${i + 1}`] = p.metafield;
    if (p.detail !== undefined) params[`detail${i + 1}`] = p.detail;
  });
  return params;
}

/** The unreadable sides an invalidDimensions reason names. */
export function dimensionProblems(params: Record<string, string>): DimensionProblem[] {
  const problems: DimensionProblem[] = [];
  for (let i = 1; params[`problem${i}`] !== undefined; i++) {
    const problem = params[`problem${i}`]!;
    if (!(DIMENSION_PROBLEMS as readonly string[]).includes(problem)) continue;
    const detail = params[`detail${i}`];
    problems.push({
      problem: problem as DimensionProblemCode,
      metafield: params[`metafield${i}`] ?? "",
      ...(detail !== undefined ? { detail } : {}),
    });
  }
  return problems;
}
