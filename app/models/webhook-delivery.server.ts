// Shopify delivers webhooks at least once. Each accepted delivery is recorded under
// (shop, event id); a second delivery of the same event finds the row and changes nothing.
import type { PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "$executeRaw">;

export interface WebhookDeliveryArgs {
  shop: string;
  topic: string;
  /** X-Shopify-Event-Id, or X-Shopify-Webhook-Id when the event id is missing. */
  eventId: string;
  webhookId?: string | null;
  triggeredAt?: string | Date | null;
}

/** Records the delivery; true the first time this (shop, event id) is seen, false for a duplicate. */
export async function recordWebhookDelivery(db: Db, args: WebhookDeliveryArgs): Promise<boolean> {
  const triggeredAt = args.triggeredAt ? new Date(args.triggeredAt) : null;
  const inserted = await db.$executeRaw`
    INSERT INTO "WebhookDelivery" (id, shop, topic, "eventId", "webhookId", "triggeredAt")
    VALUES (gen_random_uuid(), ${args.shop}, ${args.topic}, ${args.eventId}, ${args.webhookId ?? null},
            ${triggeredAt && !Number.isNaN(triggeredAt.getTime()) ? triggeredAt : null})
    ON CONFLICT (shop, "eventId") DO NOTHING`;
  return inserted === 1;
}
