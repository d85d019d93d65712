// Migration 20261125020000_catalog_reason_codes converts the catalogue's Spanish reasons, once:
// this file's database is put back to the column before the migration, rows are written the way
// the sync wrote them then, and the migration's own SQL (split at semicolons, as Prisma's driver
// adapter applies it) gives each row the code and parameters the page now words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { storedCatalogReason } from "~/catalog/reason-codes";
import { catalogReasonWords } from "~/catalog/reason-words";
import { translator } from "~/i18n/locale";
import { applyMigrationSql } from "../../helpers/migration-sql";

const SHOP = "migrated.myshopify.com";
const MIGRATION = "prisma/migrations/20261125020000_catalog_reason_codes/migration.sql";
const NO_UPDATE =
  "El servicio no permite actualizar productos: para que use las medidas nuevas, registra la variante con un SKU nuevo o pide al servicio que corrija el producto.";

/** Reasons as the sync wrote them before codes, and the code and parameters they become. */
const OLD_REASONS: [string, string, Record<string, string>][] = [
  [
    "No tiene medidas: agrega los metafields custom.length, custom.width y custom.height (en cm) a la variante o al producto, o define un paquete predeterminado en la configuración.",
    "noDimensions",
    { length: "custom.length", width: "custom.width", height: "custom.height" },
  ],
  [
    'Medidas incompletas o no válidas en el producto: falta custom.height; custom.width no es un número ("abc"); custom.length unidad desconocida (furlong).',
    "invalidDimensions",
    {
      where: "product",
      problem1: "missing",
      metafield1: "custom.height",
      problem2: "notNumber",
      metafield2: "custom.width",
      detail2: '"abc"',
      problem3: "unknownUnit",
      metafield3: "custom.length",
      detail3: "furlong",
    },
  ],
  [
    "Medidas incompletas o no válidas en la variante: custom.width debe ser mayor que cero.",
    "invalidDimensions",
    { where: "variant", problem1: "notPositive", metafield1: "custom.width" },
  ],
  [
    "SKU duplicado: JAB-LAV también lo usa «Jabón - Lavanda», «Jabón grande» (ya registrada en el servicio). Cada variante necesita un SKU único para registrarse en el servicio.",
    "duplicateSku",
    {
      sku: "JAB-LAV",
      others: '[{"name": "Jabón - Lavanda", "registered": false}, {"name": "Jabón grande", "registered": true}]',
    },
  ],
  [
    "No tiene peso (o es 0). Captura el peso de la variante en Shopify para registrarla en el servicio. (Sigue registrada en el servicio con lo que se envió antes.)",
    "noWeight",
    { stillRegistered: "true" },
  ],
  [
    "El SKU TAZA-AZ ya estaba registrado en el servicio (id p-1); se vinculó sin volver a enviarlo.",
    "alreadyThere",
    { sku: "TAZA-AZ", id: "p-1" },
  ],
  [
    `Cambió en Shopify después de registrarse. Peso (g): 450 en el servicio, 500 en Shopify. ${NO_UPDATE}`,
    "changedAfterRegistering",
    {},
  ],
  [
    `El SKU ya estaba registrado en el servicio con otros datos. Peso (g): 500 en el servicio, 520 en Shopify. ${NO_UPDATE}`,
    "existedWithOtherData",
    {},
  ],
  [
    "El código de barras 7501234560028 ya está registrado en el servicio para el SKU OTRO-PLATO. Cada producto necesita un código de barras único.",
    "barcodeTaken",
    { upc: "7501234560028", sku: "OTRO-PLATO" },
  ],
  ["El servicio rechazó el registro (permission-error): insert failed", "serviceRefused", { said: "insert failed" }],
  ["Producto no válido para el almacén", "serviceRefused", { said: "Producto no válido para el almacén" }],
  ["Cambiaste de cuenta o de entorno del servicio: en cola para registrarse ahí.", "accountSwitched", {}],
  ["En cola para registrarse en el servicio.", "pendingNew", {}],
  ["Cambió en Shopify: en cola para compararse con lo registrado en el servicio.", "pendingCheck", {}],
  ["Eliminada en Shopify.", "deleted", {}],
  [
    "Eliminada en Shopify. El servicio no permite borrar ni modificar productos: sigue registrada allí con lo que se envió.",
    "deletedRegistered",
    {},
  ],
  [
    "No requiere envío (p. ej. tarjeta de regalo o producto digital): no se registra en el servicio.",
    "notShippable",
    {},
  ],
  ["Las medidas son demasiado grandes para el servicio (volumen mayor a 999,999,999 cm³).", "tooLarge", {}],
];

