/**
 * The order-lifecycle webhooks (cancellations, edits, holds and releases, splits, merges, moves,
 * routing): each wakes the order's job, which reads Shopify's current state and decides
 * (plan.server.ts). Nothing in a payload is acted on, so a late redelivery of an old payload can
 * never override newer knowledge; one older than what the job already read wakes nothing. The one
 * exception is a cancellation, which Shopify never undoes: it also stops, at once, whatever of the
 * order has not been claimed for submission (acceptOrderWebhook).
 *
 * Order topics name the order. Fulfilment-order topics name only fulfilment orders: a known one
 * leads to its order through our records; an unknown one is looked up in Shopify by a small job.
 */
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { jobWriter, withJobs } from "../../jobs/queue.server";
import { recordWebhookDelivery } from "../../shopify/webhooks/webhook-delivery.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import { WebhookPayloadError } from "../../shopify/webhook.server";
import { RESOLVE_QUEUE, type ResolveJobPayload } from "../core/queues";
import { reason, reasonColumns } from "../core/reason-codes";
import {
  recordOrderEvent,
  skippedForGood,
  statusOf,
  stopFulfillmentOrders,
  transition,
  wakeOrder,
} from "../records/records.server";
import { orderOfFulfillmentOrder } from "../shopify/shopify-fulfillment-orders.server";

export interface LifecycleWebhook {
  shop: string;
  topic: string;
  eventId?: string | null;
  webhookId: string;
  triggeredAt?: string | null;
  payload: unknown;
}

const numericId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String);

const orderPayload = z.looseObject({
  id: numericId,
  admin_graphql_api_id: z
    .string()
    .regex(/^gid:\/\/shopify\/Order\/\d+$/)
    .optional(),
  name: z.string().optional(),
  updated_at: z.string().nullish(),
});

const orderEditPayload = z.looseObject({
  order_edit: z.looseObject({ order_id: numericId, created_at: z.string().nullish() }),
});

const FO_GID = /^gid:\/\/shopify\/FulfillmentOrder\/\d+$/;

/**
 * Fulfilment-order topics after which what a job read of Shopify before may no longer be sent: a
 * hold, or lines that now live in another fulfilment order or location. Kept as stops (OrderStop)
 * so a claim decided from the earlier read is refused (issue 29).
 */
const STOPPING_FULFILLMENT_ORDER_TOPICS = new Set([
  "fulfillment_orders_placed_on_hold",
  "fulfillment_orders_split",
  "fulfillment_orders_merged",
  "fulfillment_orders_moved",
]);

/** The header's `orders/cancelled` and the library's `ORDERS_CANCELLED` alike: `orders_cancelled`. */
function topicKey(topic: string): string {
  return topic.toLowerCase().replaceAll("/", "_");
}

/** 400 with the field that was wrong; never a 500 for bad input. */
class LifecyclePayloadError extends WebhookPayloadError {}

/**
 * Records an order delivery (orders/cancelled, orders/updated) and wakes the order's job. A
 * cancellation also settles, before it is answered, every record of the order that has not been
 * claimed for submission: skipped for good (FINAL_SKIP_REASONS), by the compare-and-set on the
 * status that the submission's claim (pending → submitting) also is, so exactly one of the two
 * wins. Without it, an order's job that read Shopify before the cancellation could claim and send
 * the order after the app had accepted it (issue 29, seed 500421). A record the claim won is left
 * to the woken job (cancelled after it reached the warehouse: a person is asked).
 */
export async function acceptOrderWebhook(db: PrismaClient, hook: LifecycleWebhook, now: Date) {
  const parsed = orderPayload.safeParse(hook.payload);
  if (!parsed.success) throw new LifecyclePayloadError(describe(hook.topic, parsed.error));
  const order = parsed.data;
  const gid = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const cancelled = topicKey(hook.topic) === "orders_cancelled";
  // Kept as a stop of the order first (OrderStop): from here no claim decided from a read of
  // Shopify that began earlier succeeds — one for a record the job has not even written yet too.
  const woken = await wake(db, hook, { id: order.id, gid, name: order.name ?? `#${order.id}` }, order.updated_at, now, {
    stops: cancelled,
  });
  // A redelivery (duplicate) settles too: its first delivery may have failed before answering.
  if (cancelled) {
    const why = reason("cancelledInShopify");
    for (let attempt = 0; ; attempt++) {
      const records = await db.fulfillment.findMany({ where: { shop: hook.shop, shopifyOrderId: order.id } });
      const unclaimed = records.filter(
        (r) =>
          ["pending", "waiting"].includes(r.status) ||
          (r.status === "skipped" && !skippedForGood(r)) ||
          (["needs_attention", "awaiting_stock"].includes(r.status) && !r.svcOrderId),
      );
      let lost = false;
      for (const record of unclaimed) {
        const data = { ...reasonColumns(why), waitUntil: null };
        const from = statusOf(record);
        if (!(await transition(db, { id: record.id, record, from, to: "skipped", now, data, detail: why })))
          lost = true;
      }
      if (!lost) break;
      // Each loss is a record that moved meanwhile (claimed, or decided by its job): read again.
      if (attempt === 2)
        throw new Error(`orders/cancelled of order ${order.id}: its records kept changing; redelivered`);
    }
  }
  return woken;
}

/** orders/edited: the payload names the order by id only. */
export async function acceptOrderEditWebhook(db: PrismaClient, hook: LifecycleWebhook, now: Date) {
  const parsed = orderEditPayload.safeParse(hook.payload);
  if (!parsed.success) throw new LifecyclePayloadError(describe(hook.topic, parsed.error));
  const { order_id: id, created_at } = parsed.data.order_edit;
  return wake(db, hook, { id, gid: `gid://shopify/Order/${id}`, name: `#${id}` }, created_at, now, { stops: true });
}

