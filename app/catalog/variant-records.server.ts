// CatalogVariant rows: one per Shopify variant and its registration at the service. Writes that
// touch many rows (a page, a batch) are single statements over a JSON recordset, so a 250-variant
// page costs one round trip. Timestamps written here are UTC, as Prisma writes them.
import { Prisma, type PrismaClient } from "@prisma/client";
import { duplicateSkuReason, findDuplicateSkus, type SkuHolder } from "./duplicate-skus";
import { productBody, productFromBody } from "../svc";
import type { MappedProduct, VariantMapping } from "./map-variant";
import type { MeasureDifference } from "./measure-differences";
import { catalogReason, catalogReasonColumns, type CatalogReason } from "./reason-codes";
import { PENDING_NEW, type CatalogStatus } from "./status";

export type Db = Pick<PrismaClient, "$executeRaw" | "$queryRaw" | "catalogVariant" | "catalogRegistration">;

/** What the sync needs to know about a stored variant. */
export interface StoredVariant {
  id: string;
  shop: string;
  productId: string;
  variantId: string;
  inventoryItemId: string | null;
  sku: string | null;
  title: string;
  status: string;
  svcProductId: string | null;
  sentHash: string | null;
  sent: MappedProduct | null;
  current: VariantMapping | null;
}

const STORED_SELECT = {
  id: true,
  shop: true,
  productId: true,
  variantId: true,
  inventoryItemId: true,
  sku: true,
  title: true,
  status: true,
  svcProductId: true,
  sentHash: true,
  sent: true,
  current: true,
} as const;

function toStored(row: Prisma.CatalogVariantGetPayload<{ select: typeof STORED_SELECT }>): StoredVariant {
  return { ...row, sent: productFromStored(row.sent), current: mappingFromStored(row.current) };
}

// `sent` and the product of a ready `current` are stored as product/new's body (app/svc's
// productBody): what was sent and what would be sent now, in one form, as the rows written before
// the catalogue used domain names hold them. So those rows read unchanged, and their hashes
// (mapping-hash.server.ts hashes the same body) still match.

/** A stored `current` (null, or a mapping whose product is product/new's body) in the catalogue's words. */
export function mappingFromStored(json: unknown): VariantMapping | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const stored = json as
    VariantMapping | (Omit<Extract<VariantMapping, { kind: "ready" }>, "product"> & { product: unknown });
  if (stored.kind !== "ready") return stored;
  const product = productFromStored(stored.product);
  return product ? { ...stored, product } : null;
}

function productFromStored(json: unknown): MappedProduct | null {
  const product = productFromBody(json);
  return product ? { ...product, upc: product.upc ?? "", name: product.name ?? "" } : null;
}

function mappingToStored(mapping: VariantMapping): unknown {
  return mapping.kind === "ready" ? { ...mapping, product: productBody(mapping.product) } : mapping;
}

export async function loadVariants(db: Db, shop: string, variantIds: string[]): Promise<Map<string, StoredVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db.catalogVariant.findMany({
    where: { shop, variantId: { in: variantIds } },
    select: STORED_SELECT,
  });
  return new Map(rows.map((row) => [row.variantId, toStored(row)]));
}

export async function loadProductVariants(db: Db, shop: string, productId: string): Promise<StoredVariant[]> {
  const rows = await db.catalogVariant.findMany({ where: { shop, productId, deletedAt: null }, select: STORED_SELECT });
  return rows.map(toStored);
}

export async function findByInventoryItem(
  db: Db,
  shop: string,
  inventoryItemId: string,
): Promise<StoredVariant | null> {
  const row = await db.catalogVariant.findFirst({ where: { shop, inventoryItemId }, select: STORED_SELECT });
  return row ? toStored(row) : null;
}

/** A variant as just read from Shopify, with the status it moves to. */
export interface ReadVariantRow {
  productId: string;
  variantId: string;
  inventoryItemId: string | null;
  sku: string | null;
  title: string;
  status: CatalogStatus;
  reason: CatalogReason | null;
  current: VariantMapping;
  /** The SKU changed under a registered variant: forget the old registration. */
  dropRegistration: boolean;
}

