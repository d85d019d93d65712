/** The catalogue page's filters, read from its URL (pure). */
import { CATALOG_STATUSES, isCatalogStatus, type CatalogStatus } from "./status";

export type CatalogFilter = CatalogStatus | "deleted" | "all";

export interface CatalogQuery {
  filter: CatalogFilter;
  /** Matches SKU or name, case-insensitively. */
  search: string;
  /** 1-based. */
  page: number;
}

export const CATALOG_FILTERS: readonly CatalogFilter[] = ["all", ...CATALOG_STATUSES, "deleted"];
export const CATALOG_PAGE_SIZE = 50;

export function parseCatalogQuery(url: URL): CatalogQuery {
  const status = url.searchParams.get("status") ?? "all";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    filter: isCatalogStatus(status) || status === "deleted" ? status : "all",
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}
