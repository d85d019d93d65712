// The order-lifecycle webhook routes' one path: verify, record and wake (lifecycle-intake.server.ts),
// answer at once; a payload that names nothing usable gets a 400 naming the field.
import { appContext } from "../context.server";
import { authenticateWebhook } from "../shopify/webhook.server";
import { LifecyclePayloadError, type LifecycleWebhook } from "./lifecycle-intake.server";
import type { PrismaClient } from "@prisma/client";

type Accept = (db: PrismaClient, hook: LifecycleWebhook, now: Date) => Promise<unknown>;

export async function answerLifecycleWebhook(request: Request, accept: Accept): Promise<Response> {
  const { shop, topic, payload, eventId, webhookId, triggeredAt } = await authenticateWebhook(request);
  const { db, logger, now } = appContext();
  try {
    const result = await accept(db, { shop, topic, payload, eventId, webhookId, triggeredAt }, now());
    logger.info({ shop, topic, result }, "order lifecycle webhook recorded");
  } catch (error) {
    if (error instanceof LifecyclePayloadError) return new Response(error.message, { status: 400 });
    throw error;
  }
  return new Response();
}
