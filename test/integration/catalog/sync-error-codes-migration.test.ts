// Migration 20261125032000_catalog_sync_error_codes converts the full sync's Spanish status text,
// once: this file's database is put back to the `error` column before the migration, syncs are
// written the way the sync wrote them then, and the migration's own SQL (split at semicolons, as
// Prisma's driver adapter applies it) gives each the code and parameters the page now words. The
// text of an exception is kept for support only (errorDetail), never worded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { catalogSyncErrorWords, storedSyncProblem } from "~/catalog/sync-errors";
import { translator } from "~/i18n/locale";
import { applyMigrationSql } from "../../helpers/migration-sql";

const SHOP = "migrated-sync.myshopify.com";
const MIGRATION = "prisma/migrations/20261125032000_catalog_sync_error_codes/migration.sql";

/** The text a sync held before codes, its state, and the code, parameters and detail it becomes. */
const OLD_ERRORS: [string, "running" | "failed", string, Record<string, string>, string | null][] = [
  ["Se interrumpió sin terminar.", "failed", "interrupted", {}, null],
  ["La tienda ya no está conectada al servicio.", "failed", "disconnected", {}, null],
  [
    "Shopify está ocupado con otra lectura masiva; se reintentará. (A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/99.)",
    "running",
    "shopifyBusy",
    { retrying: "true" },
    "A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/99.",
  ],
  [
    "La lectura masiva del catálogo en Shopify terminó sin resultado: failed (INTERNAL_SERVER_ERROR). Se reintentará automáticamente.",
    "running",
    "bulkReadFailed",
    { why: "shopifyError", retrying: "true" },
    "failed (INTERNAL_SERVER_ERROR)",
  ],
  [
    "La lectura masiva del catálogo en Shopify terminó sin resultado: failed (ACCESS_DENIED).",
    "failed",
    "bulkReadFailed",
    { why: "accessDenied" },
    "failed (ACCESS_DENIED)",
  ],
  [
    "La lectura masiva del catálogo en Shopify terminó sin resultado: canceled.",
    "failed",
    "bulkReadFailed",
    { why: "canceled" },
    "canceled",
  ],
  [
    "La lectura masiva del catálogo en Shopify terminó sin resultado: no longer known to Shopify. Se reintentará automáticamente.",
    "running",
    "bulkReadFailed",
    { why: "gone", retrying: "true" },
    "no longer known to Shopify",
  ],
  ["fetch failed Se reintentará automáticamente.", "running", "failed", { retrying: "true" }, "fetch failed"],
  // A sync given up after retries kept the retried text: no longer retrying.
  [
    "CatalogPage: simulated store answered 500: boom Se reintentará automáticamente.",
    "failed",
    "failed",
    {},
    "CatalogPage: simulated store answered 500: boom",
  ],
  ['{"error":"internal","class":"SvcError"}', "failed", "failed", {}, '{"error":"internal","class":"SvcError"}'],
];

beforeAll(async () => {
  // Back to the schema before the migration: the text only.
  await prisma.$executeRawUnsafe(
    `ALTER TABLE "CatalogSync" DROP COLUMN "errorCode", DROP COLUMN "errorParams", DROP COLUMN "errorDetail", ADD COLUMN error TEXT`,
  );
  await prisma.$executeRawUnsafe(`INSERT INTO "Shop" (domain, "updatedAt") VALUES ('${SHOP}', now())`);
  for (const [index, [error, state]] of OLD_ERRORS.entries()) {
    await prisma.$executeRaw`
      INSERT INTO "CatalogSync" (id, shop, state, error, "startedAt")
      VALUES (gen_random_uuid(), ${SHOP}, ${state}, ${error}, now() - make_interval(secs => ${index}))`;
  }
  await prisma.$executeRaw`
    INSERT INTO "CatalogSync" (id, shop, state, error, "startedAt", "finishedAt")
    VALUES (gen_random_uuid(), ${SHOP}, 'completed', NULL, now() - interval '1 hour', now())`;
  await applyMigrationSql(prisma, MIGRATION);
});

afterAll(async () => {
  await prisma.$disconnect();
});

/** The converted syncs, in the order of OLD_ERRORS (newest first), then the completed one. */
async function converted() {
  return prisma.catalogSync.findMany({ where: { shop: SHOP }, orderBy: { startedAt: "desc" } });
}

describe("migration 20261125032000_catalog_sync_error_codes", () => {
  it("gives every text the sync wrote before codes its code, its retrying flag and the detail for support", async () => {
    const rows = await converted();
    expect(rows).toHaveLength(OLD_ERRORS.length + 1);
    for (const [index, [text, state, code, params, detail]] of OLD_ERRORS.entries()) {
      expect(rows[index], text).toMatchObject({ state, errorCode: code, errorParams: params, errorDetail: detail });
    }
    expect(rows.at(-1)).toMatchObject({ state: "completed", errorCode: null, errorParams: {}, errorDetail: null });
  });

  it("drops the text column", async () => {
    const columns = await prisma.$queryRaw<{ column_name: string }[]>`
      SELECT column_name::text FROM information_schema.columns WHERE table_name = 'CatalogSync'`;
    expect(columns.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(["errorCode", "errorParams", "errorDetail"]),
    );
    expect(columns.map((c) => c.column_name)).not.toContain("error");
  });

  it("words converted rows in both languages, never with the old text or an exception's", async () => {
    const rows = await converted();
    const words = (index: number, locale: "es" | "en") =>
      catalogSyncErrorWords(translator(locale), storedSyncProblem(rows[index]!.errorCode, rows[index]!.errorParams));
    expect(words(3, "es")).toBe(
      "Shopify no terminó la lectura del catálogo: Shopify tuvo un error interno. Se reintentará automáticamente; no tienes que hacer nada.",
    );
    expect(words(4, "en")).toBe(
      "Shopify did not finish reading the catalogue: the app lacks permission to read part of the catalogue. The sync stopped: press “Sync catalogue” to start it again.",
    );
    expect(words(8, "es")).toBe(
      "No se pudo terminar la sincronización. Si se repite, contacta a soporte. La sincronización se detuvo: pulsa «Sincronizar catálogo» para empezarla de nuevo.",
    );
    for (let index = 0; index < OLD_ERRORS.length; index++) {
      for (const locale of ["es", "en"] as const) {
        expect(words(index, locale)).not.toMatch(/simulated store|SvcError|INTERNAL_SERVER_ERROR|fetch failed|\{"/);
      }
    }
  });
});
