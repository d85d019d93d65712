-- Checkout readiness (issue 19): the last checklist per shop.
CREATE TABLE "CheckoutReadiness" (
    "shop" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "ready" BOOLEAN NOT NULL,
    "items" JSONB NOT NULL,
    "marketDriven" BOOLEAN,
    "ratesSeenAt" TIMESTAMP(3),
    "regressedAt" TIMESTAMP(3),
    "addRatesError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckoutReadiness_pkey" PRIMARY KEY ("shop")
);
