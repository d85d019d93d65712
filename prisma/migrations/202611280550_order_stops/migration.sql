-- Issue 29: the webhooks that stop or reshape what of an order may be sent (a cancellation, an
-- edit, a fulfilment order placed on hold, split, merged or moved), as the app accepted them: a
-- submission's claim decided from a read of Shopify that began before one is refused.
CREATE TABLE "OrderStop" (
    "id" BIGSERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT,
    "fulfillmentOrderGid" TEXT,
    "topic" TEXT NOT NULL,
    "acceptedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT clock_timestamp(),

    CONSTRAINT "OrderStop_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "OrderStop_shop_shopifyOrderId_idx" ON "OrderStop"("shop", "shopifyOrderId");
CREATE INDEX "OrderStop_shop_fulfillmentOrderGid_idx" ON "OrderStop"("shop", "fulfillmentOrderGid");
CREATE INDEX "OrderStop_acceptedAt_idx" ON "OrderStop"("acceptedAt");

ALTER TABLE "OrderStop" ADD CONSTRAINT "OrderStop_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
