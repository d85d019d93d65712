-- The full sync reads the catalogue through one Shopify bulk query operation.
ALTER TABLE "CatalogSync" ADD COLUMN "bulkOperationId" TEXT;