/** Inserts or updates the variants just read; a variant read again is no longer deleted. */
export async function writeReadVariants(db: Db, shop: string, rows: ReadVariantRow[]): Promise<void> {
  if (rows.length === 0) return;
  const dropped = rows.filter((r) => r.dropRegistration).map((r) => r.variantId);
  if (dropped.length > 0) {
    await db.$executeRaw`
      UPDATE "CatalogVariant" SET "svcProductId" = NULL, "svcDimensionId" = NULL, sent = NULL, "sentHash" = NULL,
             differences = NULL, "syncedAt" = NULL
      WHERE shop = ${shop} AND "variantId" = ANY(${dropped}::text[])`;
  }
  const json = JSON.stringify(
    rows.map(({ dropRegistration: _, reason, current, ...row }) => ({
      ...row,
      ...catalogReasonColumns(reason),
      current: mappingToStored(current),
    })),
  );
  await db.$executeRaw`
    INSERT INTO "CatalogVariant" (id, shop, "productId", "variantId", "inventoryItemId", sku, title, status, "reasonCode", "reasonParams", current, "updatedAt")
    SELECT gen_random_uuid(), ${shop}, r."productId", r."variantId", r."inventoryItemId", r.sku, r.title, r.status, r."reasonCode", r."reasonParams", r.current,
           (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${json}::jsonb)
      AS r("productId" text, "variantId" text, "inventoryItemId" text, sku text, title text, status text, "reasonCode" text, "reasonParams" jsonb, current jsonb)
    ON CONFLICT (shop, "variantId") DO UPDATE SET
      "productId" = EXCLUDED."productId",
      "inventoryItemId" = EXCLUDED."inventoryItemId",
      sku = EXCLUDED.sku,
      title = EXCLUDED.title,
      status = EXCLUDED.status,
      "reasonCode" = EXCLUDED."reasonCode",
      "reasonParams" = EXCLUDED."reasonParams",
      current = EXCLUDED.current,
      differences = CASE WHEN EXCLUDED.status IN ('drifted', 'pending') THEN "CatalogVariant".differences END,
      "deletedAt" = NULL,
      "updatedAt" = EXCLUDED."updatedAt"`;
}

type DeletedScope = { productId: string } | { variantIds: string[] } | { notSeenSince: Date };

/** Marks variants deleted in Shopify (kept: the service cannot delete what it registered). */
export async function markDeleted(db: Db, shop: string, scope: DeletedScope, at: Date): Promise<number> {
  const productId = "productId" in scope ? scope.productId : null;
  const variantIds = "variantIds" in scope ? scope.variantIds : null;
  // Timestamps travel as UTC text: the columns are `timestamp` holding UTC, as Prisma writes them.
  const notSeenSince = "notSeenSince" in scope ? scope.notSeenSince.toISOString() : null;
  if (variantIds && variantIds.length === 0) return 0;
  return db.$executeRaw`
    UPDATE "CatalogVariant" SET
      "deletedAt" = ${at.toISOString()}::timestamp,
      status = 'skipped',
      "reasonCode" = CASE WHEN "svcProductId" IS NULL THEN 'deleted' ELSE 'deletedRegistered' END,
      "reasonParams" = '{}'::jsonb,
      "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE shop = ${shop} AND "deletedAt" IS NULL
      AND (${productId}::text IS NULL OR "productId" = ${productId})
      AND (${variantIds}::text[] IS NULL OR "variantId" = ANY(${variantIds}::text[]))
      AND (${notSeenSince}::timestamp IS NULL OR "updatedAt" < ${notSeenSince}::timestamp)`;
}

/**
 * Applies the store-wide rule "one SKU, one variant" to the given SKUs (all when omitted):
 * unregistered variants whose SKU is shared are skipped, naming the others; those whose SKU is
 * no longer shared go back to pending. Returns the variant ids put back to pending.
 */
