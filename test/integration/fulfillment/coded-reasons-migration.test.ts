// Migration 20261125015000_coded_reasons converts the sentences written before codes, once: this
// file's database is put back to the columns before the migration, rows are written the way the
// engine wrote them then, and the migration's own SQL (split at semicolons, as Prisma's driver
// adapter applies it) gives each row the code and parameters pages now read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { reasonRecord, storedReason } from "~/fulfillment/core/reason-codes";
import { applyMigrationSql } from "../../helpers/migration-sql";

const SHOP = "migrated.myshopify.com";
const MIGRATION = "prisma/migrations/20261125015000_coded_reasons/migration.sql";

/** Reasons and history details as the engine wrote them before codes, and what they become. */
const OLD_REASONS = [
  ["the order was cancelled (2026-11-20T16:05:00Z)", "cancelledInShopify", { at: "2026-11-20T16:05:00Z" }],
  [
    "held in Shopify: postal code 06500 is in Ciudad de México, not Jalisco; it goes to the warehouse once the buyer's address is corrected in Shopify",
    "addressHeldPostalCode",
    { cp: "06500", byCp: "Ciudad de México", state: "Jalisco" },
  ],
  [
    'not enough stock of PLATO-GR at the warehouse; request an inventory reception, then retry. The service said: {"code":"SHP-009"}',
    "insufficientStock",
    { product: "PLATO-GR", said: '{"code":"SHP-009"}' },
  ],
  [
    "attempt 2 did not reach the service (socket hang up); next attempt at 2026-11-20T16:12:00.000Z",
    "attemptFailed",
    { attempt: "2", said: "socket hang up", at: "2026-11-20T16:12:00.000Z" },
  ],
  [
    "placed on hold in Shopify after it reached the warehouse — hold it with the service (service order 9f1c)",
    "heldAfterWarehouse",
    { order: "9f1c" },
  ],
  ["test order, and the shop's settings skip test orders", "testOrder", {}],
] as const;

/** Address warnings as the parser stored them before codes, and the code and parameters they get. */
const OLD_WARNINGS = [
  [
    { field: "codigo_postal", message: "postal code 06500 is in Ciudad de México, not Jalisco; check the address" },
    "stateMismatch",
    { cp: "06500", byCp: "Ciudad de México", state: "Jalisco" },
  ],
  [
    { field: "no_exterior", message: 'no exterior number found; sent "S/N"', original: "Avenida Juárez" },
    "noExteriorNumber",
    {},
  ],
  [
    { field: "telefono", message: 'phone "123" is not a 10-digit Mexican number; sent as given', original: "123" },
    "phoneNot10Digits",
    { phone: "123" },
  ],
] as const;

const OLD_DETAILS = [
  ["orders/paid received", "received", {}],
  ["service order 9f1c", "serviceOrder", { order: "9f1c" }],
  [
    "scheduled in Shopify for a later date; it goes to the warehouse then (until 2026-12-01T00:00:00.000Z)",
    "scheduled",
    { until: "2026-12-01T00:00:00.000Z" },
  ],
  [
    "Shopify fulfilment created (gid://shopify/Fulfillment/5) of TAZA-AZ × 2 with 7701 (DHL)",
    "shopifyFulfilment",
    { kind: "created", id: "gid://shopify/Fulfillment/5", lines: "TAZA-AZ × 2", tracking: "7701 (DHL)" },
  ],
] as const;

