import type { ActionFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { parsePaidOrder } from "../fulfillment/paid-order";
import { recordPaidOrder } from "../fulfillment/records.server";
import { authenticateWebhook } from "../shopify/webhook.server";

// Answers within milliseconds: it only records the delivery, the order and its job (one
// statement); the job reads Shopify's current state and decides, after the answer.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload, eventId, webhookId, triggeredAt } = await authenticateWebhook(request);
  const parsed = parsePaidOrder(payload);
  if (!parsed.ok)
    return new Response(`malformed orders/paid payload at ${parsed.field}: ${parsed.message}`, { status: 400 });
  const { db, logger, now } = appContext();
  const result = await recordPaidOrder(db, {
    shop,
    eventId: eventId ?? webhookId,
    webhookId,
    triggeredAt,
    order: parsed.order,
    now: now(),
  });
  if (result.duplicate) logger.info({ shop, eventId: eventId ?? webhookId }, "orders/paid duplicate delivery ignored");
  else if (!result.woken)
    logger.info({ shop, order: parsed.order.name }, "orders/paid: nothing newer than what the app knows, or shop unknown");
  return new Response();
};
