/**
 * The fulfilment record in the database. Every state change is a compare-and-set on the status
 * (UPDATE … WHERE status = expected), written together with its history event and the jobs it
 * starts (decided by planTransition, a pure function), in one transaction: a change and its
 * follow-up work exist together or not at all. Workers are signalled after the commit.
 */
import { reasonRecord, type ReasonCode, type ReasonMessage } from "../core/reason-codes";
import { Prisma, type Fulfillment, type PrismaClient } from "@prisma/client";
import { enqueueStatement, signalEnqueued, type JobWriter } from "../../jobs/queue.server";
import {
  submittedAddressOf,
  submittedLinesOf,
  submittedOrderJson,
  type ShipmentLine,
  type ShippingAddress,
} from "../../svc";
import type { ServiceOrderRequest } from "../core/build-service-order";
import { paidOrderSchema, type PaidOrder } from "../core/paid-order";
import { isFulfillmentStatus, type FulfillmentStatus } from "../core/status";
import type { SkuUnits } from "../core/service-status";
import { paidUnits } from "./units-awaiting-warehouse.server";
import { planTransition, wakeOrderIntent } from "../core/transitions";
import { jobsOwedOnTransition } from "../events";
import { webhookDeliveryInsert } from "../../shopify/webhooks/webhook-delivery.server";
import { column, sqlOf } from "../../sql.server";

type Db = PrismaClient;

/**
 * What the record keeps in `request`: the paid order as received and, once sent, what was sent
 * (`body`, in the service's own words: app/svc writes and reads it, so records of every version
 * read alike).
 */
export interface StoredRequest {
  order: PaidOrder;
  /** What was sent, read back; absent until the order is sent. */
  sent?: { lines: ShipmentLine[]; destination: ShippingAddress | null };
}

/** `request` for a record about to send `request`, with the paid order it was built from. */
export function storedRequestJson(order: PaidOrder, request: ServiceOrderRequest): Prisma.InputJsonValue {
  return { order, body: submittedOrderJson(request) } as unknown as Prisma.InputJsonValue;
}

/** Reads `request` back; null when it is gone (redacted) or not in the expected shape. */
export function readStoredRequest(value: Prisma.JsonValue | null): StoredRequest | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const parsed = paidOrderSchema.safeParse((value as Record<string, unknown>).order);
  if (!parsed.success) return null;
  const body = (value as Record<string, unknown>).body;
  const sent = body ? { lines: submittedLinesOf(body), destination: submittedAddressOf(body) } : null;
  return { order: parsed.data, ...(sent ? { sent } : {}) };
}

/** The lines `request` says were sent, whatever became of the paid order beside them; none before sending. */
export function sentLinesOf(value: Prisma.JsonValue | null): ShipmentLine[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return submittedLinesOf((value as Record<string, unknown>).body);
}

export function statusOf(record: Pick<Fulfillment, "status">): FulfillmentStatus {
  if (!isFulfillmentStatus(record.status)) throw new Error(`unknown fulfilment status ${record.status}`);
  return record.status;
}

export interface PaidOrderDelivery {
  shop: string;
  eventId: string;
  webhookId?: string | null;
  triggeredAt?: string | null;
  order: PaidOrder;
  now: Date;
}

/**
 * Records an orders/paid delivery: the delivery under (shop, event id), the order the app now
 * follows under (shop, order id) and its job, which reads Shopify and decides per fulfilment
 * order — in one statement, so all or nothing, and holding a pooled connection for a single round
 * trip however many deliveries arrive at once. A duplicate delivery changes nothing; a payload
 * older than what the order's job already read (Shopify's updated_at) wakes nothing. Nothing but
 * the delivery is recorded for a shop the app has no row for.
 *
 * The delivery insert is the webhook intake's own (webhookDeliveryInsert, the one
 * recordWebhookDelivery runs). The job is written by the queue's own enqueue statement (app/jobs), run for the `wake` row.
 */
export async function recordPaidOrder(
  db: Db,
  delivery: PaidOrderDelivery,
): Promise<{ duplicate: boolean; woken: boolean }> {
  const { shop, order, now } = delivery;
  const updatedAt = validDate(order.updated_at);
  const result = await recordOrderEvent(db, {
    shop,
    topic: "orders/paid",
    eventId: delivery.eventId,
    webhookId: delivery.webhookId,
    triggeredAt: delivery.triggeredAt,
    order: {
      id: order.id,
      gid: order.admin_graphql_api_id,
      name: order.name,
      follow: true,
      units: paidUnits(order.line_items),
      placedAt: validDate(order.created_at),
      totalPrice: order.total_price,
      currency: order.currency,
    },
    updatedAt,
    now,
  });
  return result;
}