export async function reconcileDuplicateSkus(db: Db, shop: string, skus?: string[]): Promise<string[]> {
  const filter = skus ? [...new Set(skus)] : null;
  if (filter && filter.length === 0) return [];
  const holders = await db.$queryRaw<
    {
      id: string;
      variantId: string;
      sku: string;
      title: string;
      status: string;
      svcProductId: string | null;
      ready: boolean;
    }[]
  >`
    SELECT id, "variantId", sku, title, status, "svcProductId", (current->>'kind' = 'ready') AS ready
    FROM "CatalogVariant"
    WHERE shop = ${shop} AND "deletedAt" IS NULL AND sku IS NOT NULL
      AND sku IN (SELECT sku FROM "CatalogVariant"
                  WHERE shop = ${shop} AND "deletedAt" IS NULL AND sku IS NOT NULL
                    AND (${filter}::text[] IS NULL OR sku = ANY(${filter}::text[]))
                  GROUP BY sku HAVING count(*) > 1)`;
  const duplicates = findDuplicateSkus(
    holders.map<SkuHolder>((h) => ({
      variantId: h.variantId,
      sku: h.sku,
      name: h.title,
      registered: h.svcProductId !== null,
    })),
  );
  const toSkip = holders
    .filter((h) => h.ready && h.svcProductId === null && h.status !== "skipped")
    .map((h) => ({ id: h.id, reason: duplicateSkuReason(h.sku, duplicates.get(h.variantId) ?? []) }));
  const refresh = holders
    .filter((h) => h.ready && h.svcProductId === null && h.status === "skipped")
    .map((h) => ({ id: h.id, reason: duplicateSkuReason(h.sku, duplicates.get(h.variantId) ?? []) }));
  const skipped = [...toSkip, ...refresh];
  if (skipped.length > 0) {
    await db.$executeRaw`
      UPDATE "CatalogVariant" v SET status = 'skipped', "reasonCode" = r.reason->>'code', "reasonParams" = r.reason->'params',
             "updatedAt" = (now() AT TIME ZONE 'UTC')
      FROM jsonb_to_recordset(${JSON.stringify(skipped)}::jsonb) AS r(id uuid, reason jsonb)
      WHERE v.id = r.id`;
  }
  const duplicatedSkus = [...new Set(holders.map((h) => h.sku))];
  // Skipped with a ready mapping and no registration can only mean "duplicate SKU" (status.ts).
  const released = await db.$queryRaw<{ variantId: string }[]>`
    UPDATE "CatalogVariant" SET status = 'pending', "reasonCode" = ${PENDING_NEW.code}, "reasonParams" = '{}'::jsonb,
           "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE shop = ${shop} AND "deletedAt" IS NULL AND status = 'skipped' AND "svcProductId" IS NULL
      AND current->>'kind' = 'ready' AND sku IS NOT NULL
      AND NOT (sku = ANY(${duplicatedSkus}::text[]))
      AND (${filter}::text[] IS NULL OR sku = ANY(${filter}::text[]))
    RETURNING "variantId"`;
  return released.map((r) => r.variantId);
}

