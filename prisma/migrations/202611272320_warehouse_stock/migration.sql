-- The «Almacén» page (issue 32): each product as the warehouse reported it at the last stock read,
-- beside Shopify's level at the service's location, and the last read and sync of each shop.
CREATE TABLE "WarehouseStock" (
    "shop" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "name" TEXT,
    "available" INTEGER NOT NULL,
    "inStock" INTEGER NOT NULL,
    "productId" TEXT,
    "variantId" TEXT,
    "title" TEXT,
    "shopifyAvailable" INTEGER,
    "awaiting" INTEGER NOT NULL DEFAULT 0,
    "readAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "WarehouseStock_pkey" PRIMARY KEY ("shop","sku")
);

CREATE TABLE "WarehouseRead" (
    "shop" TEXT NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL,
    "syncedAt" TIMESTAMP(3),
    "changed" INTEGER,
    "unchanged" INTEGER,
    "notStocked" JSONB NOT NULL DEFAULT '[]',
    CONSTRAINT "WarehouseRead_pkey" PRIMARY KEY ("shop")
);

ALTER TABLE "WarehouseStock" ADD CONSTRAINT "WarehouseStock_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WarehouseRead" ADD CONSTRAINT "WarehouseRead_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
