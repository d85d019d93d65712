// Signed order webhooks the app could not read (UnreadableWebhook). Shopify retries a 4xx and then
// drops the delivery, so an order whose payload the app cannot parse would be lost silently;
// instead the intake answers 200 and keeps the delivery here, once per event id, for the merchant
// to act on in Pedidos. The raw payload holds personal data: kept 30 days at most (docs/privacy.md).
import type { PrismaClient } from "@prisma/client";
import { recordWebhookDelivery } from "./webhook-delivery.server";

const UNREADABLE_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export interface UnreadableDelivery {
  shop: string;
  topic: string;
  eventId: string;
  webhookId: string | null;
  triggeredAt: string | null;
  /** The body as received (already capped at MAX_BODY_BYTES). */
  rawBody: Uint8Array;
  reason: string;
  issues: string[];
  orderId: string | null;
}

/** Records the delivery and the record together; a redelivery of the event changes nothing. */
export async function recordUnreadableWebhook(
  db: Pick<PrismaClient, "$transaction">,
  delivery: UnreadableDelivery,
): Promise<{ duplicate: boolean }> {
  return db.$transaction(async (tx) => {
    const fresh = await recordWebhookDelivery(tx, delivery);
    if (!fresh) return { duplicate: true };
    await tx.unreadableWebhook.create({
      data: {
        shop: delivery.shop,
        topic: delivery.topic,
        eventId: delivery.eventId,
        webhookId: delivery.webhookId,
        orderId: delivery.orderId,
        reason: delivery.reason.slice(0, 2_000),
        issues: delivery.issues.slice(0, 20).map((issue) => issue.slice(0, 300)),
        payload: asText(delivery.rawBody),
      },
    });
    return { duplicate: false };
  });
}

/** PostgreSQL text holds no NUL and only UTF-8: anything else becomes U+FFFD. */
function asText(body: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false }).decode(body).replaceAll("\u0000", "\uFFFD");
}

/**
 * The Shopify order id an order payload names: `id` (orders/*), `order_edit.order_id`
 * (orders/edited), or — for a body that is not JSON — a leading `{"id": 123`, as Shopify's order
 * payloads begin. Null when there is none.
 */
export function orderIdNamed(payload: unknown, rawBody: Uint8Array): string | null {
  const numeric = (value: unknown) =>
    (typeof value === "number" && Number.isSafeInteger(value) && value > 0) ||
    (typeof value === "string" && /^\d{1,20}$/.test(value))
      ? String(value)
      : null;
  if (payload && typeof payload === "object" && !Array.isArray(payload)) {
    const record = payload as Record<string, unknown>;
    const edit = record.order_edit;
    if (edit && typeof edit === "object" && !Array.isArray(edit)) {
      const id = numeric((edit as Record<string, unknown>).order_id);
      if (id) return id;
    }
    return numeric(record.id);
  }
  if (payload !== undefined) return null;
  const head = new TextDecoder().decode(rawBody.subarray(0, 200));
  return /^\s*\{\s*"id"\s*:\s*"?(\d{1,20})\b/.exec(head)?.[1] ?? null;
}

export interface UnreadableWebhookRow {
  id: string;
  topic: string;
  eventId: string;
  orderId: string | null;
  reason: string;
  issues: string[];
  receivedAt: string;
}

/** The shop's unreadable order webhooks, newest first, after dropping those past their retention. */
export async function listUnreadableWebhooks(
  db: Pick<PrismaClient, "unreadableWebhook">,
  args: { shop: string; now: Date },
): Promise<UnreadableWebhookRow[]> {
  await db.unreadableWebhook.deleteMany({
    where: { receivedAt: { lt: new Date(args.now.getTime() - UNREADABLE_RETENTION_DAYS * DAY_MS) } },
  });
  const rows = await db.unreadableWebhook.findMany({
    where: { shop: args.shop },
    orderBy: { receivedAt: "desc" },
    take: 100,
    select: { id: true, topic: true, eventId: true, orderId: true, reason: true, issues: true, receivedAt: true },
  });
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() }));
}

/** One of the shop's records (null when it is another shop's or gone). */
export function findUnreadableWebhook(db: Pick<PrismaClient, "unreadableWebhook">, args: { shop: string; id: string }) {
  return db.unreadableWebhook.findFirst({ where: { id: args.id, shop: args.shop } });
}

/** Deletes one of the shop's records; false when it is not the shop's. */
export async function dismissUnreadableWebhook(
  db: Pick<PrismaClient, "unreadableWebhook">,
  args: { shop: string; id: string },
): Promise<boolean> {
  const { count } = await db.unreadableWebhook.deleteMany({ where: { id: args.id, shop: args.shop } });
  return count === 1;
}

/**
 * customers/redact: the unreadable order webhooks naming one of the orders go, and so does any
 * whose text mentions one of the orders or the customer (it could not be parsed, so it may not name
 * them where expected). A step of the caller's batch transaction.
 */
export function deleteCustomerUnreadableWebhooks(
  db: Pick<PrismaClient, "unreadableWebhook">,
  args: { shop: string; orderIds: string[]; customerId: string | null },
) {
  return db.unreadableWebhook.deleteMany({
    where: {
      shop: args.shop,
      OR: [
        { orderId: { in: args.orderIds } },
        ...[...args.orderIds, ...(args.customerId ? [args.customerId] : [])].map((id) => ({ payload: { contains: id } })),
      ],
    },
  });
}

/** shop/redact: every unreadable webhook of the shop. A step of the caller's batch transaction. */
export function deleteShopUnreadableWebhooks(db: Pick<PrismaClient, "unreadableWebhook">, shop: string) {
  return db.unreadableWebhook.deleteMany({ where: { shop } });
}
