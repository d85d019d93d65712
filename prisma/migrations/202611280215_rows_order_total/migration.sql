-- Issue 33 (Pedidos rows gain date and total): what the orders/paid payload says of the order,
-- kept at intake. The total is decimal text as Shopify sends it ("637.00"), never a float, and
-- the check keeps anything else out. Additive: older orders keep nulls and show no total.
ALTER TABLE "ShopifyOrder" ADD COLUMN "placedAt" TIMESTAMP(3);
ALTER TABLE "ShopifyOrder" ADD COLUMN "totalPrice" TEXT;
ALTER TABLE "ShopifyOrder" ADD COLUMN "currency" TEXT;
ALTER TABLE "ShopifyOrder" ADD CONSTRAINT "ShopifyOrder_totalPrice_decimal"
  CHECK ("totalPrice" IS NULL OR "totalPrice" ~ '^\d{1,15}(\.\d{1,6})?$');
