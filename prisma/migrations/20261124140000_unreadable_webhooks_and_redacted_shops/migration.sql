-- Signed order webhooks the app could not read are kept for the merchant (issue 11), and the redaction
-- of a shop is final for deliveries racing it.

-- CreateTable
CREATE TABLE "UnreadableWebhook" (
    "id" UUID NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "webhookId" TEXT,
    "orderId" TEXT,
    "reason" TEXT NOT NULL,
    "issues" TEXT[],
    "payload" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnreadableWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RedactedShop" (
    "domain" TEXT NOT NULL,
    "redactedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RedactedShop_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE INDEX "UnreadableWebhook_shop_receivedAt_idx" ON "UnreadableWebhook"("shop", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "UnreadableWebhook_shop_eventId_key" ON "UnreadableWebhook"("shop", "eventId");

-- A delivery of a redacted shop records nothing. Every path that records a delivery (the
-- orders/paid statement, the transactions of the lifecycle and catalogue topics, a push by the
-- merchant) goes through this insert, so the rule lives here. The shared lock pairs with the
-- exclusive one shop/redact takes (app/models/compliance.server.ts): a delivery already recording
-- holds the redaction until it commits (and is then erased with the rest), and one that comes later
-- waits for the redaction, then sees the RedactedShop row (each statement of a volatile function
-- reads a fresh snapshot under READ COMMITTED) and records nothing.
-- The body is an E string with \073 for each semicolon: the migration runner (the pg driver
-- adapter) splits a script on every semicolon, even inside a quoted function body.
CREATE FUNCTION "webhook_delivery_refuse_redacted_shop"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext(''shop/redact''), hashtext(NEW.shop))\073
  IF EXISTS (SELECT 1 FROM "RedactedShop" WHERE domain = NEW.shop) THEN
    RETURN NULL\073
  END IF\073
  RETURN NEW\073
END';

CREATE TRIGGER "WebhookDelivery_refuse_redacted_shop"
  BEFORE INSERT ON "WebhookDelivery"
  FOR EACH ROW EXECUTE FUNCTION "webhook_delivery_refuse_redacted_shop"();
