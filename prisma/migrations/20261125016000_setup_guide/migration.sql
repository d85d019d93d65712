-- Inicio's setup guide (app/shop/setup-guide.ts): when the merchant first ran a test quote in
-- Tarifas, and when they read how orders go to the warehouse.
ALTER TABLE "Shop" ADD COLUMN "rateTestedAt" TIMESTAMP(3);
ALTER TABLE "Shop" ADD COLUMN "ordersGuideSeenAt" TIMESTAMP(3);