/** Variants waiting for the service, oldest first; optionally only among `variantIds`. */
export async function loadPending(
  db: Db,
  shop: string,
  opts: { limit: number; variantIds?: string[] },
): Promise<StoredVariant[]> {
  const rows = await db.catalogVariant.findMany({
    where: {
      shop,
      status: "pending",
      deletedAt: null,
      ...(opts.variantIds ? { variantId: { in: opts.variantIds } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { variantId: "asc" }],
    take: opts.limit,
    select: STORED_SELECT,
  });
  return rows.map(toStored);
}

export async function countPending(db: Db, shop: string): Promise<number> {
  return db.catalogVariant.count({ where: { shop, status: "pending", deletedAt: null } });
}

/** Records what is about to be sent, before sending: after a crash it says "look this up first". */
export async function recordIntent(
  db: Db,
  intents: { id: string; sent: MappedProduct; sentHash: string }[],
): Promise<void> {
  if (intents.length === 0) return;
  const json = JSON.stringify(intents.map((intent) => ({ ...intent, sent: productBody(intent.sent) })));
  await db.$executeRaw`
    UPDATE "CatalogVariant" v SET sent = r.sent, "sentHash" = r."sentHash", "updatedAt" = (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${json}::jsonb) AS r(id uuid, sent jsonb, "sentHash" text)
    WHERE v.id = r.id`;
}

/** The result of registering or checking one variant. */
export interface VariantOutcome {
  id: string;
  status: CatalogStatus;
  reason: CatalogReason | null;
  svcProductId?: string | null;
  svcDimensionId?: string | null;
  differences?: MeasureDifference[] | null;
  /** Set when the service confirmed the product (created or found). */
  syncedAt?: Date | null;
  /** The product at the service is not the app's (exists_at_service) or nothing was created. */
  clearSent?: boolean;
}

/**
 * Remembers the SKUs the app registered (product/new answered with the product's id), beyond the
 * variant that carries them: a SKU changed and changed back, or a variant deleted and re-created,
 * finds the product again and it is still known as the app's own. Every product is kept, not
 * only the last: a shop that switched service account or environment and back finds the first
 * account's product, which the app registered too.
 */
export async function recordRegistrations(
  db: Db,
  shop: string,
  registrations: { sku: string; svcProductId: string }[],
): Promise<void> {
  if (registrations.length === 0) return;
  const json = JSON.stringify(registrations);
  await db.$executeRaw`
    INSERT INTO "CatalogRegistration" (shop, sku, "svcProductId")
    SELECT ${shop}, r.sku, r."svcProductId" FROM jsonb_to_recordset(${json}::jsonb) AS r(sku text, "svcProductId" text)
    ON CONFLICT (shop, sku, "svcProductId") DO NOTHING`;
}

/** Whether the service's product for `sku` is one the app registered itself. */
export async function isRegisteredByApp(db: Db, shop: string, sku: string, svcProductId: string): Promise<boolean> {
  const found = await db.catalogRegistration.findUnique({
    where: { shop_sku_svcProductId: { shop, sku, svcProductId } },
  });
  return found !== null;
}

export async function recordOutcomes(db: Db, outcomes: VariantOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const json = JSON.stringify(
    outcomes.map((o) => ({
      id: o.id,
      status: o.status,
      ...catalogReasonColumns(o.reason),
      svcProductId: o.svcProductId ?? null,
      keepProduct: o.svcProductId === undefined,
      svcDimensionId: o.svcDimensionId ?? null,
      keepDimension: o.svcDimensionId === undefined,
      differences: o.differences && o.differences.length > 0 ? o.differences : null,
      syncedAt: o.syncedAt ? o.syncedAt.toISOString() : null,
      clearSent: o.clearSent ?? false,
    })),
  );
  await db.$executeRaw`
    UPDATE "CatalogVariant" v SET
      status = r.status,
      "reasonCode" = r."reasonCode",
      "reasonParams" = r."reasonParams",
      "svcProductId" = CASE WHEN r."keepProduct" THEN v."svcProductId" ELSE r."svcProductId" END,
      "svcDimensionId" = CASE WHEN r."keepDimension" THEN v."svcDimensionId" ELSE r."svcDimensionId" END,
      differences = r.differences,
      "syncedAt" = COALESCE(r."syncedAt", v."syncedAt"),
      sent = CASE WHEN r."clearSent" THEN NULL ELSE v.sent END,
      "sentHash" = CASE WHEN r."clearSent" THEN NULL ELSE v."sentHash" END,
      "updatedAt" = (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${json}::jsonb) AS r(id uuid, status text, "reasonCode" text, "reasonParams" jsonb, "svcProductId" text, "keepProduct" boolean,
      "svcDimensionId" text, "keepDimension" boolean, differences jsonb, "syncedAt" timestamp, "clearSent" boolean)
    WHERE v.id = r.id`;
}

/**
 * The shop switched service account or environment, or disconnected (the next account may be
 * another): the new account holds none of its products, so every variant is registered there
 * again. Steps of the caller's batch transaction.
 */
export function forgetServiceRegistrations(
  db: Pick<PrismaClient, "catalogVariant">,
  shop: string,
  why: "accountSwitched" | "disconnected" = "accountSwitched",
) {
  return [
    db.catalogVariant.updateMany({
      where: { shop, status: { in: ["synced", "exists_at_service", "drifted", "failed"] } },
      data: { status: "pending", ...catalogReasonColumns(catalogReason(why)) },
    }),
    db.catalogVariant.updateMany({
      where: { shop },
      data: {
        svcProductId: null,
        svcDimensionId: null,
        sent: Prisma.DbNull,
        sentHash: null,
        differences: Prisma.DbNull,
        syncedAt: null,
      },
    }),
  ] as const;
}
