// What the merchant's catalogue page shows: the latest sync and its progress, counts per status,
// and one page of variants with their status and reason.
import { Prisma, type PrismaClient } from "@prisma/client";
import { foldedContains } from "~/text/folded-search.server";
import { adminVariantUrl } from "~/shopify/admin-links";
import {
  CATALOG_FILTERS,
  CATALOG_GROUPS,
  CATALOG_PAGE_SIZE,
  type CatalogFilter,
  type CatalogGroup,
  type CatalogQuery,
} from "./catalog-query";
import type { MeasureDifference } from "./measure-differences";
import { storedCatalogReason, type CatalogReason } from "./reason-codes";
import { isCatalogStatus, type CatalogStatus } from "./status";
import { catalogSyncErrorWords, storedSyncProblem, type CatalogSyncProblem } from "./sync-errors";
import type { Translator } from "~/i18n/locale";

interface CatalogSyncView {
  state: string;
  phase: string;
  done: number;
  total: number;
  /**
   * What stopped or holds back the sync: its code (and whether it retries by itself), and its
   * words in the page's language. Never the exception's text.
   */
  error: (CatalogSyncProblem & { words: string }) | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface CatalogVariantView {
  id: string;
  title: string;
  sku: string | null;
  status: CatalogStatus;
  /** Why it has its status, as a code worded in the merchant's language (./reason-words.ts); null: nothing to say. */
  reason: CatalogReason | null;
  deleted: boolean;
  /** The variant's page in Shopify's admin (`shopify://admin/products/…/variants/…`); null once deleted. */
  adminUrl: string | null;
  svcProductId: string | null;
  differences: MeasureDifference[];
  syncedAt: string | null;
}

export interface CatalogPageData {
  connected: boolean;
  sync: CatalogSyncView | null;
  counts: CatalogCounts;
  variants: CatalogVariantView[];
  /** Variants matching the filter, across pages. */
  matching: number;
  query: CatalogQuery;
}

type CatalogCounts = Record<CatalogFilter, number>;

/**
 * How many variants each filter of Catálogo holds: the page's filter and Inicio's figures both
 * come from here. Variants deleted in Shopify count only under «deleted».
 */
async function catalogCounts(db: PrismaClient, shop: string): Promise<CatalogCounts> {
  const [grouped, deleted] = await Promise.all([
    db.catalogVariant.groupBy({ by: ["status"], where: { shop, deletedAt: null }, _count: { _all: true } }),
    db.catalogVariant.count({ where: { shop, deletedAt: { not: null } } }),
  ]);
  const counts = Object.fromEntries(CATALOG_FILTERS.map((f) => [f, 0])) as CatalogCounts;
  counts.deleted = deleted;
  for (const group of grouped) {
    if (isCatalogStatus(group.status)) counts[group.status] = group._count._all;
    counts.all += group._count._all;
  }
  for (const [name, statuses] of Object.entries(CATALOG_GROUPS) as [CatalogGroup, readonly CatalogStatus[]][])
    counts[name] = statuses.reduce((sum, s) => sum + counts[s], 0);
  return counts;
}

export async function catalogPageData({
  db,
  shop,
  query,
  i18n,
}: {
  db: PrismaClient;
  shop: string;
  query: CatalogQuery;
  /** The page's language, in which the sync's problem is worded. */
  i18n: Pick<Translator, "messages" | "format">;
}): Promise<CatalogPageData> {
  const where: Prisma.CatalogVariantWhereInput = { shop };
  if (query.filter === "deleted") where.deletedAt = { not: null };
  else {
    where.deletedAt = null;
    if (query.filter in CATALOG_GROUPS) where.status = { in: [...CATALOG_GROUPS[query.filter as CatalogGroup]] };
    else if (query.filter !== "all") where.status = query.filter;
  }
  if (query.search) {
    // Case and accents aside («jabon tepoztlan» finds «Jabón artesanal de Tepoztlán»): every word
    // typed, in the SKU or the name.
    const words = query.search.split(/\s+/).filter(Boolean).slice(0, 10);
    const each = words.map(
      (word) => Prisma.sql`(${foldedContains(Prisma.sql`sku`, word)} OR ${foldedContains(Prisma.sql`title`, word)})`,
    );
    const matches = await db.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT id::text AS id FROM "CatalogVariant" WHERE shop = ${shop} AND ${Prisma.join(each, " AND ")}`,
    );
    where.id = { in: matches.map((m) => m.id) };
  }
  const [shopRow, sync, counts, matching, rows] = await Promise.all([
    db.shop.findUnique({ where: { domain: shop }, select: { svcApiKeyCiphertext: true, uninstalledAt: true } }),
    db.catalogSync.findFirst({ where: { shop }, orderBy: { startedAt: "desc" } }),
    catalogCounts(db, shop),
    db.catalogVariant.count({ where }),
    db.catalogVariant.findMany({
      where,
      orderBy: [{ title: "asc" }, { variantId: "asc" }],
      skip: (query.page - 1) * CATALOG_PAGE_SIZE,
      take: CATALOG_PAGE_SIZE,
      select: {
        id: true,
        variantId: true,
        productId: true,
        title: true,
        sku: true,
        status: true,
        reasonCode: true,
        reasonParams: true,
        deletedAt: true,
        svcProductId: true,
        differences: true,
        syncedAt: true,
      },
    }),
  ]);
  return {
    connected: Boolean(shopRow?.svcApiKeyCiphertext && !shopRow.uninstalledAt),
    sync: sync && {
      state: sync.state,
      phase: sync.phase,
      done: sync.done,
      total: sync.total,
      error: syncErrorView(i18n, storedSyncProblem(sync.errorCode, sync.errorParams)),
      startedAt: sync.startedAt.toISOString(),
      finishedAt: sync.finishedAt?.toISOString() ?? null,
    },
    counts,
    variants: rows.map((row) => ({
      id: row.id,
      title: row.title,
      sku: row.sku,
      status: row.status as CatalogStatus,
      reason: storedCatalogReason(row.reasonCode, row.reasonParams),
      deleted: row.deletedAt !== null,
      adminUrl: row.deletedAt === null ? adminVariantUrl(row.productId, row.variantId) : null,
      svcProductId: row.svcProductId,
      differences: (row.differences as MeasureDifference[] | null) ?? [],
      syncedAt: row.syncedAt?.toISOString() ?? null,
    })),
    matching,
    query,
  };
}

function syncErrorView(
  i18n: Pick<Translator, "messages" | "format">,
  problem: CatalogSyncProblem | null,
): CatalogSyncView["error"] {
  return problem && { ...problem, words: catalogSyncErrorWords(i18n, problem)! };
}
