/**
 * "Send to warehouse now" from Shopify's order page: an order the app never received (a lost
 * orders/paid) is read from Shopify and sent through the same submission as a paid order; an
 * order whose records all wait on the merchant (skipped, needs attention) is retried. Anything
 * already at the warehouse or on its way is refused, so a push never sends an order twice.
 */
import { retryFulfillment, type MerchantActionResult, type MerchantDeps } from "./merchant-actions.server";
import { recordPushedOrder } from "./records.server";
import { fetchOrderByGid } from "./shopify-order.server";
import { isFulfillmentStatus, RETRYABLE_BY_MERCHANT } from "./status";

/** Payment states in which goods may leave the warehouse. */
const SHIPPABLE_PAYMENT = new Set(["PAID", "PARTIALLY_REFUNDED"]);

export async function pushOrderNow(
  deps: MerchantDeps,
  args: { shop: string; orderGid: string },
): Promise<MerchantActionResult> {
  if (!(await deps.svcClientFor(args.shop))) {
    return { ok: false, error: "the shop is not connected to the service" };
  }
  const records = await deps.db.fulfillment.findMany({
    where: { shop: args.shop, orderGid: args.orderGid },
    select: { id: true, status: true },
  });
  if (records.length > 0) {
    const waiting = records.filter((r) => isFulfillmentStatus(r.status) && RETRYABLE_BY_MERCHANT.includes(r.status));
    if (waiting.length < records.length) {
      return { ok: false, error: "the order is already with the warehouse or on its way there" };
    }
    const results = [];
    for (const record of waiting)
      results.push(await retryFulfillment(deps, { shop: args.shop, fulfillmentId: record.id }));
    const refused = results.find((r) => !r.ok);
    return refused ?? { ok: true, message: results.map((r) => (r.ok ? r.message : "")).join("; ") };
  }
  let found;
  try {
    found = await fetchOrderByGid(await deps.adminFor(args.shop), args.orderGid);
  } catch (error) {
    return { ok: false, error: `Shopify could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!found) return { ok: false, error: "Shopify has no such order" };
  const { order, financialStatus } = found;
  if (order.cancelled_at) return { ok: false, error: `${order.name} was cancelled in Shopify` };
  if (!financialStatus || !SHIPPABLE_PAYMENT.has(financialStatus)) {
    return { ok: false, error: `${order.name} is not paid (${(financialStatus ?? "unknown").toLowerCase()})` };
  }
  const recorded = await recordPushedOrder(deps.db, {
    shop: args.shop,
    order,
    now: deps.now(),
    detail: "sent by the merchant from Shopify's order page",
  });
  return recorded
    ? { ok: true, message: `${order.name} will be sent to the service` }
    : { ok: false, error: "the order changed meanwhile; reload the page" };
}
