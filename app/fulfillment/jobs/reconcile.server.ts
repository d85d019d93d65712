/**
 * Reconciliation, so a lost webhook never loses an order (Shopify does not guarantee delivery).
 * One leased job per shop reads the orders updated since its watermark, page by page, and feeds
 * each to the same idempotent path as the webhooks: a paid order the app has never seen starts
 * being followed; one it follows and that changed since its job last read it is read again. The
 * watermark only moves forward, to the newest updated_at read, and the run time is kept for the
 * Pedidos page. A shop connecting can ask for its open paid orders of the last N days.
 */
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { enqueueJob, isJobActive } from "../../jobs/queue.server";
import { getShopSettings } from "../../shop/shop-settings.server";
import { advanceOrdersWatermark, startOrdersWatermark } from "../../shop/shop.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import { readUpdatedOrders } from "../../shopify/admin/orders.server";
import { RECONCILE_QUEUE } from "../core/queues";
import { recordOrderEvent } from "../records/records.server";
import { after } from "../core/schedule";
import { createAdminPacing, type ShopPacer, type Sleep } from "../../shopify/admin-pacing.server";

const PAGE = 50;
const DAY = 24 * 60 * 60_000;
/** Shopify's search index trails writes a little: the next run reads the last minutes again. */
const OVERLAP_MS = 2 * 60_000;

/** Paid, in Shopify's words: partly refunded orders still have goods to ship. */
/** Payment states in which an order may ship. */
export const PAID = new Set(["PAID", "PARTIALLY_REFUNDED"]);

export interface ReconcileDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn">;
  now: () => Date;
  adminFor(shop: string): Promise<AdminGraphql>;
  /** The shop's share of the app's Admin API budget (the app context's, jobs.server.ts). */
  pacerFor?(shop: string): ShopPacer;
  /** Without pacerFor: how a budget of this run alone waits for Shopify's bucket to refill. */
  sleep?: Sleep;
}

/** Requested cost of one page: the connection (2) and one point per order. */
const PAGE_COST = 2 + PAGE;

export interface ReconcileResult {
  read: number;
  followed: number;
  woken: number;
  watermark: Date | null;
}

/** One reconciliation run for `shop`. */
export async function reconcileOrders(deps: ReconcileDeps, shop: string): Promise<ReconcileResult> {
  const row = await deps.db.shop.findUnique({ where: { domain: shop }, select: { ordersWatermark: true } });
  if (!row) return { read: 0, followed: 0, woken: 0, watermark: null };
  const started = deps.now();
  const run = randomUUID();
  const since = row.ordersWatermark ?? started;
  const admin = await deps.adminFor(shop);
  // Pages are paced on Shopify's cost bucket, so reconciling never starves the shop's other work.
  const pacer =
    deps.pacerFor?.(shop) ??
    createAdminPacing({
      sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      nowMs: () => deps.now().getTime(),
    }).forShop(shop);
  const query = `updated_at:>='${since.toISOString()}'`;
  let cursor: string | null = null;
  let newest = since;
  const result: ReconcileResult = { read: 0, followed: 0, woken: 0, watermark: since };
  do {
    const readAt = deps.now();
    const page = await readUpdatedOrders(pacer.paced(admin, PAGE_COST), { first: PAGE, after: cursor, query });
    for (const order of page.nodes) {
      result.read++;
      const updatedAt = new Date(order.updatedAt);
      if (updatedAt > newest) newest = updatedAt;
      if (!PAID.has(order.displayFinancialStatus ?? "")) continue;
      // Start following only what could still ship; a followed order is read again whatever it is.
      const follow = !order.cancelledAt && order.displayFulfillmentStatus !== "FULFILLED";
      const outcome = await recordOrderEvent(deps.db, {
        shop,
        topic: "reconciliation",
        eventId: reconcileEventId(order, updatedAt, { at: readAt, run }),
        order: { id: String(order.legacyResourceId), gid: order.id, name: order.name, follow },
        updatedAt,
        now: deps.now(),
      });
      if (outcome.woken) result.woken++;
    }
    cursor = page.hasNextPage ? page.endCursor : null;
  } while (cursor);
  result.followed = await deps.db.shopifyOrder.count({ where: { shop, createdAt: { gte: started } } });
  // Never past what the index may not show yet; never back before where this run started.
  const safe = new Date(started.getTime() - OVERLAP_MS);
  newest = newest > safe ? (safe > since ? safe : since) : newest;
  result.watermark = newest;
  // Forward only: a slower concurrent run never moves it back.
  await advanceOrdersWatermark(deps.db, { shop, watermark: newest, at: deps.now() });
  deps.logger.info({ shop, ...result }, "orders reconciled");
  return result;
}

/**
 * The event id of one order as a run read it: the order and its updated_at, so later runs reading
 * the same state wake nothing. Shopify's updatedAt has one-second precision, and a change in the
 * same second as a read leaves it as it was (seed 4111836: an edit whose webhook was lost, at the
 * instant a run read the order). A read that close to updated_at (within the overlap, which also
 * covers Shopify's and the app's clocks disagreeing) does not vouch for that state: its id is the
 * run's own, so it is never a duplicate, and the first run that reads the order later wakes its job
 * once more.
 */
function reconcileEventId(
  order: { id: string; updatedAt: string },
  updatedAt: Date,
  read: { at: Date; run: string },
): string {
  const key = `reconcile:${order.id}:${order.updatedAt}`;
  return read.at.getTime() - updatedAt.getTime() < OVERLAP_MS ? `${key}:run:${read.run}` : key;
}

/**
 * Starts the shop's reconciliation: on connecting, from `importDays` ago (0: from now on), unless
 * the shop already has a watermark; the job then books its own next run.
 */
export async function startReconciliation(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  const { settings } = await getShopSettings({ db, shop: args.shop });
  const from = new Date(args.now.getTime() - settings.fulfillment.importDays * DAY);
  await startOrdersWatermark(db, args.shop, from);
  await enqueueJob(db, { queue: RECONCILE_QUEUE, key: args.shop, shop: args.shop, runAt: args.now });
}

/** When the next run is due. */
export async function nextReconciliation(db: PrismaClient, shop: string, now: Date): Promise<Date> {
  const { settings } = await getShopSettings({ db, shop });
  return after(now, settings.fulfillment.reconcileMinutes * 60_000);
}

/** Starts reconciling a connected shop that has no run queued or running (e.g. connected before it existed). */
export async function ensureReconciliation(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  const row = await db.shop.findUnique({ where: { domain: args.shop }, select: { svcApiKeyCiphertext: true } });
  if (!row?.svcApiKeyCiphertext) return;
  if (await isJobActive(db, RECONCILE_QUEUE, args.shop)) return;
  await startReconciliation(db, args);
}