function wake(
  db: PrismaClient,
  hook: LifecycleWebhook,
  order: { id: string; gid: string; name: string },
  changedAt: string | null | undefined,
  now: Date,
  how: { stops: boolean },
) {
  return recordOrderEvent(db, {
    stops: how.stops,
    shop: hook.shop,
    topic: hook.topic,
    eventId: hook.eventId ?? hook.webhookId,
    webhookId: hook.webhookId,
    triggeredAt: hook.triggeredAt,
    order: { ...order, follow: false },
    updatedAt: date(changedAt) ?? date(hook.triggeredAt),
    now,
  });
}

/**
 * A fulfilment-order topic: every fulfilment order gid in the payload (original, remaining,
 * moved, merged…) leads to its order; the order's job is woken once.
 */
export async function acceptFulfillmentOrderWebhook(
  db: PrismaClient,
  hook: LifecycleWebhook,
  now: Date,
): Promise<{ duplicate: boolean; woken: number; resolving: number }> {
  const gids = fulfillmentOrderGids(hook.payload);
  if (gids.length === 0)
    throw new LifecyclePayloadError(`malformed ${hook.topic} payload: it names no fulfilment order`);
  const triggeredAt = date(hook.triggeredAt);
  const stops = STOPPING_FULFILLMENT_ORDER_TOPICS.has(topicKey(hook.topic));
  return withJobs(db, async (tx, jobs) => {
    const fresh = await recordWebhookDelivery(tx, {
      shop: hook.shop,
      topic: hook.topic,
      eventId: hook.eventId ?? hook.webhookId,
      webhookId: hook.webhookId,
      triggeredAt: hook.triggeredAt ?? null,
    });
    if (!fresh) return { duplicate: true, woken: 0, resolving: 0 };
    const known = await tx.fulfillment.findMany({
      where: { shop: hook.shop, fulfillmentOrderGid: { in: gids } },
      select: { fulfillmentOrderGid: true, shopifyOrderId: true },
    });
    const orders = new Set(known.map((r) => r.shopifyOrderId));
    // A stop (OrderStop) for each fulfilment order named whose order's job is woken, and for every
    // one unknown (the resolve job wakes its order): that job may be between its read of Shopify
    // and writing the record, and the claim it would make from that read is refused.
    const stopped: string[] = [];
    let woken = 0;
    for (const shopifyOrderId of orders) {
      const tracked = await tx.shopifyOrder.findUnique({
        where: { shop_shopifyOrderId: { shop: hook.shop, shopifyOrderId } },
        select: { knownUpdatedAt: true },
      });
      // Stale: the job already read Shopify after this event happened.
      if (tracked?.knownUpdatedAt && triggeredAt && triggeredAt < tracked.knownUpdatedAt) continue;
      await wakeOrder(jobs, { shop: hook.shop, shopifyOrderId, now });
      woken++;
      stopped.push(...known.filter((r) => r.shopifyOrderId === shopifyOrderId).map((r) => r.fulfillmentOrderGid!));
    }
    const unknown = known.length > 0 ? [] : gids;
    stopped.push(...unknown);
    if (stops) await stopFulfillmentOrders(tx, { shop: hook.shop, fulfillmentOrderGids: stopped, topic: hook.topic });
    for (const fulfillmentOrderGid of unknown) {
      const payload: ResolveJobPayload = { fulfillmentOrderGid };
      await jobs.enqueue({
        queue: RESOLVE_QUEUE,
        key: `${hook.shop}:${fulfillmentOrderGid}`,
        shop: hook.shop,
        payload: { ...payload },
        runAt: now,
      });
    }
    return { duplicate: false, woken, resolving: unknown.length };
  });
}

/** The resolve job: which order a fulfilment order belongs to; wakes it if the app follows it. */
export async function resolveFulfillmentOrder(
  deps: { db: PrismaClient; now: () => Date; adminFor(shop: string): Promise<AdminGraphql> },
  args: { shop: string; fulfillmentOrderGid: string },
): Promise<void> {
  const order = await orderOfFulfillmentOrder(await deps.adminFor(args.shop), args.fulfillmentOrderGid);
  if (!order) return;
  const tracked = await deps.db.shopifyOrder.findUnique({
    where: { shop_shopifyOrderId: { shop: args.shop, shopifyOrderId: order.shopifyOrderId } },
  });
  if (tracked)
    await wakeOrder(jobWriter(deps.db), { shop: args.shop, shopifyOrderId: order.shopifyOrderId, now: deps.now() });
}

/** Every fulfilment order gid anywhere in a payload (ids and *_fulfillment_order_id fields). */
// Shopify's fulfilment-order payloads nest a few levels; a signed body nested thousands deep must
// not overflow the stack (a 500) — below this depth nothing is looked at.
const MAX_PAYLOAD_DEPTH = 32;

/** @internal */
export function fulfillmentOrderGids(payload: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string | null, depth: number) => {
    if (depth > MAX_PAYLOAD_DEPTH) return;
    if (typeof value === "string" && FO_GID.test(value)) found.add(value);
    else if (typeof value === "number" && key && /fulfillment_order_id$/.test(key)) {
      found.add(`gid://shopify/FulfillmentOrder/${value}`);
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key, depth + 1));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1);
    }
  };
  walk(payload, null, 0);
  return [...found];
}

function describe(topic: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `malformed ${topic} payload at ${issue.path.map(String).join(".") || "(body)"}: ${issue.message}`;
}

function date(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
