-- Issue 29, defect 1 (overselling): the units a fulfilment record's fulfilment order still
-- expects, per SKU, as the order's job last read them from Shopify ([{ sku, quantity }]). Stock
-- sync subtracts the units of records not yet at the warehouse from the service's `disponibles`
-- (app/fulfillment/units-awaiting-warehouse.server.ts). Null until the order's job next reads the order.
ALTER TABLE "Fulfillment" ADD COLUMN "units" JSONB;
