/**
 * "Send to warehouse now" from Shopify's order page. It never sends anything by itself: it feeds
 * the order to the same job as orders/paid and reconciliation, which reads Shopify and decides per
 * fulfilment order (plan.server.ts), so a push can never send a fulfilment order twice, nor one
 * that is cancelled, on hold, for pickup or at another location.
 * - an order the app never received (a lost orders/paid) is read from Shopify and followed;
 * - an order the app follows but has not read yet is read now;
 * - fulfilment orders that wait on the merchant (skipped, needs attention) are retried.
 */
import { jobWriter } from "../../jobs/queue.server";
import {
  moved,
  refused,
  retryFulfillment,
  type MerchantActionResult,
  type MerchantDeps,
} from "./merchant-actions.server";
import { PAID } from "../jobs/reconcile.server";
import { recordOrderEvent, wakeOrder } from "../records/records.server";
import { fetchOrderByGid } from "../shopify/shopify-order.server";
import { isFulfillmentStatus, RETRYABLE_BY_MERCHANT } from "../core/status";

export async function pushOrderNow(
  deps: MerchantDeps,
  args: { shop: string; orderGid: string },
): Promise<MerchantActionResult> {
  const { db } = deps;
  if (!(await deps.svcClientFor(args.shop))) return refused("notConnected");
  const records = await db.fulfillment.findMany({
    where: { shop: args.shop, orderGid: args.orderGid },
    select: { id: true, status: true, orderName: true },
  });
  if (records.length > 0) {
    const retryable = records.filter((r) => isFulfillmentStatus(r.status) && RETRYABLE_BY_MERCHANT.includes(r.status));
    if (retryable.length === 0) {
      return refused("nothingToPush");
    }
    const results: MerchantActionResult[] = [];
    for (const record of retryable)
      results.push(await retryFulfillment(deps, { shop: args.shop, fulfillmentId: record.id }));
    return results.find((r) => !r.ok) ?? moved("readAgain", { order: records[0]!.orderName });
  }
  const followed = await db.shopifyOrder.findFirst({ where: { shop: args.shop, orderGid: args.orderGid } });
  if (followed) {
    await wakeOrder(jobWriter(db), { shop: args.shop, shopifyOrderId: followed.shopifyOrderId, now: deps.now() });
    return moved("readAgain", { order: followed.orderName });
  }
  let found;
  try {
    found = await fetchOrderByGid(await deps.adminFor(args.shop), args.orderGid);
  } catch (error) {
    return refused("shopifyUnreadable", { said: error instanceof Error ? error.message : String(error) });
  }
  if (!found) return refused("noSuchShopifyOrder");
  const { order, financialStatus } = found;
  if (order.cancelled_at) return refused("cancelledNotRetryable", { order: order.name });
  if (!PAID.has(financialStatus ?? "")) {
    return refused("notPaid", { order: order.name, financialStatus: (financialStatus ?? "unknown").toLowerCase() });
  }
  const now = deps.now();
  await recordOrderEvent(db, {
    shop: args.shop,
    topic: "merchant/push",
    eventId: `push:${order.admin_graphql_api_id}:${now.toISOString()}`,
    order: { id: order.id, gid: order.admin_graphql_api_id, name: order.name, follow: true },
    updatedAt: null,
    now,
  });
  return moved("readAgain", { order: order.name });
}