beforeAll(async () => {
  // Back to the schema before the migration: the sentence only.
  await prisma.$executeRawUnsafe(
    `ALTER TABLE "CatalogVariant" DROP COLUMN "reasonCode", DROP COLUMN "reasonParams", ADD COLUMN reason TEXT`,
  );
  await prisma.$executeRawUnsafe(`INSERT INTO "Shop" (domain, "updatedAt") VALUES ('${SHOP}', now())`);
  for (const [index, [reason]] of OLD_REASONS.entries()) {
    await prisma.$executeRaw`
      INSERT INTO "CatalogVariant" (id, shop, "productId", "variantId", title, status, reason, "updatedAt")
      VALUES (gen_random_uuid(), ${SHOP}, 'p', ${`v${index}`}, ${`Variante ${index}`}, 'skipped', ${reason}, now())`;
  }
  // A registered variant has no reason, and a skipped mapping kept its reason in `current` too.
  await prisma.$executeRaw`
    INSERT INTO "CatalogVariant" (id, shop, "productId", "variantId", title, status, reason, current, "updatedAt")
    VALUES (gen_random_uuid(), ${SHOP}, 'p', 'synced', 'Registrada', 'synced', NULL, NULL, now()),
           (gen_random_uuid(), ${SHOP}, 'p', 'mapped', 'Sin SKU', 'skipped',
            'No tiene SKU. Agrega un SKU único a la variante en Shopify para registrarla en el servicio.',
            ${JSON.stringify({
              kind: "skipped",
              code: "no_sku",
              reason: "No tiene SKU. Agrega un SKU único a la variante en Shopify para registrarla en el servicio.",
            })}::jsonb, now())`;
  await applyMigrationSql(prisma, MIGRATION);
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("migration 20261125020000_catalog_reason_codes", () => {
  it("gives every reason the sync wrote before codes its code and parameters", async () => {
    const rows = await prisma.catalogVariant.findMany({ where: { shop: SHOP } });
    const byVariant = new Map(rows.map((r) => [r.variantId, r]));
    for (const [index, [sentence, code, params]] of OLD_REASONS.entries()) {
      expect(byVariant.get(`v${index}`), sentence).toMatchObject({ reasonCode: code, reasonParams: params });
    }
    expect(byVariant.get("synced")).toMatchObject({ reasonCode: null, reasonParams: {} });
  });

  it("drops the sentence column and converts a skipped mapping's reason in `current`", async () => {
    const columns = await prisma.$queryRaw<{ column_name: string }[]>`
      SELECT column_name::text FROM information_schema.columns WHERE table_name = 'CatalogVariant'`;
    expect(columns.map((c) => c.column_name)).not.toContain("reason");
    const mapped = await prisma.catalogVariant.findFirstOrThrow({ where: { shop: SHOP, variantId: "mapped" } });
    expect(mapped).toMatchObject({ reasonCode: "noSku", reasonParams: {} });
    expect(mapped.current).toEqual({ kind: "skipped", code: "no_sku", reason: { code: "noSku", params: {} } });
  });

  it("words converted rows in both languages, the service's own text as the service's refusal", async () => {
    const rows = await prisma.catalogVariant.findMany({ where: { shop: SHOP } });
    const words = (variantId: string, locale: "es" | "en") => {
      const row = rows.find((r) => r.variantId === variantId)!;
      return catalogReasonWords(translator(locale), storedCatalogReason(row.reasonCode, row.reasonParams));
    };
    const unknown = OLD_REASONS.findIndex(([, , p]) => p.said === "Producto no válido para el almacén");
    expect(words(`v${unknown}`, "es")).toBe("El servicio lo rechazó: Producto no válido para el almacén");
    expect(words(`v${unknown}`, "en")).toBe("The service refused it: Producto no válido para el almacén");
    const duplicate = OLD_REASONS.findIndex(([, code]) => code === "duplicateSku");
    expect(words(`v${duplicate}`, "en")).toBe(
      "Duplicate SKU: JAB-LAV is also used by “Jabón - Lavanda”, “Jabón grande” (already registered at the service). Each variant needs a unique SKU to be registered at the service.",
    );
    const dimensions = OLD_REASONS.findIndex(([, code]) => code === "invalidDimensions");
    expect(words(`v${dimensions}`, "es")).toBe(
      'Medidas incompletas o no válidas en el producto: falta custom.height; custom.width no es un número ("abc"); custom.length está en una unidad desconocida (furlong).',
    );
  });
});