export interface OrderEvent {
  shop: string;
  topic: string;
  eventId: string;
  webhookId?: string | null;
  triggeredAt?: string | null;
  /**
   * follow: start following the order if the app does not yet (orders/paid, reconciliation);
   * units: what the payload says was sold, held back from stock sync until the order's job reads it.
   */
  order: {
    id: string;
    gid: string;
    name: string;
    follow: boolean;
    units?: SkuUnits[];
    /** What Pedidos shows of the order, from the orders/paid payload: when placed, its total (decimal text). */
    placedAt?: Date | null;
    totalPrice?: string | null;
    currency?: string | null;
  };
  /** Shopify's updated_at of the payload (or the trigger time): an older one wakes nothing. */
  updatedAt: Date | null;
  now: Date;
  /**
   * A cancellation or an edit: kept as a stop of the order (OrderStop) when first delivered, so no
   * submission decided from a read of Shopify that began before it is claimed.
   */
  stops?: boolean;
}

/**
 * Records one delivery about an order and wakes the order's job — unless it is a duplicate, the
 * app does not follow the order (and `follow` is false), or the payload is older than what the
 * job already read. One statement (see recordPaidOrder).
 */
export async function recordOrderEvent(db: Db, event: OrderEvent): Promise<{ duplicate: boolean; woken: boolean }> {
  const { shop, order, now } = event;
  const triggeredAt = validDate(event.triggeredAt ?? null);
  const wakeJob = wakeOrderIntent({ shop, shopifyOrderId: order.id, now });
  const [result] = await sqlOf(db).composed(
    Prisma.sql`
    WITH delivery AS (${webhookDeliveryInsert({ shop, topic: event.topic, eventId: event.eventId, webhookId: event.webhookId, triggeredAt })}
      RETURNING 1
    ), tracked AS (
      INSERT INTO "ShopifyOrder" (shop, "shopifyOrderId", "orderGid", "orderName", "createdAt", units,
                                  "placedAt", "totalPrice", currency)
      SELECT ${shop}, ${order.id}, ${order.gid}, ${order.name}, ${now},
             ${order.units ? JSON.stringify(order.units) : null}::jsonb,
             ${order.placedAt ?? null}::timestamp, ${order.totalPrice ?? null}, ${order.currency ?? null}
      FROM delivery
      WHERE ${order.follow} AND EXISTS (SELECT 1 FROM "Shop" WHERE domain = ${shop})
      ON CONFLICT (shop, "shopifyOrderId") DO NOTHING
      RETURNING 1
    ), priced AS (
      -- An order reconciliation found first learns its date and total from the webhook that follows.
      UPDATE "ShopifyOrder" SET "placedAt" = ${order.placedAt ?? null}::timestamp,
             "totalPrice" = ${order.totalPrice ?? null}, currency = ${order.currency ?? null}
      WHERE shop = ${shop} AND "shopifyOrderId" = ${order.id} AND "totalPrice" IS NULL
        AND ${order.totalPrice ?? null}::text IS NOT NULL AND EXISTS (SELECT 1 FROM delivery)
    ), wake AS (
      SELECT 1 FROM delivery
      WHERE EXISTS (SELECT 1 FROM tracked)
         OR EXISTS (SELECT 1 FROM "ShopifyOrder" o WHERE o.shop = ${shop} AND o."shopifyOrderId" = ${order.id}
                    AND (o."knownUpdatedAt" IS NULL OR ${event.updatedAt}::timestamp IS NULL
                         OR o."knownUpdatedAt" <= ${event.updatedAt}::timestamp))
    ), stopped AS (
      -- Only with a wake-up: a claim it refuses is decided again by the job it wakes.
      INSERT INTO "OrderStop" (shop, "shopifyOrderId", topic)
      SELECT ${shop}, ${order.id}, ${event.topic} FROM wake
      WHERE ${event.stops === true} AND EXISTS (SELECT 1 FROM "Shop" WHERE domain = ${shop})
    ), job AS (${enqueueStatement(wakeJob, Prisma.sql`wake`)}
    )
    SELECT EXISTS (SELECT 1 FROM delivery) AS delivered, EXISTS (SELECT 1 FROM wake) AS woken`,
    (raw) => ({ delivered: raw.delivered === true, woken: raw.woken === true }),
  );
  if (result?.woken) signalEnqueued(wakeJob.queue);
  return { duplicate: !result?.delivered, woken: Boolean(result?.woken) };
}

/** Wakes the job of an order the app follows (a fulfilment-order webhook, a merchant's retry). */
export async function wakeOrder(
  jobs: JobWriter,
  args: { shop: string; shopifyOrderId: string; now: Date },
): Promise<void> {
  await jobs.enqueue(wakeOrderIntent(args));
}

function validDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Reasons a record is skipped for good: Shopify was told a cancellation was accepted (fulfilment-
 * service mode), or the app accepted the order's cancellation (orders/cancelled; Shopify cannot
 * undo one), so nothing of it may be sent, whatever a decision made from an earlier read of
 * Shopify says; or the merchant marked it handled with a note (issue 33): dealt with outside the
 * app, it is not decided again. A record skipped for one of these leaves skipped by no transition.
 */
const FINAL_SKIP_REASONS: readonly ReasonCode[] = ["cancelRequestedBefore", "cancelledInShopify", "merchantHandled"];

/** Whether the record is skipped for good (FINAL_SKIP_REASONS). */
export function skippedForGood(record: Pick<Fulfillment, "status" | "reasonCode">): boolean {
  return record.status === "skipped" && FINAL_SKIP_REASONS.includes(record.reasonCode as ReasonCode);
}

export interface TransitionArgs {
  id: string;
  /** The status the caller saw; nothing changes if the record has moved on since. */
  from: FulfillmentStatus;
  /** May equal `from` to save data (and an event, when `detail` is given) without a state change. */
  to: FulfillmentStatus;
  now: Date;
  data?: Prisma.FulfillmentUpdateManyMutationInput;
  /** What happened, for the timeline (its English record is kept beside the code). */
  detail?: ReasonMessage | null;
  /** The record's shop and order, when the caller has read it (saves reading it again). */
  record?: Pick<Fulfillment, "shop" | "shopifyOrderId">;
  /**
   * When the read of Shopify behind this move began (the database's clock): nothing changes if
   * the app has accepted since a cancellation or edit of the order, or a hold, split, merge or move
   * of the record's fulfilment order (OrderStop) — a submission decided from that read is stale.
   */
  decidedFrom?: Date;
}

/**
 * Moves a record from `from` to `to` with `data`, records the event and starts the follow-up
 * work planTransition decides. Returns false, changing nothing, when the record is no longer in
 * `from`. One statement (ADR 031): the compare-and-set, and the event and every job it starts as
 * data-modifying CTEs that insert only for the row the compare-and-set moved, so they exist
 * together or not at all without a transaction's BEGIN and COMMIT round trips. The record's shop
 * and order never change, so when the caller did not pass them they are read first, apart. A
 * record skipped for good (FINAL_SKIP_REASONS) is moved by none, whatever the caller read.
 */
export async function transition(db: Db, args: TransitionArgs): Promise<boolean> {
  const record =
    args.record ??
    (await db.fulfillment.findUnique({ where: { id: args.id }, select: { shop: true, shopifyOrderId: true } }));
  if (!record) return false;
  const { intents } = planTransition(
    { id: args.id, shop: record.shop, shopifyOrderId: record.shopifyOrderId, status: args.from },
    args.to,
    args.now,
  );
  const moved = Prisma.sql`moved`;
  const writes: Prisma.Sql[] = [
    Prisma.sql`
      UPDATE "Fulfillment" SET ${fulfillmentSets({ ...args.data, status: args.to, updatedAt: args.now })}
      WHERE id = ${args.id}::uuid AND status = ${args.from}
        AND NOT (status = 'skipped' AND ${args.to} <> 'skipped' AND "reasonCode" = ANY(${FINAL_SKIP_REASONS}::text[]))
        ${args.decidedFrom ? notStoppedSince(record, args.decidedFrom) : Prisma.empty}
      RETURNING id`,
  ];
  const jobs = jobsOwedOnTransition({ ...args, shop: record.shop });
  if (args.from !== args.to || args.detail) {
    writes.push(Prisma.sql`
      INSERT INTO "FulfillmentEvent" ("fulfillmentId", at, "fromStatus", "toStatus", detail, "detailCode", "detailParams")
      SELECT id, ${args.now}, ${args.from}, ${args.to}, ${args.detail ? reasonRecord(args.detail) : null},
             ${args.detail?.code ?? null}, ${JSON.stringify(args.detail?.params ?? {})}::jsonb
      FROM moved`);
    jobs.push(...intents);
  }
  writes.push(...jobs.map((intent) => enqueueStatement(intent, moved)));
  const ctes = writes.map((write, i) => Prisma.sql`${Prisma.raw(i === 0 ? "moved" : `w${i}`)} AS (${write})`);
  const [row] = await sqlOf(db).composed(
    Prisma.sql`WITH ${Prisma.join(ctes, ", ")} SELECT count(*)::int AS moved FROM moved`,
    (raw) => ({ moved: column.number(raw, "moved", "transition") }),
  );
  if (row?.moved !== 1) return false;
  signalEnqueued(...jobs.map((intent) => intent.queue));
  return true;
}

