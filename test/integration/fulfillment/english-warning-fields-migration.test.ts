// Migration 20261125030000_english_warning_fields renames, once, the field of every address
// warning stored with the service's wire name ("codigo_postal") to the app's own ("postalCode",
// ADR 032): rows are written the way the engine wrote them before, and the migration's own SQL
// (split at semicolons, as Prisma's driver adapter applies it) converts them; pages then word
// every field from the catalogues.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { es } from "~/i18n/messages.es";
import { applyMigrationSql } from "../../helpers/migration-sql";

const SHOP = "english-fields.myshopify.com";
const MIGRATION = "prisma/migrations/20261125030000_english_warning_fields/migration.sql";

const RENAMED = [
  ["calle", "street"],
  ["no_exterior", "exteriorNumber"],
  ["no_interior", "interiorNumber"],
  ["colonia", "neighborhood"],
  ["codigo_postal", "postalCode"],
  ["estado", "state"],
  ["ciudad", "city"],
  ["nombre", "recipient"],
  ["telefono", "phone"],
  ["pais", "country"],
] as const;

/** One warning per old field name, coded as the engine stored them before this migration. */
const OLD_WARNINGS = RENAMED.map(([field], index) => ({
  field,
  code: "noStreet",
  params: { n: String(index) },
  message: `warning ${index}`,
  ...(index % 2 === 0 ? { original: `text ${index}` } : {}),
}));

async function insert(orderName: string, warnings: unknown) {
  await prisma.$executeRaw`
    INSERT INTO "Fulfillment" (id, shop, "shopifyOrderId", "orderGid", "orderName", "fulfillmentOrderGid", status, "updatedAt", warnings)
    VALUES (gen_random_uuid(), ${SHOP}, ${orderName}, ${`gid://shopify/Order/${orderName}`}, ${orderName},
            ${`gid://shopify/FulfillmentOrder/${orderName}`}, 'submitted', now(), ${JSON.stringify(warnings)}::jsonb)`;
}

const warningsOf = async (orderName: string) =>
  (await prisma.fulfillment.findFirstOrThrow({ where: { shop: SHOP, orderName } })).warnings;

beforeAll(async () => {
  await prisma.$executeRawUnsafe(`INSERT INTO "Shop" (domain, "updatedAt") VALUES ('${SHOP}', now())`);
  await insert("#old", OLD_WARNINGS);
  // Stored before codes (no code), with a field no version ever had, and one already in English.
  await insert("#mixed", [
    { field: "telefono", message: "stored before codes" },
    { field: "somethingElse", message: "unknown field" },
    { field: "postalCode", code: "noPostalCode", params: {}, message: "no postal code given" },
  ]);
  await insert("#new", [{ field: "street", code: "noStreet", params: {}, message: "no street name found" }]);
  await insert("#none", []);
  await applyMigrationSql(prisma, MIGRATION);
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("migration 20261125030000_english_warning_fields", () => {
  it("gives every warning stored with a wire name its English field, keeping the rest and the order", async () => {
    expect(await warningsOf("#old")).toEqual(
      OLD_WARNINGS.map((warning, index) => ({ ...warning, field: RENAMED[index][1] })),
    );
  });

  it("renames only the old names: unknown and English fields stay as they are", async () => {
    expect(await warningsOf("#mixed")).toEqual([
      { field: "phone", message: "stored before codes" },
      { field: "somethingElse", message: "unknown field" },
      { field: "postalCode", code: "noPostalCode", params: {}, message: "no postal code given" },
    ]);
    expect(await warningsOf("#new")).toEqual([
      { field: "street", code: "noStreet", params: {}, message: "no street name found" },
    ]);
    expect(await warningsOf("#none")).toEqual([]);
  });

  it("leaves only fields the pages word from the catalogues", async () => {
    for (const [, english] of RENAMED) expect(es.orders.fields).toHaveProperty(english);
  });

  it("changes nothing when run again", async () => {
    const before = await prisma.fulfillment.findMany({ where: { shop: SHOP }, orderBy: { orderName: "asc" } });
    await applyMigrationSql(prisma, MIGRATION);
    const after = await prisma.fulfillment.findMany({ where: { shop: SHOP }, orderBy: { orderName: "asc" } });
    expect(after.map((r) => [r.orderName, r.warnings, r.updatedAt])).toEqual(
      before.map((r) => [r.orderName, r.warnings, r.updatedAt]),
    );
  });
});
