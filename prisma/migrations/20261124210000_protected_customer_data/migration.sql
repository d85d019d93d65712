-- Whether Shopify last gave the app the buyer's protected fields (name, address, phone) on an order
-- read: "granted" or "withheld", and when that was seen (docs/decisions/020).
ALTER TABLE "Shop" ADD COLUMN "customerDataAccess" TEXT,
ADD COLUMN "customerDataSeenAt" TIMESTAMP(3);
