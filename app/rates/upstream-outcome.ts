/**
 * What a quotation attempt came to, as a plain value that can be cached and shared between
 * concurrent requests. The service client's error types decide the kind; messages are never parsed here.
 */
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcError,
  SvcInsufficientStockError,
  SvcProductWithoutDimensionsError,
} from "~/svc";
import { serviceErrorOf, type ServiceErrorMessage } from "~/svc/error-codes";
import type { QuotedService } from "./rules";

export type UpstreamOutcome =
  | { kind: "quoted"; services: QuotedService[] }
  /** SHP-003: no carrier serves the destination. */
  | { kind: "not_served" }
  /** A product without dimensions, unknown to the service, or without SKU: the service can't price this cart. */
  | { kind: "unquotable"; detail: string; error?: ServiceErrorMessage }
  | { kind: "insufficient_stock"; detail: string; error?: ServiceErrorMessage }
  /** Timeout, connection failure, 5xx, invalid answer, refused key, or an internal error of ours. */
  | { kind: "failed"; detail: string; error?: ServiceErrorMessage };

/** Classifies anything `client.quote` threw. Pure. */
export function outcomeOfQuoteError(error: unknown): UpstreamOutcome {
  if (error instanceof SvcDestinationNotServedError) return { kind: "not_served" };
  // `detail` is for the logs (class and message); `error` is what a page words for the merchant.
  const coded = serviceErrorOf(error);
  if (error instanceof SvcInsufficientStockError)
    return { kind: "insufficient_stock", detail: detailOf(error), error: coded };
  // Any other 409 (no dimensions, a product the catalogue lacks, an empty 409 body) is about this cart.
  if (error instanceof SvcProductWithoutDimensionsError || error instanceof SvcConflictError) {
    return { kind: "unquotable", detail: detailOf(error), error: coded };
  }
  return { kind: "failed", detail: detailOf(error), error: coded };
}

function detailOf(error: unknown): string {
  if (error instanceof SvcError) return `${error.name}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
