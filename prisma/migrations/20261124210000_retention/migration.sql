-- Bounded data (issue 21): checkout quotes older than two days are rolled up per shop and clock
-- hour into QuoteHourly and deleted, and finished jobs and webhook deliveries past their
-- de-duplication window are deleted (app/models/retention.server.ts). The indexes let each batch
-- find its oldest rows without scanning the table.

-- CreateTable
CREATE TABLE "QuoteHourly" (
    "shop" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "quotes" INTEGER NOT NULL,
    "cacheHits" INTEGER NOT NULL,
    "answered" INTEGER NOT NULL,
    "durationMsSum" BIGINT NOT NULL,
    "durationMsMax" INTEGER NOT NULL,

    CONSTRAINT "QuoteHourly_pkey" PRIMARY KEY ("shop","hour")
);

-- CreateIndex
CREATE INDEX "QuoteLog_at_idx" ON "QuoteLog"("at");

-- CreateIndex
CREATE INDEX "Job_state_updatedAt_idx" ON "Job"("state", "updatedAt");

-- AddForeignKey
ALTER TABLE "QuoteHourly" ADD CONSTRAINT "QuoteHourly_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
