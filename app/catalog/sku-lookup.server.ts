/**
 * One SKU at the service, next to what Shopify holds for it: the merchant's check when a variant
 * is skipped, refused or out of date ("what does the warehouse have for PLATO-GR?"). Reads the
 * service's product lookup (GET /api/rest/product/{sku}; unknown → empty list) and the shop's
 * variants with that SKU, and compares their measures exactly.
 */
import type { PrismaClient } from "@prisma/client";
import { findCatalogueProducts, type SvcClient } from "../svc";
import { serviceErrorOf, type ServiceErrorMessage } from "../svc/error-codes";
import { hasControlCharacters } from "../text/control-characters";
import { SKU_MAX } from "./catalog-query";
import { measureDifferences, measuresByField, type MeasureDifference, type MeasureField } from "./measure-differences";
import type { CatalogStatus } from "./status";
import { mappingFromStored } from "./variant-records.server";

interface ServiceProductView {
  id: string;
  sku: string;
  upc: string | null;
  name: string | null;
  /** Each measure as the service holds it (text, exact), null when not recorded; keyed by the service's field name. */
  measures: Record<MeasureField, string | null>;
}

interface ShopifyVariantView {
  title: string;
  status: CatalogStatus;
  deleted: boolean;
  measures: Record<MeasureField, string | null> | null;
  /** Measures where the service's record and Shopify disagree (empty: they match). */
  differences: MeasureDifference[];
}

export type SkuLookup =
  | { kind: "not_connected"; sku: string }
  /** `error` is the client's text (logs, API); the page words `problem` (serviceErrors.<code>). */
  | { kind: "failed"; sku: string; error: string; problem: ServiceErrorMessage }
  | { kind: "found"; sku: string; service: ServiceProductView[]; shopify: ShopifyVariantView[] };

/** The SKU as typed, checked: 1 to SKU_MAX characters after trimming, no control characters. */
export function parseSku(value: FormDataEntryValue | null): { ok: true; sku: string } | { ok: false; error: string } {
  const sku = typeof value === "string" ? value.trim() : "";
  if (!sku) return { ok: false, error: "enter a SKU" };
  if (sku.length > SKU_MAX) return { ok: false, error: `a SKU has at most ${SKU_MAX} characters` };
  // No SKU holds control characters; a NUL byte would even fail the catalogue's query (a 500).
  if (hasControlCharacters(sku)) return { ok: false, error: "a SKU has no control characters" };
  return { ok: true, sku };
}

export async function lookupSku(deps: {
  db: PrismaClient;
  shop: string;
  sku: string;
  svcClientFor(shop: string): Promise<SvcClient | null>;
}): Promise<SkuLookup> {
  const { db, shop } = deps;
  // A SKU typed in another case («ale-p» for «ALE-P») is the catalogue's SKU: looked up as the
  // catalogue spells it, at the service and in the shop alike.
  const known = await db.catalogVariant.findFirst({
    where: { shop, sku: { equals: deps.sku, mode: "insensitive" } },
    orderBy: [{ deletedAt: { sort: "asc", nulls: "first" } }, { sku: "asc" }],
    select: { sku: true },
  });
  const sku = known?.sku ?? deps.sku;
  const client = await deps.svcClientFor(shop);
  if (!client) return { kind: "not_connected", sku };
  let records;
  try {
    records = await findCatalogueProducts(client, sku);
  } catch (error) {
    return {
      kind: "failed",
      sku,
      error: error instanceof Error ? error.message : String(error),
      problem: serviceErrorOf(error),
    };
  }
  // The lookup matches SKU or UPC: keep the records of this SKU when there are any.
  const exact = records.filter((r) => r.sku.toLowerCase() === sku.toLowerCase());
  const found = exact.length > 0 ? exact : records;
  const variants = await db.catalogVariant.findMany({
    where: { shop, sku },
    orderBy: [{ deletedAt: { sort: "asc", nulls: "first" } }, { title: "asc" }],
    take: 20,
    select: { title: true, status: true, deletedAt: true, current: true },
  });
  const first = found[0];
  return {
    kind: "found",
    sku,
    service: found.map((r) => ({
      id: r.id,
      sku: r.sku,
      upc: r.upc ?? null,
      name: r.name,
      measures: measuresByField(r.dimensions),
    })),
    shopify: variants.map((v) => {
      // What the store holds now, as the sync mapped it (null when it was skipped: no SKU, no weight…).
      const mapping = mappingFromStored(v.current);
      const current = mapping?.kind === "ready" ? mapping.product : null;
      return {
        title: v.title,
        status: v.status as CatalogStatus,
        deleted: v.deletedAt !== null,
        measures: current?.dimensions ? measuresByField(current.dimensions) : null,
        differences: first && current ? measureDifferences(first.dimensions, current) : [],
      };
    }),
  };
}
