-- customers/data_request is answered with an export the merchant downloads in the admin
-- (docs/privacy.md).

-- CreateTable
CREATE TABLE "CustomerDataRequest" (
    "id" UUID NOT NULL,
    "shop" TEXT NOT NULL,
    "customerId" TEXT,
    "dataRequestId" TEXT,
    "ordersRequested" TEXT[],
    "export" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "downloadedAt" TIMESTAMP(3),

    CONSTRAINT "CustomerDataRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerDataRequest_shop_receivedAt_idx" ON "CustomerDataRequest"("shop", "receivedAt");

-- AddForeignKey
ALTER TABLE "CustomerDataRequest" ADD CONSTRAINT "CustomerDataRequest_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
