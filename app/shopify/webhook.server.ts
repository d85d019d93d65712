// The one webhook intake. Every topic that starts background work goes through receiveWebhook:
// signature and shop (verifiedRequest, shared with the fulfilment-service callback: the previous
// secret accepted during a rotation, 401 otherwise; the shop through signedShopDomain), the delivery's
// headers and JSON body read by the app (receivedDelivery: not the library's authenticate.webhook,
// whose second signature check and session load cost CPU the intake has no use for), the event
// id, the payload check (the topic's parse), then the topic's accept, which records the delivery
// under its event id (a duplicate changes nothing) and enqueues the work in one transaction or statement. Bad input
// always gets the same 400 shape, { error, issues? }, naming what was wrong — never a 500 — except
// a signed payload of an order topic (keepUnreadable), which is answered 200 and kept for the
// merchant (UnreadableWebhook), since Shopify drops a delivery it retried in vain with the order.
// Adding a topic: a WebhookTopic (parse + accept) and a route file whose action is one call.
import type { Prisma, PrismaClient } from "@prisma/client";
import { InvalidShopError } from "@shopify/shopify-api";
import type { Logger } from "pino";
import type { Env } from "../env.server";
import { withCappedBody } from "../http/body-limit.server";
import { withJobs, type TxJobs } from "../jobs/queue.server";
import { orderIdNamed, recordUnreadableWebhook } from "./webhooks/unreadable-webhook.server";
import { recordWebhookDelivery } from "./webhooks/webhook-delivery.server";
import type { Shopify } from "../shopify.server";
import { signedShopDomain } from "./shop-domain";
import { shopifyHmac, shopifyHmacSignedWith } from "./verify-hmac.server";

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

/** What the signed entry points use of the process's services (app/composition.server.ts). */
export interface WebhookServices extends IntakeDeps {
  config: Pick<Env, "MAX_BODY_BYTES" | "SHOPIFY_API_SECRET" | "SHOPIFY_API_SECRET_PREVIOUS">;
  shopify: Pick<Shopify, "authenticate">;
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
  /**
   * Order topics: a signed payload this topic cannot read (not JSON, or a WebhookPayloadError from
   * parse or accept) is answered 200 and kept as an UnreadableWebhook for the merchant, instead of
   * a 400 that Shopify retries and then drops with the order.
   */
  keepUnreadable?: boolean;
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
function asBadShopifyRequest(error: unknown, request: Request, what: string): never {
  if (error instanceof SyntaxError) throw webhookBadRequest(`malformed ${what} payload: the body is not JSON`);
  if (error instanceof InvalidShopError || (error instanceof Error && error.name === "InvalidShopError")) {
    const shop = JSON.stringify(request.headers.get("x-shopify-shop-domain") ?? "");
    throw webhookBadRequest(`X-Shopify-Shop-Domain: ${shop} is not a shop domain`);
  }
  throw error;
}

/** authenticate.webhook, answering 413 to an oversized body (read under the shared cap) and 400 to malformed input. */
export async function authenticateWebhook(services: Omit<WebhookServices, keyof IntakeDeps>, original: Request) {
  const { config } = services;
  const { request } = await verifiedRequest(config, await withCappedBody(original, config.MAX_BODY_BYTES), 401);
  try {
    return await services.shopify.authenticate.webhook(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, request.headers.get("x-shopify-topic") ?? "webhook");
  }
}

/**
 * A delivery that starts work, read by the app alone once verifiedRequest has checked its
 * signature and shop: the library's authenticate.webhook would check the signature again (Web
 * Crypto, about a millisecond of the web thread's CPU a delivery), load the shop's offline session
 * and build an Admin client, none of which the intake uses (it records and enqueues; the jobs call
 * Shopify). The headers the library requires are required here too (400 naming the missing ones),
 * and the topic reads as the library gives it (ORDERS_PAID). `hook` is null for a body that is not
 * JSON (the caller decides: kept, or 400).
 */
async function receivedDelivery(services: WebhookServices, original: Request) {
  const { config } = services;
  if (original.method !== "POST") throw new Response(undefined, { status: 405, statusText: "Method not allowed" });
  const { request, rawBody, shop } = await verifiedRequest(
    config,
    await withCappedBody(original, config.MAX_BODY_BYTES),
    401,
  );
  const headers = request.headers;
  const missing = REQUIRED_WEBHOOK_HEADERS.filter((name) => !headers.get(name));
  if (missing.length > 0) throw webhookBadRequest(`missing webhook headers: ${missing.join(", ")}`, missing);
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(rawBody));
  } catch {
    return { hook: null, rawBody, request, shop };
  }
  const hook: Hook = {
    shop,
    topic: headers.get("x-shopify-topic")!.toUpperCase().replace(/\/|\./g, "_"),
    webhookId: headers.get("x-shopify-webhook-id")!,
    eventId: headers.get("x-shopify-event-id") ?? undefined,
    triggeredAt: headers.get("x-shopify-triggered-at") ?? undefined,
    payload,
  };
  return { hook, rawBody, request, shop };
}

