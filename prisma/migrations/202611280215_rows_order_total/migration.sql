-- Issue 33 (Pedidos rows gain date and total): what the orders/paid payload says of the order,
-- kept at intake. The total is decimal text as Shopify sends it ("637.00"), never a float: the
-- intake keeps it only when it reads as such (app/fulfillment/paid-order.ts). Additive: older
-- orders keep nulls and show no total.
ALTER TABLE "ShopifyOrder" ADD COLUMN "placedAt" TIMESTAMP(3);
ALTER TABLE "ShopifyOrder" ADD COLUMN "totalPrice" TEXT;
ALTER TABLE "ShopifyOrder" ADD COLUMN "currency" TEXT;
