/** The orders page's filters and bulk selection, read and checked from the request (pure). */
import { isRecordId } from "../models/record-id";
import { isFulfillmentStatus, type FulfillmentStatus } from "./status";

export const ORDERS_SEARCH_MAX = 100;
/** Records one bulk retry may name (the page lists at most 100). */
export const BULK_RETRY_MAX = 100;

export interface OrdersQuery {
  status: FulfillmentStatus | null;
  /** As typed (e.g. "#1001"); the search ignores a leading "#". */
  q: string;
}

/** A refused input: which field, what was wrong (English, for logs and API callers) and its message key. */
export interface FieldError {
  field: string;
  error: string;
  key: "status" | "q" | "fulfillmentIds" | "intent";
  params: Record<string, string>;
}

export function parseOrdersQuery(url: URL): { ok: true; query: OrdersQuery } | { ok: false; error: FieldError } {
  const status = url.searchParams.get("status") ?? "";
  if (status && !isFulfillmentStatus(status)) {
    return {
      ok: false,
      error: {
        field: "status",
        error: `unknown status "${status.slice(0, 40)}"`,
        key: "status",
        params: { value: status.slice(0, 40) },
      },
    };
  }
  const q = (url.searchParams.get("q") ?? "").trim();
  if (q.length > ORDERS_SEARCH_MAX) {
    return {
      ok: false,
      error: {
        field: "q",
        error: `longer than ${ORDERS_SEARCH_MAX} characters`,
        key: "q",
        params: { max: String(ORDERS_SEARCH_MAX) },
      },
    };
  }
  return { ok: true, query: { status: status ? (status as FulfillmentStatus) : null, q } };
}

/** The records a bulk retry names: 1 to BULK_RETRY_MAX record ids, each once. */
export function parseBulkIds(
  values: FormDataEntryValue[],
): { ok: true; ids: string[] } | { ok: false; error: FieldError } {
  const ids = [...new Set(values.map(String))];
  const refuse = (error: string): { ok: false; error: FieldError } => ({
    ok: false,
    error: { field: "fulfillmentId", error, key: "fulfillmentIds", params: { max: String(BULK_RETRY_MAX) } },
  });
  if (ids.length === 0) return refuse("select at least one record");
  if (ids.length > BULK_RETRY_MAX) return refuse(`at most ${BULK_RETRY_MAX} records at once`);
  const bad = ids.find((id) => !isRecordId(id));
  if (bad !== undefined) return refuse(`"${bad.slice(0, 40)}" is not a record id`);
  return { ok: true, ids };
}
