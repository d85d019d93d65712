// The one webhook intake. Every topic that starts background work goes through receiveWebhook:
// signature and shop (authenticate.webhook: 401 on a bad HMAC), the event id, the payload check
// (the topic's parse), then the topic's accept, which records the delivery under its event id
// (a duplicate changes nothing) and enqueues the work in one transaction or statement. Bad input
// always gets the same 400 shape, { error, issues? }, naming what was wrong — never a 500.
// Adding a topic: a WebhookTopic (parse + accept) and a route file whose action is one call.
import type { Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { appContext } from "../context.server";
import { withJobs, type TxJobs } from "../jobs/queue.server";
import { recordWebhookDelivery } from "../models/webhook-delivery.server";
import { authenticate } from "../shopify.server";

/** A verified delivery: who sent it, about what, and its ids. */
export interface WebhookDelivery {
  shop: string;
  topic: string;
  /** X-Shopify-Event-Id, or X-Shopify-Webhook-Id when the event id is missing. */
  eventId: string;
  webhookId: string | null;
  triggeredAt: string | null;
  payload: unknown;
}

export interface IntakeDeps {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
}

/** A payload the topic cannot use: answered 400 with this message (and the offending fields). */
export class WebhookPayloadError extends Error {
  constructor(
    message: string,
    readonly issues?: string[],
  ) {
    super(message);
    this.name = "WebhookPayloadError";
  }
}

export interface WebhookTopic<P> {
  /** Checks the payload; throws WebhookPayloadError naming what is wrong. */
  parse(payload: unknown, delivery: WebhookDelivery): P;
  /** Records the delivery once and enqueues its work; what it returns is logged. */
  accept(deps: IntakeDeps, delivery: WebhookDelivery, parsed: P): Promise<unknown>;
}

/** The one error shape of the webhook routes. */
export function webhookBadRequest(error: string, issues?: string[]): Response {
  return Response.json(issues ? { error, issues } : { error }, { status: 400 });
}

/** authenticate.webhook, answering 400 (not 500) to a signed body that is not JSON. */
export async function authenticateWebhook(request: Request) {
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const topic = request.headers.get("x-shopify-topic") ?? "webhook";
    throw webhookBadRequest(`malformed ${topic} payload: the body is not JSON`);
  }
}

/** Verifies, checks, de-duplicates and enqueues one webhook; answers Shopify at once. */
export async function receiveWebhook<P>(
  request: Request,
  topic: WebhookTopic<P>,
  deps: IntakeDeps = appContext(),
): Promise<Response> {
  const hook = await authenticateWebhook(request);
  const eventId = hook.eventId || hook.webhookId;
  if (!eventId) return webhookBadRequest("missing X-Shopify-Event-Id");
  const delivery: WebhookDelivery = {
    shop: hook.shop,
    topic: hook.topic,
    eventId,
    webhookId: hook.webhookId || null,
    triggeredAt: hook.triggeredAt ?? null,
    payload: hook.payload,
  };
  try {
    const result = await topic.accept(deps, delivery, topic.parse(hook.payload, delivery));
    deps.logger.info({ shop: delivery.shop, topic: delivery.topic, eventId, result }, "webhook accepted");
  } catch (error) {
    if (error instanceof WebhookPayloadError) return webhookBadRequest(error.message, error.issues);
    throw error;
  }
  return new Response(null, { status: 200 });
}

/**
 * The usual accept: records the delivery and, the first time only, runs `enqueue` — in one
 * transaction, so a delivery is never recorded without its work. Workers wake after the commit.
 */
export async function deliverOnce<T>(
  db: PrismaClient,
  delivery: WebhookDelivery,
  enqueue: (tx: Prisma.TransactionClient, jobs: TxJobs) => Promise<T>,
): Promise<{ duplicate: true } | { duplicate: false; result: T }> {
  return withJobs(db, async (tx, jobs) => {
    const first = await recordWebhookDelivery(tx, delivery);
    if (!first) return { duplicate: true as const };
    return { duplicate: false as const, result: await enqueue(tx, jobs) };
  });
}

/** Zod issues as the dotted paths the 400 answer lists. */
export function issuePaths(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }>): string[] {
  return issues.map((issue) => issue.path.map(String).join(".") || "$");
}
