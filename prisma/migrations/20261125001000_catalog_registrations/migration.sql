-- SKUs the app registered at the service, kept apart from the variants that carry them.
CREATE TABLE "CatalogRegistration" (
    "shop" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "svcProductId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogRegistration_pkey" PRIMARY KEY ("shop","sku")
);

ALTER TABLE "CatalogRegistration" ADD CONSTRAINT "CatalogRegistration_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- The registrations the app already made and still links to a variant.
INSERT INTO "CatalogRegistration" ("shop", "sku", "svcProductId")
SELECT DISTINCT ON (shop, sku) shop, sku, "svcProductId" FROM "CatalogVariant"
WHERE sku IS NOT NULL AND "svcProductId" IS NOT NULL AND "sentHash" IS NOT NULL AND status IN ('synced', 'drifted')
ORDER BY shop, sku, "updatedAt" DESC
ON CONFLICT DO NOTHING;