/**
 * Keeps a stop (OrderStop) of each fulfilment order: from now on no submission decided from a read
 * of Shopify that began earlier is claimed for it. Nothing for a shop the app does not know.
 */
export async function stopFulfillmentOrders(
  db: Pick<PrismaClient, "$executeRaw">,
  args: { shop: string; fulfillmentOrderGids: string[]; topic: string },
): Promise<void> {
  if (args.fulfillmentOrderGids.length === 0) return;
  await db.$executeRaw`
    INSERT INTO "OrderStop" (shop, "fulfillmentOrderGid", topic)
    SELECT ${args.shop}, gid, ${args.topic} FROM unnest(${args.fulfillmentOrderGids}::text[]) AS gid
    WHERE EXISTS (SELECT 1 FROM "Shop" WHERE domain = ${args.shop})`;
}

/**
 * Deletes stops accepted before `before` (a job's read of Shopify and its claim are a lease apart,
 * a minute; a day is ample), a batch at a time (maintenance/retention.server.ts).
 */
export function deleteOldStops(db: Pick<PrismaClient, "$executeRaw">, before: Date, batch: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "OrderStop" WHERE id IN (
      SELECT id FROM "OrderStop" WHERE "acceptedAt" < ${before}::timestamptz LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

/** No stop of the record's order or fulfilment order accepted at or after `from` (OrderStop). */
function notStoppedSince(record: Pick<Fulfillment, "shop" | "shopifyOrderId">, from: Date): Prisma.Sql {
  return Prisma.sql`
    AND NOT EXISTS (SELECT 1 FROM "OrderStop" s WHERE s.shop = ${record.shop}
                    AND s."shopifyOrderId" = ${record.shopifyOrderId} AND s."acceptedAt" >= ${from}::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM "OrderStop" s WHERE s.shop = ${record.shop}
                    AND s."fulfillmentOrderGid" = "Fulfillment"."fulfillmentOrderGid"
                    AND s."acceptedAt" >= ${from}::timestamptz)`;
}

// The columns of Fulfillment by type, from Prisma's own model, so a new column needs no list here.
const FULFILLMENT_COLUMNS = new Map(
  Prisma.dmmf.datamodel.models
    .find((model) => model.name === "Fulfillment")!
    .fields.filter((field) => field.kind === "scalar")
    .map((field) => [field.name, field.type]),
);

/**
 * A transition's `data` as SQL SET clauses, as Prisma's updateMany would write them: a value, null
 * (Prisma.DbNull too), Prisma.JsonNull, or `{ increment: n }`. Anything else throws, so a caller
 * passing an operation this does not write fails in its tests, not in production.
 */
function fulfillmentSets(data: Prisma.FulfillmentUpdateManyMutationInput): Prisma.Sql {
  const sets: Prisma.Sql[] = [];
  for (const [column, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const type = FULFILLMENT_COLUMNS.get(column);
    if (!type) throw new Error(`transition: Fulfillment has no column ${column}`);
    const name = Prisma.raw(`"${column}"`);
    sets.push(Prisma.sql`${name} = ${columnValue(column, type, value)}`);
  }
  return Prisma.join(sets, ", ");
}

function columnValue(column: string, type: string, value: unknown): Prisma.Sql {
  if (value === null || value === Prisma.DbNull) return Prisma.sql`NULL`;
  if (value === Prisma.JsonNull) return Prisma.sql`'null'::jsonb`;
  if (type === "Json") return Prisma.sql`${JSON.stringify(value)}::jsonb`;
  if (value instanceof Date || typeof value === "string") return Prisma.sql`${value}`;
  if (type === "Int" && typeof value === "number" && Number.isInteger(value)) return Prisma.sql`${value}::int`;
  if (type === "Int" && typeof value === "object" && Object.keys(value).join() === "increment") {
    const { increment } = value as { increment: unknown };
    if (typeof increment === "number" && Number.isInteger(increment))
      return Prisma.sql`${Prisma.raw(`"${column}"`)} + ${increment}::int`;
  }
  throw new Error(`transition: cannot write ${JSON.stringify(value)} to Fulfillment.${column}`);
}

/**
 * customers/redact: the customer's personal data leaves the fulfilment records of the given
 * orders. A step of the caller's batch transaction.
 */
export function redactFulfillmentRequests(db: Pick<PrismaClient, "fulfillment">, shop: string, orderIds: string[]) {
  return db.fulfillment.updateMany({
    where: { shop, shopifyOrderId: { in: orderIds } },
    data: { request: { redacted: true }, warnings: [] },
  });
}
