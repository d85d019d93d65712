/**
 * The statements of fulfilment records and followed orders an order runs, prepared (app/sql.server.ts, ADR
 * 035): the record by id, the order's records in their order, the order's record from before
 * fulfilment orders were followed, the followed order and its plan's mark, the note's mark. Rows
 * come back as Prisma's types, every column checked.
 */
import type { Fulfillment, Prisma } from "@prisma/client";
import { column, sqlOf, statement, type Statement } from "../../sql.server";

const COLUMNS = `id::text AS id, shop, "shopifyOrderId", "orderGid", "orderName", "fulfillmentOrderGid", "locationGid",
  status, "reasonCode", "reasonParams", reason, "waitUntil", "serviceCode", "serviceCodeSource", request, warnings,
  "svcOrderId", "svcStatus", "trackingNumber", "trackingCompany", "trackingUrl", "shopifyFulfillmentId",
  "missingLines", units, "submitAttempts", "submittingAt", "submittedAt", "shippedAt", "deliveredAt",
  "lastPolledAt", "noteStatus", "createdAt", "updatedAt"`;

/** A Fulfillment row as Prisma types it; a column of the wrong type throws, naming the statement. */
function fulfillmentRow(of: string) {
  return (raw: Record<string, unknown>): Fulfillment => {
    const text = (key: string) => column.string(raw, key, of);
    const maybeText = (key: string) => column.nullableString(raw, key, of);
    const maybeDate = (key: string) => column.nullableDate(raw, key, of);
    const json = (key: string) => column.json(raw, key, of) as Prisma.JsonValue;
    return {
      id: text("id"),
      shop: text("shop"),
      shopifyOrderId: text("shopifyOrderId"),
      orderGid: text("orderGid"),
      orderName: text("orderName"),
      fulfillmentOrderGid: maybeText("fulfillmentOrderGid"),
      locationGid: maybeText("locationGid"),
      status: text("status"),
      reasonCode: maybeText("reasonCode"),
      reasonParams: json("reasonParams"),
      reason: maybeText("reason"),
      waitUntil: maybeDate("waitUntil"),
      serviceCode: maybeText("serviceCode"),
      serviceCodeSource: maybeText("serviceCodeSource"),
      request: json("request"),
      warnings: json("warnings"),
      svcOrderId: maybeText("svcOrderId"),
      svcStatus: maybeText("svcStatus"),
      trackingNumber: maybeText("trackingNumber"),
      trackingCompany: maybeText("trackingCompany"),
      trackingUrl: maybeText("trackingUrl"),
      shopifyFulfillmentId: maybeText("shopifyFulfillmentId"),
      missingLines: json("missingLines"),
      units: json("units"),
      submitAttempts: column.number(raw, "submitAttempts", of),
      submittingAt: maybeDate("submittingAt"),
      submittedAt: maybeDate("submittedAt"),
      shippedAt: maybeDate("shippedAt"),
      deliveredAt: maybeDate("deliveredAt"),
      lastPolledAt: maybeDate("lastPolledAt"),
      noteStatus: maybeText("noteStatus"),
      createdAt: column.date(raw, "createdAt", of),
      updatedAt: column.date(raw, "updatedAt", of),
    };
  };
}

function read<Params extends readonly unknown[]>(name: string, where: string): Statement<Params, Fulfillment> {
  return statement<Params, Fulfillment>(name, `SELECT ${COLUMNS} FROM "Fulfillment" ${where}`, fulfillmentRow(name));
}

const BY_ID = read<[id: string]>("fulfillment_by_id", `WHERE id = $1::uuid`);
const BY_ID_IN_SHOP = read<[id: string, shop: string]>(
  "fulfillment_by_id_in_shop",
  `WHERE id = $1::uuid AND shop = $2`,
);
const OF_ORDER = read<[shop: string, shopifyOrderId: string]>(
  "fulfillment_of_order",
  `WHERE shop = $1 AND "shopifyOrderId" = $2 ORDER BY "createdAt" ASC, "fulfillmentOrderGid" ASC`,
);
const WHOLE_ORDER_RECORDS = read<[shop: string, shopifyOrderId: string]>(
  "fulfillment_whole_order_records",
  `WHERE shop = $1 AND "shopifyOrderId" = $2 AND "fulfillmentOrderGid" IS NULL`,
);

type RawDb = Parameters<typeof sqlOf>[0];

/** The record `id` (of `shop` when given), or null. */
export async function recordById(db: RawDb, id: string, shop?: string): Promise<Fulfillment | null> {
  const [row] = shop ? await sqlOf(db).rows(BY_ID_IN_SHOP, id, shop) : await sqlOf(db).rows(BY_ID, id);
  return row ?? null;
}

/** The order's records, oldest first (ties by fulfilment order gid, so every reader sees one order). */
export function recordsOfOrder(db: RawDb, order: { shop: string; shopifyOrderId: string }): Promise<Fulfillment[]> {
  return sqlOf(db).rows(OF_ORDER, order.shop, order.shopifyOrderId);
}

/** The order's records made before fulfilment orders were followed (one for the whole order). */
export function wholeOrderRecords(db: RawDb, order: { shop: string; shopifyOrderId: string }): Promise<Fulfillment[]> {
  return sqlOf(db).rows(WHOLE_ORDER_RECORDS, order.shop, order.shopifyOrderId);
}