beforeAll(async () => {
  // Back to the schema before the migration: the sentences only.
  await prisma.$executeRawUnsafe(`ALTER TABLE "Fulfillment" DROP COLUMN "reasonCode", DROP COLUMN "reasonParams"`);
  await prisma.$executeRawUnsafe(`ALTER TABLE "FulfillmentEvent" DROP COLUMN "detailCode", DROP COLUMN "detailParams"`);
  await prisma.$executeRawUnsafe(`INSERT INTO "Shop" (domain, "updatedAt") VALUES ('${SHOP}', now())`);
  for (const [index, [reason]] of OLD_REASONS.entries()) {
    await prisma.$executeRaw`
      INSERT INTO "Fulfillment" (id, shop, "shopifyOrderId", "orderGid", "orderName", "fulfillmentOrderGid", status, reason, "updatedAt")
      VALUES (gen_random_uuid(), ${SHOP}, ${String(index)}, ${`gid://shopify/Order/${index}`}, ${`#${1000 + index}`},
              ${`gid://shopify/FulfillmentOrder/${index}`}, 'needs_attention', ${reason}, now())`;
  }
  const warnings = [...OLD_WARNINGS.map(([w]) => w), { field: "calle", message: "a warning no pattern knew" }];
  await prisma.$executeRaw`UPDATE "Fulfillment" SET warnings = ${JSON.stringify(warnings)}::jsonb WHERE "orderName" = '#1001'`;
  await prisma.$executeRaw`
    INSERT INTO "Fulfillment" (id, shop, "shopifyOrderId", "orderGid", "orderName", "fulfillmentOrderGid", status, reason, "updatedAt")
    VALUES (gen_random_uuid(), ${SHOP}, 'x', 'gid://shopify/Order/x', '#x', 'gid://shopify/FulfillmentOrder/x',
            'needs_attention', 'words no pattern ever knew', now())`;
  for (const [detail] of OLD_DETAILS) {
    await prisma.$executeRaw`
      INSERT INTO "FulfillmentEvent" ("fulfillmentId", "toStatus", detail)
      SELECT id, 'pending', ${detail} FROM "Fulfillment" WHERE "orderName" = '#1000'`;
  }
  await applyMigrationSql(prisma, MIGRATION);
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("migration 20261125015000_coded_reasons", () => {
  it("gives every reason written before codes its code and parameters", async () => {
    const rows = await prisma.fulfillment.findMany({ where: { shop: SHOP }, orderBy: { orderName: "asc" } });
    for (const [index, [sentence, code, params]] of OLD_REASONS.entries()) {
      const row = rows.find((r) => r.orderName === `#${1000 + index}`)!;
      expect(row, sentence).toMatchObject({ reason: sentence, reasonCode: code, reasonParams: params });
      // The English record the engine writes now is the sentence it wrote then.
      expect(reasonRecord(storedReason(row.reasonCode, row.reasonParams)!)).toBe(sentence);
    }
  });

  it("gives every history detail its code and parameters", async () => {
    const events = await prisma.fulfillmentEvent.findMany({ orderBy: { id: "asc" } });
    expect(events.map((e) => [e.detail, e.detailCode, e.detailParams])).toEqual(OLD_DETAILS.map((d) => [...d]));
  });

  it("gives every address warning its code and parameters beside its message", async () => {
    const row = await prisma.fulfillment.findFirstOrThrow({ where: { shop: SHOP, orderName: "#1001" } });
    expect(row.warnings).toEqual([
      ...OLD_WARNINGS.map(([warning, code, params]) => ({ ...warning, code, params })),
      { field: "calle", message: "a warning no pattern knew" },
    ]);
  });

  it("leaves a sentence no pattern knows without a code, and changes nothing when run again", async () => {
    const unknown = await prisma.fulfillment.findFirstOrThrow({ where: { shop: SHOP, orderName: "#x" } });
    expect(unknown).toMatchObject({ reasonCode: null, reasonParams: {} });
    const before = await prisma.fulfillment.findMany({ where: { shop: SHOP }, orderBy: { orderName: "asc" } });
    await prisma.$executeRawUnsafe(`ALTER TABLE "Fulfillment" DROP COLUMN "reasonCode", DROP COLUMN "reasonParams"`);
    await prisma.$executeRawUnsafe(
      `ALTER TABLE "FulfillmentEvent" DROP COLUMN "detailCode", DROP COLUMN "detailParams"`,
    );
    await applyMigrationSql(prisma, MIGRATION);
    const after = await prisma.fulfillment.findMany({ where: { shop: SHOP }, orderBy: { orderName: "asc" } });
    expect(after.map((r) => [r.reasonCode, r.reasonParams])).toEqual(before.map((r) => [r.reasonCode, r.reasonParams]));
  });
});
