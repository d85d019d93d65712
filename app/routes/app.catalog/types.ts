// What the catalogue page's loader and action answer (the tests and the components read them).
import type { CatalogPageData } from "~/catalog/catalog-page.server";
import type { catalogQueryError } from "~/catalog/catalog-query";
import type { SkuLookup } from "~/catalog/sku-lookup.server";
import type { AttentionActionData, listJobProblems } from "~/attention/job-problems.server";

export type CatalogLoaderData = CatalogPageData & {
  invalid: ReturnType<typeof catalogQueryError>;
  failedJobs: Awaited<ReturnType<typeof listJobProblems>>;
};

/** The sync's start, a SKU's lookup at the service, or which field was refused. */
export type CatalogActionData =
  | { kind: "sync"; ok: boolean; refused: "running" | "not_connected" | null }
  | { kind: "lookup"; lookup: SkuLookup }
  | { kind: "invalid"; field: "intent" | "sku"; error: string }
  | AttentionActionData;