/** The order as the app follows it (what orders/paid recorded and its job last read). */
export interface TrackedOrder {
  shop: string;
  shopifyOrderId: string;
  orderGid: string;
  orderName: string;
  knownUpdatedAt: Date | null;
  plannedAt: Date | null;
  units: Prisma.JsonValue;
  createdAt: Date;
  /**
   * The database's clock when the order was read, just before its job reads Shopify: a stop
   * (OrderStop) accepted since may not be in that read, so no claim decided from it succeeds.
   */
  readAt: Date;
}

const TRACKED_ORDER = statement<[shop: string, shopifyOrderId: string], TrackedOrder>(
  "shopify_order_tracked",
  `SELECT shop, "shopifyOrderId", "orderGid", "orderName", "knownUpdatedAt", "plannedAt", units, "createdAt",
          clock_timestamp() AS "readAt"
     FROM "ShopifyOrder" WHERE shop = $1 AND "shopifyOrderId" = $2`,
  (raw) => ({
    shop: column.string(raw, "shop", "shopify_order_tracked"),
    shopifyOrderId: column.string(raw, "shopifyOrderId", "shopify_order_tracked"),
    orderGid: column.string(raw, "orderGid", "shopify_order_tracked"),
    orderName: column.string(raw, "orderName", "shopify_order_tracked"),
    knownUpdatedAt: column.nullableDate(raw, "knownUpdatedAt", "shopify_order_tracked"),
    plannedAt: column.nullableDate(raw, "plannedAt", "shopify_order_tracked"),
    units: column.json(raw, "units", "shopify_order_tracked") as Prisma.JsonValue,
    createdAt: column.date(raw, "createdAt", "shopify_order_tracked"),
    readAt: column.date(raw, "readAt", "shopify_order_tracked"),
  }),
);

/** The order the app follows, or null when it follows none by that id. */
export async function trackedOrder(
  db: RawDb,
  order: { shop: string; shopifyOrderId: string },
): Promise<TrackedOrder | null> {
  const [row] = await sqlOf(db).rows(TRACKED_ORDER, order.shop, order.shopifyOrderId);
  return row ?? null;
}

/** The order's plan ran at `plannedAt`; Shopify's updated_at it read, when newer than the one known. */
const MARK_PLANNED = statement<[plannedAt: Date, knownUpdatedAt: Date | null, shop: string, shopifyOrderId: string]>(
  "shopify_order_planned",
  `UPDATE "ShopifyOrder" SET "plannedAt" = $1,
     "knownUpdatedAt" = CASE WHEN $2::timestamp IS NULL THEN "knownUpdatedAt" ELSE $2::timestamp END
   WHERE shop = $3 AND "shopifyOrderId" = $4`,
);

export async function markOrderPlanned(
  db: RawDb,
  order: { shop: string; shopifyOrderId: string },
  at: { plannedAt: Date; knownUpdatedAt?: Date },
): Promise<void> {
  await sqlOf(db).count(MARK_PLANNED, at.plannedAt, at.knownUpdatedAt ?? null, order.shop, order.shopifyOrderId);
}

const NOTE_WRITTEN = statement<[status: string, updatedAt: Date, id: string]>(
  "fulfillment_note_written",
  `UPDATE "Fulfillment" SET "noteStatus" = $1, "updatedAt" = $2::timestamp WHERE id = $3::uuid AND status = $1`,
);

/** The order's note is written for the record's `status`; false when the record moved on meanwhile. */
export async function markNoteWritten(db: RawDb, id: string, status: string, at: Date): Promise<boolean> {
  return (await sqlOf(db).count(NOTE_WRITTEN, status, at, id)) === 1;
}

const EVENT_RECORDED = statement<[fulfillmentId: string, detailCode: string], { recorded: boolean }>(
  "fulfillment_event_recorded",
  `SELECT EXISTS (SELECT 1 FROM "FulfillmentEvent" WHERE "fulfillmentId" = $1::uuid AND "detailCode" = $2) AS recorded`,
  (raw) => ({ recorded: raw.recorded === true }),
);

/** Whether the record's timeline has an event of `detailCode` (an event that is a step's memory). */
export async function eventRecorded(db: RawDb, fulfillmentId: string, detailCode: string): Promise<boolean> {
  const [row] = await sqlOf(db).rows(EVENT_RECORDED, fulfillmentId, detailCode);
  return row?.recorded ?? false;
}

const RECORD_EVENT = statement<
  [
    fulfillmentId: string,
    at: Date,
    fromStatus: string | null,
    toStatus: string,
    detailCode: string | null,
    detailParams: string,
    detail: string | null,
  ]
>(
  "fulfillment_event_insert",
  `INSERT INTO "FulfillmentEvent" ("fulfillmentId", at, "fromStatus", "toStatus", "detailCode", "detailParams", detail)
   VALUES ($1::uuid, $2::timestamp, $3, $4, $5, $6::jsonb, $7)`,
);

/** Adds an event to the record's timeline without moving it (a state change writes its own). */
export async function recordEvent(
  db: RawDb,
  event: {
    fulfillmentId: string;
    at: Date;
    fromStatus: string | null;
    toStatus: string;
    detailCode: string | null;
    detailParams: unknown;
    detail: string | null;
  },
): Promise<void> {
  await sqlOf(db).count(
    RECORD_EVENT,
    event.fulfillmentId,
    event.at,
    event.fromStatus,
    event.toStatus,
    event.detailCode,
    JSON.stringify(event.detailParams ?? {}),
    event.detail,
  );
}
