// The order webhooks as topics of the one intake (app/shopify/webhook.server.ts): orders/paid
// (its single-statement fast path, ADR 007) and the order-lifecycle topics, which only wake the
// order's job (lifecycle-intake.server.ts). A payload that names nothing usable gets a 400 naming the field.
import type { PrismaClient } from "@prisma/client";
import {
  receiveWebhook,
  WebhookPayloadError,
  type WebhookServices,
  type WebhookTopic,
} from "../../shopify/webhook.server";
import type { LifecycleWebhook } from "./lifecycle-intake.server";
import { parsePaidOrder, type PaidOrder } from "../core/paid-order";
import { recordPaidOrder } from "../records/records.server";

type Accept = (db: PrismaClient, hook: LifecycleWebhook, now: Date) => Promise<unknown>;

/** orders/paid: the delivery, the order and its job in one statement; the job decides after the answer. */
export const paidOrderTopic: WebhookTopic<PaidOrder> = {
  keepUnreadable: true,
  parse(payload) {
    const parsed = parsePaidOrder(payload);
    if (!parsed.ok) {
      throw new WebhookPayloadError(`malformed orders/paid payload at ${parsed.field}: ${parsed.message}`, [
        parsed.field,
      ]);
    }
    return parsed.order;
  },
  accept: ({ db, now }, delivery, order) =>
    recordPaidOrder(db, {
      shop: delivery.shop,
      eventId: delivery.eventId,
      webhookId: delivery.webhookId,
      triggeredAt: delivery.triggeredAt,
      order,
      now: now(),
    }),
};

/** An order-lifecycle topic: `accept` checks the payload (LifecyclePayloadError) and wakes the order. */
function lifecycleTopic(accept: Accept): WebhookTopic<LifecycleWebhook> {
  return {
    keepUnreadable: true,
    parse: (payload, delivery) => ({ ...delivery, webhookId: delivery.webhookId ?? delivery.eventId, payload }),
    accept: ({ db, now }, _delivery, hook) => accept(db, hook, now()),
  };
}

export function answerLifecycleWebhook(services: WebhookServices, request: Request, accept: Accept): Promise<Response> {
  return receiveWebhook(services, request, lifecycleTopic(accept));
}
