/** The catalogue page's filters, read from its URL (pure). */
import { withoutControlCharacters } from "../text/control-characters";
import { CATALOG_STATUSES, isCatalogStatus, type CatalogStatus } from "./status";

/**
 * Groups of statuses, as Inicio's figures count them: each figure opens Catálogo filtered to its
 * group, so the figure and the list agree.
 */
export const CATALOG_GROUPS = {
  registered: ["synced", "exists_at_service"],
  needs_work: ["skipped", "failed", "drifted"],
} as const satisfies Record<string, readonly CatalogStatus[]>;
export type CatalogGroup = keyof typeof CATALOG_GROUPS;
const isCatalogGroup = (value: string): value is CatalogGroup => Object.hasOwn(CATALOG_GROUPS, value);

export type CatalogFilter = CatalogStatus | CatalogGroup | "deleted" | "all";

export interface CatalogQuery {
  filter: CatalogFilter;
  /** Matches SKU or name, case-insensitively. */
  search: string;
  /** 1-based. */
  page: number;
}

export const CATALOG_FILTERS: readonly CatalogFilter[] = [
  "all",
  "registered",
  "needs_work",
  ...CATALOG_STATUSES,
  "deleted",
];
export const CATALOG_PAGE_SIZE = 50;
/** The longest SKU the lookup at the service takes. */
export const SKU_MAX = 100;

export function parseCatalogQuery(url: URL): CatalogQuery {
  const status = url.searchParams.get("status") ?? "all";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    filter: isCatalogStatus(status) || isCatalogGroup(status) || status === "deleted" ? status : "all",
    // Control characters match nothing a merchant can see (and a NUL byte would fail the query).
    search: withoutControlCharacters(url.searchParams.get("q") ?? "")
      .trim()
      .slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/**
 * What in the URL the page cannot honour, by field: an unknown status, a search or page number
 * out of range. parseCatalogQuery falls back for each; the loader answers 400 instead, so a wrong
 * link says what is wrong rather than showing a different list.
 */
export function catalogQueryError(url: URL): { field: "status" | "q" | "page"; error: string } | null {
  const status = url.searchParams.get("status");
  if (status && status !== "all" && status !== "deleted" && !isCatalogStatus(status) && !isCatalogGroup(status))
    return { field: "status", error: `unknown status "${status.slice(0, 40)}"` };
  if ((url.searchParams.get("q") ?? "").trim().length > 100) return { field: "q", error: "longer than 100 characters" };
  const page = url.searchParams.get("page");
  if (page !== null && page !== "" && !/^[1-9]\d{0,4}$/.test(page))
    return { field: "page", error: `not a page number: "${page.slice(0, 20)}"` };
  return null;
}
