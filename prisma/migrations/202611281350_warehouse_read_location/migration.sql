-- The Shopify location a warehouse read took Shopify's levels from (null: none was set), so
-- Almacén can tell a read made for another location, or for none, from a current one.
ALTER TABLE "WarehouseRead" ADD COLUMN "locationId" TEXT;
