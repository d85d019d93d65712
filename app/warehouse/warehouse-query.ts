/** The «Almacén» page's filters, read from its URL (pure): `status` (as Catálogo and Pedidos name theirs), `q`, `page`. */
import { withoutControlCharacters } from "../text/control-characters";

export const WAREHOUSE_FILTERS = ["all", "differs", "out_of_stock", "low_stock", "not_in_shopify"] as const;
export type WarehouseFilter = (typeof WAREHOUSE_FILTERS)[number];
const isWarehouseFilter = (value: string): value is WarehouseFilter =>
  (WAREHOUSE_FILTERS as readonly string[]).includes(value);

export const WAREHOUSE_PAGE_SIZE = 50;
const SEARCH_MAX = 100;

export interface WarehouseQuery {
  filter: WarehouseFilter;
  /** Matches SKU or name, case and accents aside. */
  search: string;
  /** 1-based. */
  page: number;
}

export function parseWarehouseQuery(url: URL): WarehouseQuery {
  const filter = url.searchParams.get("status") ?? "all";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    filter: isWarehouseFilter(filter) ? filter : "all",
    // Control characters match nothing a merchant can see (and a NUL byte would fail the query).
    search: withoutControlCharacters(url.searchParams.get("q") ?? "")
      .trim()
      .slice(0, SEARCH_MAX),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** What in the URL the page cannot honour, by field (the loader answers 400 with the unfiltered page). */
export function warehouseQueryError(url: URL): { field: "status" | "q" | "page"; error: string } | null {
  const filter = url.searchParams.get("status");
  if (filter && !isWarehouseFilter(filter)) return { field: "status", error: `unknown filter "${filter.slice(0, 40)}"` };
  if ((url.searchParams.get("q") ?? "").trim().length > SEARCH_MAX)
    return { field: "q", error: `longer than ${SEARCH_MAX} characters` };
  const page = url.searchParams.get("page");
  if (page !== null && page !== "" && !/^[1-9]\d{0,4}$/.test(page))
    return { field: "page", error: `not a page number: "${page.slice(0, 20)}"` };
  return null;
}
