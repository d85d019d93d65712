// What needs the merchant on Pedidos besides the fulfilment records: order webhooks the app could
// not read (app/shopify/webhooks/unreadable-webhook.server.ts) and order jobs that gave up
// (app/attention/job-problems.server.ts), each with its action: send the order by its id (the same
// path as "send to warehouse now"), dismiss, or retry the job.
import type { MerchantActionResult, MerchantDeps } from "../fulfillment/actions/merchant-actions.server";
import { jobWriter } from "../jobs/queue.server";
import { pushOrderNow } from "../fulfillment/actions/push-order.server";
import { wakeOrder } from "../fulfillment/records/records.server";
import {
  listJobProblems,
  retryFromPage,
  type AttentionActionData,
  type AttentionOutcome,
  type JobProblemRow,
} from "../attention/job-problems.server";
import { isRecordId } from "../http/record-id";
import {
  dismissUnreadableWebhook,
  findUnreadableWebhook,
  listUnreadableWebhooks,
  type UnreadableWebhookRow,
} from "../shopify/webhooks/unreadable-webhook.server";

export interface OrdersAttention {
  unreadable: UnreadableWebhookRow[];
  failedJobs: JobProblemRow[];
}

export async function ordersAttention(deps: Pick<MerchantDeps, "db" | "now">, shop: string): Promise<OrdersAttention> {
  const [unreadable, failedJobs] = await Promise.all([
    listUnreadableWebhooks(deps.db, { shop, now: deps.now() }),
    listJobProblems(deps.db, { shop, page: "orders" }),
  ]);
  return { unreadable, failedJobs };
}

/** The intents this module answers on POST /app/orders. */
export const ATTENTION_INTENTS = new Set(["unreadable-send", "unreadable-dismiss", "job-retry"]);

export async function runAttentionAction(
  deps: MerchantDeps,
  args: { shop: string; intent: string; id: string },
): Promise<{ status: number; result: AttentionActionData | ({ kind: "one" } & MerchantActionResult) }> {
  const { shop, id } = args;
  if (args.intent === "job-retry") return retryFromPage(deps.db, { shop, id, page: "orders", now: deps.now() });
  const refuse = (status: number, outcome: AttentionOutcome, error: string) => ({
    status,
    result: { kind: "attention" as const, ok: false, outcome, error },
  });
  if (!isRecordId(id)) return refuse(400, "invalidId", "id: missing or not a record id");
  const record = await findUnreadableWebhook(deps.db, { shop, id });
  if (!record) return refuse(404, "notFound", "no such unreadable webhook of this shop");
  if (args.intent === "unreadable-dismiss") {
    await dismissUnreadableWebhook(deps.db, { shop, id });
    return { status: 200, result: { kind: "attention", ok: true, outcome: "dismissed" } };
  }
  if (!record.orderId) return refuse(400, "noOrderId", "the payload names no order id");
  if (record.topic !== "orders/paid") {
    // A lost cancellation, edit or hold: do what the webhook would have done — wake the order's job,
    // which reads Shopify's current state and decides (plan.server.ts).
    const followed = await deps.db.shopifyOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId: record.orderId } },
      select: { shopifyOrderId: true },
    });
    if (!followed) return refuse(409, "notFollowed", "the app does not follow this order: nothing to read again");
    await wakeOrder(jobWriter(deps.db), { shop, shopifyOrderId: followed.shopifyOrderId, now: deps.now() });
    await dismissUnreadableWebhook(deps.db, { shop, id });
    return { status: 200, result: { kind: "attention", ok: true, outcome: "reread" } };
  }
  // The send-now path: its outcome is worded like every other order action's.
  const result = await pushOrderNow(deps, { shop, orderGid: `gid://shopify/Order/${record.orderId}` });
  if (result.ok) await dismissUnreadableWebhook(deps.db, { shop, id });
  return { status: result.ok ? 200 : 409, result: { kind: "one", ...result } };
}