/** What @shopify/shopify-api requires of a webhook delivery (besides the signature, checked before). */
const REQUIRED_WEBHOOK_HEADERS = ["x-shopify-topic", "x-shopify-api-version", "x-shopify-webhook-id"] as const;

/**
 * The one check of a Shopify-signed request before the library sees it (webhooks and the
 * fulfilment-service callback): the signature under the current or, during a rotation, the
 * previous secret (`badSignature` otherwise: 401 for webhooks, 400 for the fulfilment service, as
 * the library answers each), then the shop header through signedShopDomain (400 unless a
 * myshopify.com domain). The library gets the request with the shop lower-cased and, when the
 * previous secret signed it, re-signed with the current one (it knows only one secret).
 */
async function verifiedRequest(
  config: WebhookServices["config"],
  request: Request,
  badSignature: 400 | 401,
): Promise<{ request: Request; rawBody: Uint8Array; shop: string }> {
  const rawBody = new Uint8Array(await request.clone().arrayBuffer());
  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret } = config;
  const signedWith = shopifyHmacSignedWith({
    rawBody,
    signature: request.headers.get("x-shopify-hmac-sha256"),
    secret,
    previousSecret,
  });
  if (!signedWith) {
    throw new Response(undefined, {
      status: badSignature,
      statusText: badSignature === 401 ? "Unauthorized" : "Bad Request",
    });
  }
  const header = request.headers.get("x-shopify-shop-domain");
  const shop = signedShopDomain(header);
  if (!shop) {
    throw webhookBadRequest(
      `X-Shopify-Shop-Domain: ${JSON.stringify(header?.trim().toLowerCase() ?? "")} is not a shop domain`,
    );
  }
  if (signedWith === "current" && header === shop) return { request, rawBody, shop };
  return { request: handedOn(request, rawBody, { shop, signature: shopifyHmac(rawBody, secret) }), rawBody, shop };
}

// The verified request as the library should see it: the shop as signedShopDomain gives it, the
// signature under the current secret.
function handedOn(
  request: Request,
  rawBody: Uint8Array<ArrayBuffer>,
  { shop, signature }: { shop: string; signature: string },
): Request {
  const headers = new Headers(request.headers);
  headers.set("x-shopify-shop-domain", shop);
  headers.set("x-shopify-hmac-sha256", signature);
  return new Request(request.url, { method: request.method, headers, body: rawBody });
}

/**
 * The shop a shop-level payload names (shop/redact: shop_domain; app/uninstalled: myshopify_domain)
 * must be the signed header's shop: a null or foreign body never erases anything.
 */
export function payloadNamesShop(payload: unknown, field: "shop_domain" | "myshopify_domain", shop: string): boolean {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return false;
  const named = (payload as Record<string, unknown>)[field];
  return typeof named === "string" && named.trim().toLowerCase() === shop.toLowerCase();
}

/** The 400 for a shop-level payload that does not name the header's shop. */
export function wrongShopPayload(topic: string, field: string): Response {
  return webhookBadRequest(`malformed ${topic} payload: ${field} must name the shop of X-Shopify-Shop-Domain`, [field]);
}

/**
 * authenticate.fulfillmentService with the same cap, the same checks and the same secret rotation
 * as the webhooks (verifiedRequest): a bad signature is the library's 400, a shop header that is
 * not a myshopify.com domain 400, one in capitals the same shop as in lower case.
 */
export async function authenticateFulfillmentService(
  services: Omit<WebhookServices, keyof IntakeDeps>,
  original: Request,
) {
  if (original.method !== "POST") throw new Response(undefined, { status: 405, statusText: "Method not allowed" });
  const capped = await withCappedBody(original, services.config.MAX_BODY_BYTES);
  const { request } = await verifiedRequest(services.config, capped, 400);
  try {
    return await services.shopify.authenticate.fulfillmentService(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, "fulfilment-service notification");
  }
}

