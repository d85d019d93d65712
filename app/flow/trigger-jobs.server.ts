/**
 * The `flow.trigger` queue: sends one Shopify Flow trigger per real event, after it happened (the
 * job is enqueued in the same transaction as the state change, app/flow/triggers.ts). Each event
 * has a FlowTrigger row keyed like its job: the payload is built once and stored, and a job that
 * runs again (a crash, a lost lease) finds the row already sent and sends nothing more. A crash
 * between Shopify's answer and the row's update is the one case that sends twice (Flow has no
 * idempotency key for triggers).
 */
import { jobErrorCode } from "../job-errors/error-codes";
import type { FlowTrigger, PrismaClient } from "@prisma/client";
import { storedReason } from "../fulfillment/core/reason-codes";
import { pickLocale, translator } from "../i18n/locale";
import type { JobOutcome } from "../jobs/queue.server";
import type { HandlerDeps } from "../handler-deps";
import type { QueueHandlers } from "../jobs/worker.server";
import { receiveFlowTrigger } from "../shopify/admin/flow.server";
import { ShopifyAdminError } from "../shopify/admin/errors";
import {
  FLOW_PAYLOAD_LIMIT_BYTES,
  FLOW_TRIGGERS,
  FLOW_TRIGGER_QUEUE,
  STOCK_LOW_THRESHOLD,
  payloadBytes,
  type FlowTriggerJob,
} from "./triggers";

export type FlowHandlerDeps = Pick<HandlerDeps, "db" | "logger" | "now" | "adminFor">;

/** The reason's text is the service's own words at worst: kept well inside Flow's payload limit. */
const MAX_TEXT = 2_000;

export function flowJobHandlers(deps: FlowHandlerDeps): QueueHandlers<typeof FLOW_TRIGGER_QUEUE> {
  const { adminFor } = deps;
  return {
    [FLOW_TRIGGER_QUEUE]: async (job): Promise<JobOutcome> => {
      const { db, logger } = deps;
      const where = { shop_key: { shop: job.shop, key: job.key } };
      let row = await db.flowTrigger.findUnique({ where, select: TRIGGER_ROW });
      if (row?.sentAt) return { kind: "done" };
      if (!row) {
        const built = await buildTrigger(db, job.shop, job.payload);
        if (!built) return { kind: "done" };
        row = await insertTrigger(db, { shop: job.shop, key: job.key, ...built });
        if (row.sentAt) return { kind: "done" };
      }
      const payload = row.payload as Record<string, unknown>;
      if (payloadBytes(payload) > FLOW_PAYLOAD_LIMIT_BYTES) {
        const error = `payload of ${payloadBytes(payload)} bytes is over Flow's limit`;
        await db.flowTrigger.update({ where, data: { error } });
        logger.warn({ shop: job.shop, handle: row.handle, key: job.key }, error);
        return { kind: "done" };
      }
      try {
        await receiveFlowTrigger(await adminFor(job.shop), { handle: row.handle, payload });
      } catch (thrown) {
        const error = thrown instanceof Error ? thrown.message : String(thrown);
        await db.flowTrigger.update({ where, data: { error } });
        logger.warn({ shop: job.shop, handle: row.handle, key: job.key, err: error }, "Flow trigger not taken");
        // Shopify's userErrors (an unknown handle, a payload it will not take) answer the same again.
        if (thrown instanceof ShopifyAdminError && thrown.kind === "user") return { kind: "done" };
        // Again after the queue's retry delay (./triggers.ts).
        return { kind: "retry", error, errorCode: jobErrorCode(thrown) };
      }
      await db.flowTrigger.update({ where, data: { sentAt: deps.now(), error: null } });
      return { kind: "done" };
    },
  };
}

const TRIGGER_ROW = { handle: true, payload: true, sentAt: true } as const;
type TriggerRow = Pick<FlowTrigger, keyof typeof TRIGGER_ROW>;

interface BuiltTrigger {
  handle: string;
  payload: Record<string, string | number | null>;
}

/**
 * The event's row, inserted once: one statement (Prisma's upsert takes four, in a transaction).
 * A run that lost the race to another reads the row that run inserted, whose payload is the one kept.
 */
