// What the catalogue page asks of the catalogue feature: the page's data (reads only) and each
// form's action (start the full sync, look a SKU up at the service, retry a job that gave up).
import type { AppLoadContext } from "@remix-run/node";
import { catalogPageData } from "~/catalog/catalog-page.server";
import { catalogQueryError, parseCatalogQuery } from "~/catalog/catalog-query";
import { startFullSync } from "~/catalog/full-sync.server";
import { lookupSku, parseSku } from "~/catalog/sku-lookup.server";
import { listJobProblems, retryFromPage } from "~/attention/job-problems.server";
import { translator, type Locale } from "~/i18n/locale";
import type { CatalogActionData, CatalogLoaderData } from "./types";

/** The process's services, as the route gets them (app/composition.server.ts). */
type Services = AppLoadContext["services"];

/** Everything the page shows for `shop`; a wrong value in the URL shows the unfiltered page with its error. */
export async function loadCatalogPage(
  services: Services,
  shop: string,
  url: URL,
  locale: Locale,
): Promise<CatalogLoaderData> {
  const invalid = catalogQueryError(url);
  const query = parseCatalogQuery(invalid ? new URL(url.pathname, url) : url);
  const { db } = services;
  return {
    ...(await catalogPageData({ db, shop, query, i18n: translator(locale) })),
    invalid,
    failedJobs: await listJobProblems(db, { shop, page: "catalog" }),
  };
}

/**
 * The page's forms: the answer and its HTTP status (400 for refused input); `attention` marks the
 * job retry of the attention card, always answered with its status.
 */
export async function catalogAction(
  services: Services,
  shop: string,
  form: FormData,
): Promise<{ status: number; result: CatalogActionData; attention?: true }> {
  const intent = form.get("intent");
  if (intent === "job-retry") {
    const { db, now } = services;
    const id = String(form.get("id") ?? "");
    return { ...(await retryFromPage(db, { shop, page: "catalog", id, now: now() })), attention: true };
  }
  if (intent === "lookup") {
    const sku = parseSku(form.get("sku"));
    if (!sku.ok) return { status: 400, result: { kind: "invalid", field: "sku", error: sku.error } };
    const { db, svcClientFor } = services;
    return {
      status: 200,
      result: { kind: "lookup", lookup: await lookupSku({ db, shop, sku: sku.sku, svcClientFor }) },
    };
  }
  if (intent !== "sync") {
    const error = `unknown action "${String(intent ?? "").slice(0, 40)}"`;
    return { status: 400, result: { kind: "invalid", field: "intent", error } };
  }
  const started = await startFullSync({ db: services.db, shop });
  return { status: 200, result: { kind: "sync", ok: started.started, refused: started.started ? null : started.reason } };
}