/** Verifies, checks, de-duplicates and enqueues one webhook; answers Shopify at once. */
export async function receiveWebhook<P>(
  deps: WebhookServices,
  request: Request,
  topic: WebhookTopic<P>,
): Promise<Response> {
  if (topic.keepUnreadable) return receiveOrderWebhook(request, topic, deps);
  const { hook } = await receivedDelivery(deps, request);
  if (!hook) {
    return webhookBadRequest(
      `malformed ${request.headers.get("x-shopify-topic") ?? "webhook"} payload: the body is not JSON`,
    );
  }
  const delivery = deliveryOf(hook);
  if (!delivery) return webhookBadRequest("missing X-Shopify-Event-Id");
  try {
    const result = await topic.accept(deps, delivery, topic.parse(hook.payload, delivery));
    deps.logger.info(
      { shop: delivery.shop, topic: delivery.topic, eventId: delivery.eventId, result },
      "webhook accepted",
    );
  } catch (error) {
    if (error instanceof WebhookPayloadError) return webhookBadRequest(error.message, error.issues);
    throw error;
  }
  return new Response(null, { status: 200 });
}

interface Hook {
  shop: string;
  topic: string;
  eventId?: string;
  webhookId?: string;
  triggeredAt?: string;
  payload: unknown;
}

function deliveryOf(hook: Hook): WebhookDelivery | null {
  const eventId = hook.eventId || hook.webhookId;
  if (!eventId) return null;
  return {
    shop: hook.shop,
    topic: hook.topic,
    eventId,
    webhookId: hook.webhookId || null,
    triggeredAt: hook.triggeredAt ?? null,
    payload: hook.payload,
  };
}

// An order topic: what the app cannot read is kept (answered 200) rather than refused.
async function receiveOrderWebhook<P>(
  request: Request,
  topic: WebhookTopic<P>,
  deps: WebhookServices,
): Promise<Response> {
  const received = await receivedDelivery(deps, request);
  const { rawBody } = received;
  if (!received.hook) {
    // Signed and for a shop, but not JSON: the library read no further, so the headers say who and what.
    const headers = received.request.headers;
    const delivery = deliveryOf({
      shop: received.shop,
      topic: headers.get("x-shopify-topic") ?? "",
      eventId: headers.get("x-shopify-event-id") ?? "",
      webhookId: headers.get("x-shopify-webhook-id") ?? "",
      triggeredAt: headers.get("x-shopify-triggered-at") ?? undefined,
      payload: undefined,
    });
    if (!delivery) return webhookBadRequest("missing X-Shopify-Event-Id");
    return keepUnreadable(
      deps,
      delivery,
      rawBody,
      new WebhookPayloadError(`malformed ${delivery.topic} payload: the body is not JSON`, ["$"]),
    );
  }
  const delivery = deliveryOf(received.hook);
  if (!delivery) return webhookBadRequest("missing X-Shopify-Event-Id");
  // The merchant reads the topic as Shopify names it in the header (orders/paid, not ORDERS_PAID).
  const headerTopic = received.request.headers.get("x-shopify-topic") || delivery.topic;
  try {
    const result = await topic.accept(deps, delivery, topic.parse(delivery.payload, delivery));
    deps.logger.info(
      { shop: delivery.shop, topic: delivery.topic, eventId: delivery.eventId, result },
      "webhook accepted",
    );
  } catch (error) {
    if (error instanceof WebhookPayloadError)
      return keepUnreadable(deps, { ...delivery, topic: headerTopic }, rawBody, error);
    throw error;
  }
  return new Response(null, { status: 200 });
}

async function keepUnreadable(
  deps: IntakeDeps,
  delivery: WebhookDelivery,
  rawBody: Uint8Array,
  error: WebhookPayloadError,
): Promise<Response> {
  const { duplicate } = await recordUnreadableWebhook(deps.db, {
    ...delivery,
    rawBody,
    reason: error.message,
    issues: error.issues ?? [],
    orderId: orderIdNamed(delivery.payload, rawBody),
  });
  deps.logger.warn(
    { shop: delivery.shop, topic: delivery.topic, eventId: delivery.eventId, issues: error.issues, duplicate },
    "unreadable order webhook kept for the merchant",
  );
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
