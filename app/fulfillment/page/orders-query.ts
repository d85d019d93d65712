/** The orders page's filters and bulk selection, read and checked from the request (pure). */
import { isRecordId } from "../../http/record-id";
import { withoutControlCharacters } from "../../text/control-characters";
import { isFulfillmentStatus, type FulfillmentStatus } from "../core/status";

export const ORDERS_SEARCH_MAX = 100;
/** Records per page of Pedidos. */
export const ORDERS_PAGE_SIZE = 50;
/** Records one bulk retry may name (the page lists at most 100). */
const BULK_RETRY_MAX = 100;

/** Records the service took (they have its order), whatever happened since: Inicio's «enviados al almacén». */
export const SENT_FILTER = "sent";
export type OrdersFilter = FulfillmentStatus | typeof SENT_FILTER;

export interface OrdersQuery {
  status: OrdersFilter | null;
  /** As typed (e.g. "#1001"); the search ignores a leading "#". */
  q: string;
  /** 1-based. */
  page: number;
}

/** A refused input: which field, what was wrong (English, for logs and API callers) and its message key. */
export interface FieldError {
  field: string;
  error: string;
  key: "status" | "q" | "page" | "fulfillmentIds" | "intent";
  params: Record<string, string>;
}

export function parseOrdersQuery(url: URL): { ok: true; query: OrdersQuery } | { ok: false; error: FieldError } {
  const status = url.searchParams.get("status") ?? "";
  if (status && status !== SENT_FILTER && !isFulfillmentStatus(status)) {
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
  // Control characters match nothing a merchant can see (and a NUL byte would fail the query).
  const q = withoutControlCharacters(url.searchParams.get("q") ?? "").trim();
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
  const page = url.searchParams.get("page") ?? "";
  if (page !== "" && !/^[1-9]\d{0,4}$/.test(page)) {
    return {
      ok: false,
      error: { field: "page", error: `not a page number: "${page.slice(0, 20)}"`, key: "page", params: {} },
    };
  }
  return {
    ok: true,
    query: { status: status ? (status as OrdersFilter) : null, q, page: page ? Number(page) : 1 },
  };
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
