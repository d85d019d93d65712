-- Fulfilment records follow Shopify's fulfilment orders: one record per fulfilment order
-- (docs/decisions/007), and paid orders are followed in their own table.

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "fsLocationId" TEXT,
ADD COLUMN     "fsServiceId" TEXT,
ADD COLUMN     "ordersReconciledAt" TIMESTAMP(3),
ADD COLUMN     "ordersWatermark" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Fulfillment" ADD COLUMN     "fulfillmentOrderGid" TEXT,
ADD COLUMN     "locationGid" TEXT,
ADD COLUMN     "waitUntil" TIMESTAMP(3);

-- DropIndex
DROP INDEX "Fulfillment_shop_shopifyOrderId_key";

-- CreateTable
CREATE TABLE "ShopifyOrder" (
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "orderGid" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "knownUpdatedAt" TIMESTAMP(3),
    "plannedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopifyOrder_pkey" PRIMARY KEY ("shop","shopifyOrderId")
);

-- Orders recorded before fulfilment orders were followed are followed from now on.
INSERT INTO "ShopifyOrder" ("shop", "shopifyOrderId", "orderGid", "orderName", "plannedAt", "createdAt")
SELECT DISTINCT ON ("shop", "shopifyOrderId") "shop", "shopifyOrderId", "orderGid", "orderName", "createdAt", "createdAt"
FROM "Fulfillment" ORDER BY "shop", "shopifyOrderId", "createdAt";

-- CreateIndex
CREATE INDEX "ShopifyOrder_shop_createdAt_idx" ON "ShopifyOrder"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Fulfillment_shop_fulfillmentOrderGid_key" ON "Fulfillment"("shop", "fulfillmentOrderGid");

-- CreateIndex
CREATE INDEX "Fulfillment_shop_shopifyOrderId_idx" ON "Fulfillment"("shop", "shopifyOrderId");

-- AddForeignKey
ALTER TABLE "ShopifyOrder" ADD CONSTRAINT "ShopifyOrder_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
