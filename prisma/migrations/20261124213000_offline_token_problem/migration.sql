-- Shopify refused the shop's refresh token (revoked, expired or retired): background work stops asking
-- until the merchant opens the app, which exchanges a new token (docs/decisions/020). The refused
-- refresh token is kept only as a SHA-256 hash, to tell it from a newer one.
ALTER TABLE "Shop" ADD COLUMN "offlineTokenProblem" TEXT,
ADD COLUMN "offlineTokenProblemAt" TIMESTAMP(3),
ADD COLUMN "offlineTokenRefusedHash" TEXT;
