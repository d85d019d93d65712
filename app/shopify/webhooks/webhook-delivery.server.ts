// Shopify delivers webhooks at least once. Each accepted delivery is recorded under
// (shop, event id); a second delivery of the same event finds the row and changes nothing.
import { Prisma, type PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "$executeRaw">;

export interface WebhookDeliveryArgs {
  shop: string;
  topic: string;
  /** X-Shopify-Event-Id, or X-Shopify-Webhook-Id when the event id is missing. */
  eventId: string;
  webhookId?: string | null;
  triggeredAt?: string | Date | null;
}

/** The insert recording a delivery (nothing for a duplicate), for callers that use it in a larger statement. */
export function webhookDeliveryInsert(args: Omit<WebhookDeliveryArgs, "triggeredAt"> & { triggeredAt: Date | null }) {
  return Prisma.sql`
    INSERT INTO "WebhookDelivery" (id, shop, topic, "eventId", "webhookId", "triggeredAt")
    VALUES (gen_random_uuid(), ${args.shop}, ${args.topic}, ${args.eventId}, ${args.webhookId ?? null}, ${args.triggeredAt})
    ON CONFLICT (shop, "eventId") DO NOTHING`;
}

/** Records the delivery; true the first time this (shop, event id) is seen, false for a duplicate. */
export async function recordWebhookDelivery(db: Db, args: WebhookDeliveryArgs): Promise<boolean> {
  const triggeredAt = args.triggeredAt ? new Date(args.triggeredAt) : null;
  const inserted = await db.$executeRaw`${webhookDeliveryInsert({
    ...args,
    triggeredAt: triggeredAt && !Number.isNaN(triggeredAt.getTime()) ? triggeredAt : null,
  })}`;
  return inserted === 1;
}

/** Deletes at most `batch` webhook deliveries received before `before` (retention); returns how many. */
export function deleteOldDeliveries(db: Db, before: Date, batch: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "WebhookDelivery" WHERE id IN (
      SELECT id FROM "WebhookDelivery" WHERE "receivedAt" < ${before} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

/** Deletes every delivery recorded for `shop` (shop/redact), as one step of a batch transaction. */
export function deleteShopDeliveries(db: Pick<PrismaClient, "webhookDelivery">, shop: string) {
  return db.webhookDelivery.deleteMany({ where: { shop } });
}
