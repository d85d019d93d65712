/**
 * What «Almacén» shows: one page of the last stock read (each product's warehouse figures beside
 * Shopify's level, the units sold but not yet at the warehouse and the difference those do not
 * explain), counts per filter, when stock was last read and synced, and the same rows as CSV.
 * Paging, filters and the accent-blind search run in PostgreSQL.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { STOCK_LOW_THRESHOLD } from "../flow/triggers";
import { STOCK_QUEUE } from "../fulfillment/core/queues";
import { getShopSettings } from "../shop/shop-settings.server";
import { adminVariantUrl } from "../shopify/admin-links";
import { foldedContains } from "../text/folded-search.server";
import { stockLocationFrom } from "../shop/stock-location.server";
import { WAREHOUSE_FILTERS, WAREHOUSE_PAGE_SIZE, type WarehouseFilter, type WarehouseQuery } from "./warehouse-query";

export interface WarehouseRow {
  sku: string;
  /** The warehouse's name for it, else Shopify's title. */
  name: string | null;
  available: number;
  inStock: number;
  /** Shopify's available units at the service's location; null when not stocked there. */
  shopifyAvailable: number | null;
  inShopify: boolean;
  /** Units sold in Shopify but not yet at the warehouse. */
  awaiting: number;
  /** Shopify's level minus what the warehouse and the orders on their way explain; null when unknown. */
  difference: number | null;
  /** The variant's page in Shopify's admin. */
  adminUrl: string | null;
}

export interface WarehousePageData {
  connected: boolean;
  stockSyncOn: boolean;
  /**
   * The Shopify location whose levels stand for the warehouse (shop/stock-location.server.ts): there
   * is one, none is chosen (merchant-managed), or the fulfilment service's is not registered yet.
   */
  location: "chosen" | "not_chosen" | "service_not_registered";
  /** The last read took Shopify's levels from no location: its Shopify column is empty for that reason. */
  readWithoutLocation: boolean;
  /** The last read took Shopify's levels from another location (or none) than the one that stands now. */
  readElsewhere: boolean;
  /** A sync (or read) is queued or running now. */
  syncing: boolean;
  readAt: string | null;
  lastSync: { at: string; changed: number; unchanged: number; notStocked: string[] } | null;
  counts: Record<WarehouseFilter, number>;
  rows: WarehouseRow[];
  /** Rows matching the filter and search, across pages. */
  matching: number;
  query: WarehouseQuery;
}

const DIFFERS = Prisma.sql`"shopifyAvailable" IS NOT NULL AND "shopifyAvailable" <> available - awaiting`;
const CONDITIONS: Record<WarehouseFilter, Prisma.Sql> = {
  all: Prisma.sql`TRUE`,
  differs: DIFFERS,
  out_of_stock: Prisma.sql`available <= 0`,
  low_stock: Prisma.sql`available > 0 AND available <= ${STOCK_LOW_THRESHOLD}`,
  not_in_shopify: Prisma.sql`"variantId" IS NULL`,
};

interface StockRow {
  sku: string;
  name: string | null;
  title: string | null;
  available: number;
  inStock: number;
  shopifyAvailable: number | null;
  awaiting: number;
  productId: string | null;
  variantId: string | null;
}

function searchCondition(search: string): Prisma.Sql {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return Prisma.sql`TRUE`;
  const each = words.map(
    (word) =>
      Prisma.sql`(${foldedContains(Prisma.sql`sku`, word)} OR ${foldedContains(Prisma.sql`name`, word)} OR ${foldedContains(Prisma.sql`title`, word)})`,
  );
  return Prisma.join(each, " AND ");
}

function rowView(row: StockRow): WarehouseRow {
  const inShopify = row.variantId !== null;
  return {
    sku: row.sku,
    name: row.name ?? row.title,
    available: row.available,
    inStock: row.inStock,
    shopifyAvailable: row.shopifyAvailable,
    inShopify,
    awaiting: row.awaiting,
    difference: row.shopifyAvailable === null ? null : row.shopifyAvailable - (row.available - row.awaiting),
    adminUrl: inShopify
      ? adminVariantUrl(asGid("Product", row.productId), asGid("ProductVariant", row.variantId))
      : null,
  };
}

