-- Issue 29, defect 1 (overselling), before the order's job first reads the order: the units of
-- the orders/paid payload ([{ sku, quantity }] per SKU), counted as not yet at the warehouse until
-- the job writes its fulfilment records' units — the same statement empties this column, so stock
-- sync always counts an order's units in one place (app/fulfillment/units-awaiting-warehouse.server.ts).
ALTER TABLE "ShopifyOrder" ADD COLUMN "units" JSONB;