async function insertTrigger(
  db: PrismaClient,
  args: { shop: string; key: string } & BuiltTrigger,
): Promise<TriggerRow> {
  const [inserted] = await db.$queryRaw<TriggerRow[]>`
    INSERT INTO "FlowTrigger" (shop, key, handle, payload)
    VALUES (${args.shop}, ${args.key}, ${args.handle}, ${JSON.stringify(args.payload)}::jsonb)
    ON CONFLICT (shop, key) DO NOTHING
    RETURNING handle, payload, "sentAt"`;
  return (
    inserted ??
    db.flowTrigger.findUniqueOrThrow({
      where: { shop_key: { shop: args.shop, key: args.key } },
      select: TRIGGER_ROW,
    })
  );
}

/** The shop's orders waiting for stock (awaiting_stock) that hold units of `sku`. */
async function ordersAwaitingSku(db: PrismaClient, shop: string, sku: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT "shopifyOrderId")::int AS n FROM "Fulfillment"
     WHERE shop = ${shop} AND status = 'awaiting_stock' AND units @> ${JSON.stringify([{ sku }])}::jsonb`;
  return row?.n ?? 0;
}

/** The payload from the records as they are now; null when the record is gone (redacted). */
async function buildTrigger(db: PrismaClient, shop: string, job: FlowTriggerJob): Promise<BuiltTrigger | null> {
  if (job.kind === "stockLow") {
    const numeric = job.inventoryItemId.replace(/^gid:\/\/shopify\/InventoryItem\//, "");
    const variant = await db.catalogVariant.findFirst({
      where: { shop, inventoryItemId: { in: [numeric, job.inventoryItemId] } },
      select: { productId: true, title: true },
    });
    if (!variant) return null;
    return {
      handle: FLOW_TRIGGERS.stockLow,
      payload: {
        product_id: legacyId(variant.productId),
        SKU: job.sku,
        "Variant title": variant.title,
        "Warehouse quantity": job.quantity,
        Threshold: STOCK_LOW_THRESHOLD,
        "Orders waiting for stock": await ordersAwaitingSku(db, shop, job.sku),
      },
    };
  }
  const record = await db.fulfillment.findFirst({ where: { id: job.fulfillmentId, shop } });
  if (!record) return null;
  const order = { order_id: legacyId(record.shopifyOrderId), "Order name": record.orderName };
  if (job.kind === "sent") {
    return {
      handle: FLOW_TRIGGERS.sent,
      payload: { ...order, "Service order id": record.svcOrderId ?? "", "Shipping service": record.serviceCode ?? "" },
    };
  }
  if (job.kind === "tracking") {
    return {
      handle: FLOW_TRIGGERS.tracking,
      payload: {
        ...order,
        "Tracking number": job.tracking.number,
        "Tracking company": job.tracking.company ?? "",
        "Tracking URL": job.tracking.url ?? "",
        "Service order id": record.svcOrderId ?? "",
      },
    };
  }
  const coded = job.reasonCode
    ? storedReason(job.reasonCode, job.reasonParams)
    : storedReason(record.reasonCode, record.reasonParams);
  const i18n = translator(await shopLocale(db, shop));
  const said = coded ? i18n.format(i18n.messages.orders.reasons[coded.code], coded.params) : (record.reason ?? "");
  return {
    handle: FLOW_TRIGGERS.attention,
    payload: { ...order, "Reason code": coded?.code ?? "other", Reason: said.slice(0, MAX_TEXT) },
  };
}

/** The merchant's admin language, as last seen by the app (Spanish until then, the app's default). */
async function shopLocale(db: PrismaClient, shop: string) {
  const seen = await db.session.findFirst({
    where: { shop, locale: { not: null } },
    orderBy: { expires: "desc" },
    select: { locale: true },
  });
  return pickLocale(seen?.locale);
}

/** Flow's reference fields take the resource's numeric id. */
function legacyId(id: string): number {
  return Number(id.replace(/^gid:\/\/shopify\/\w+\//, ""));
}
