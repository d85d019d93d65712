// The one webhook intake. Every topic that starts background work goes through receiveWebhook:
// signature and shop (authenticate.webhook: 401 on a bad HMAC), the event id, the payload check
// (the topic's parse), then the topic's accept, which records the delivery under its event id
// (a duplicate changes nothing) and enqueues the work in one transaction or statement. Bad input
// always gets the same 400 shape, { error, issues? }, naming what was wrong — never a 500.
// Adding a topic: a WebhookTopic (parse + accept) and a route file whose action is one call.
import type { Prisma, PrismaClient } from "@prisma/client";
import { InvalidShopError } from "@shopify/shopify-api";
import type { Logger } from "pino";
import { appContext } from "../context.server";
import { env } from "../env.server";
import { withCappedBody } from "../http/body-limit.server";
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

/**
 * The 4xx a Shopify-signed request deserves when the library rejects its input: a correctly
 * signed body that is not JSON (a SyntaxError) or a shop header that is not a shop domain (an
 * InvalidShopError) would otherwise surface as a 500. Rethrows anything else.
 */
export function asBadShopifyRequest(error: unknown, request: Request, what: string): never {
  if (error instanceof SyntaxError) throw webhookBadRequest(`malformed ${what} payload: the body is not JSON`);
  if (error instanceof InvalidShopError || (error instanceof Error && error.name === "InvalidShopError")) {
    const shop = JSON.stringify(request.headers.get("x-shopify-shop-domain") ?? "");
    throw webhookBadRequest(`X-Shopify-Shop-Domain: ${shop} is not a shop domain`);
  }
  throw error;
}

/** authenticate.webhook, answering 413 to an oversized body (read under the shared cap) and 400 to malformed input. */
export async function authenticateWebhook(original: Request) {
  const request = await withCappedBody(original, env().MAX_BODY_BYTES);
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, request.headers.get("x-shopify-topic") ?? "webhook");
  }
}

/** authenticate.fulfillmentService with the same cap and the same 4xx answers. */
export async function authenticateFulfillmentService(original: Request) {
  const request = await withCappedBody(original, env().MAX_BODY_BYTES);
  try {
    return await authenticate.fulfillmentService(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, "fulfilment-service notification");
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