/** A catalogue id as a gid (rows keep gids; a bare numeric id is read as one). */
function asGid(type: string, id: string | null): string | null {
  return id && /^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id;
}

const SELECT = Prisma.sql`SELECT sku, name, title, available, "inStock", "shopifyAvailable", awaiting, "productId", "variantId" FROM "WarehouseStock"`;

/** Whether the shop's stock job runs now or is due (a scheduled run later is not «syncing»). */
async function stockJobDue(db: PrismaClient, shop: string, now: Date): Promise<boolean> {
  const job = await db.job.findUnique({
    where: { queue_key: { queue: STOCK_QUEUE, key: shop } },
    select: { state: true, runAt: true },
  });
  return job?.state === "running" || (job?.state === "queued" && job.runAt <= now);
}

export async function warehousePageData(
  db: PrismaClient,
  shop: string,
  query: WarehouseQuery,
  now: Date,
): Promise<WarehousePageData> {
  const where = Prisma.sql`shop = ${shop} AND ${CONDITIONS[query.filter]} AND ${searchCondition(query.search)}`;
  const [shopRow, settings, syncing, read, countRows, matching, rows] = await Promise.all([
    db.shop.findUnique({
      where: { domain: shop },
      select: { svcApiKeyCiphertext: true, uninstalledAt: true, fsLocationId: true },
    }),
    getShopSettings({ db, shop }),
    stockJobDue(db, shop, now),
    db.warehouseRead.findUnique({ where: { shop } }),
    db.$queryRaw<Array<Record<WarehouseFilter, bigint>>>(
      Prisma.sql`SELECT ${Prisma.join(
        WAREHOUSE_FILTERS.map((f) => Prisma.sql`count(*) FILTER (WHERE ${CONDITIONS[f]}) AS ${Prisma.raw(`"${f}"`)}`),
        ", ",
      )} FROM "WarehouseStock" WHERE shop = ${shop}`,
    ),
    db.$queryRaw<Array<{ n: bigint }>>(Prisma.sql`SELECT count(*) AS n FROM "WarehouseStock" WHERE ${where}`),
    db.$queryRaw<StockRow[]>(
      Prisma.sql`${SELECT} WHERE ${where} ORDER BY sku LIMIT ${WAREHOUSE_PAGE_SIZE} OFFSET ${(query.page - 1) * WAREHOUSE_PAGE_SIZE}`,
    ),
  ]);
  const counts = Object.fromEntries(WAREHOUSE_FILTERS.map((f) => [f, Number(countRows[0]?.[f] ?? 0)])) as Record<
    WarehouseFilter,
    number
  >;
  const location = stockLocationFrom(settings.settings, shopRow?.fsLocationId ?? null);
  return {
    connected: Boolean(shopRow?.svcApiKeyCiphertext && !shopRow.uninstalledAt),
    stockSyncOn: settings.settings.stock.enabled,
    location: location.locationId ? "chosen" : location.serviceMode ? "service_not_registered" : "not_chosen",
    readWithoutLocation: read !== null && read.locationId === null,
    readElsewhere: read !== null && location.locationId !== null && read.locationId !== location.locationId,
    syncing,
    readAt: read?.readAt.toISOString() ?? null,
    lastSync:
      read?.syncedAt != null
        ? {
            at: read.syncedAt.toISOString(),
            changed: read.changed ?? 0,
            unchanged: read.unchanged ?? 0,
            notStocked: Array.isArray(read.notStocked) ? read.notStocked.map(String) : [],
          }
        : null,
    counts,
    rows: rows.map(rowView),
    matching: Number(matching[0]?.n ?? 0),
    query,
  };
}

/** Every row matching the filter and search, in the page's order, for the CSV export. */
export async function warehouseExportRows(
  db: PrismaClient,
  shop: string,
  query: WarehouseQuery,
): Promise<WarehouseRow[]> {
  const where = Prisma.sql`shop = ${shop} AND ${CONDITIONS[query.filter]} AND ${searchCondition(query.search)}`;
  const rows = await db.$queryRaw<StockRow[]>(Prisma.sql`${SELECT} WHERE ${where} ORDER BY sku`);
  return rows.map(rowView);
}
