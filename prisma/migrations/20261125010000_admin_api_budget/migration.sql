-- Each shop's Admin API budget, shared by every app instance (docs/decisions/026-shared-admin-api-budget.md).
CREATE TABLE "AdminApiBudget" (
    "shop" TEXT NOT NULL,
    "maximumAvailable" DOUBLE PRECISION NOT NULL,
    "restoreRate" DOUBLE PRECISION NOT NULL,
    "available" DOUBLE PRECISION NOT NULL,
    "atMs" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminApiBudget_pkey" PRIMARY KEY ("shop")
);
