// The orders page's server side (Pedidos, app/routes/app.orders): what the page shows — the
// fulfilment records (app/fulfillment/page) and what else needs the merchant: order webhooks the
// app could not read (app/shopify/webhooks/unreadable-webhook.server.ts) and order jobs that gave up
// (app/attention/job-problems.server.ts) — and each of its forms: the merchant's actions on a record
// (app/fulfillment/actions), and on a notice: send the order by its id (the same path as "send to
// warehouse now"), dismiss, or retry the job. Reads only on GET: the schedules the page used to
// start here are the worker's (app/orchestration/schedules.server.ts).
import {
  confirmServiceOrderAbsent,
  confirmServiceOrderExists,
  leaveMissingForRefund,
  refused,
  retryFulfillment,
  retryFulfillments,
  sendAsItStands,
  sendMissingAsNewOrder,
  type MerchantActionResult,
  type MerchantDeps,
} from "../fulfillment/actions/merchant-actions.server";
import { listFulfillments } from "../fulfillment/page/orders-page.server";
import {
  parseBulkIds,
  ORDERS_PAGE_SIZE,
  type FieldError,
  type OrdersFilter,
  type parseOrdersQuery,
} from "../fulfillment/page/orders-query";
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
import { markHandled, refreshRecord } from "../fulfillment/actions/record-followup.server";
import { ACTION_INTENTS } from "../fulfillment/core/reason-actions";
import { getShopSettings } from "../shop/shop-settings.server";
import { supportToShow, type SupportChannel } from "../shop/support-channel";
import {
  dismissUnreadableWebhook,
  findUnreadableWebhook,
  listUnreadableWebhooks,
  type UnreadableWebhookRow,
} from "../shopify/webhooks/unreadable-webhook.server";

/** What the page's loader answers (the tests and the components read it). */
export type OrdersPageData = Awaited<ReturnType<typeof listFulfillments>> & {
  query: { status: OrdersFilter | null; q: string; page: number };
  invalid: FieldError | null;
  attention: OrdersAttention;
  /** The service's support channel (Configuración), for the reasons that need the service. */
  support: SupportChannel | null;
};

/** One action's result, or each record's result of a bulk retry; `field` names refused input. */
export type OrdersActionData =
  | (MerchantActionResult & { kind: "one" })
  | { kind: "bulk"; results: (MerchantActionResult & { id: string; orderName: string | null })[] }
  | { kind: "invalid"; error: FieldError }
  | AttentionActionData;

interface OrdersAttention {
  unreadable: UnreadableWebhookRow[];
  failedJobs: JobProblemRow[];
}

async function ordersAttention(deps: Pick<MerchantDeps, "db" | "now">, shop: string): Promise<OrdersAttention> {
  const [unreadable, failedJobs] = await Promise.all([
    listUnreadableWebhooks(deps.db, { shop, now: deps.now() }),
    listJobProblems(deps.db, { shop, page: "orders" }),
  ]);
  return { unreadable, failedJobs };
}

/** The intents of the attention card on POST /app/orders. */
const ATTENTION_INTENTS = new Set(["unreadable-send", "unreadable-dismiss", "job-retry"]);

async function runAttentionAction(
  deps: MerchantDeps,
  args: { shop: string; intent: string; id: string },
): Promise<{ status: number; result: AttentionActionData | ({ kind: "one" } & MerchantActionResult) }> {
  const { shop, id } = args;
  if (args.intent === "job-retry") return retryFromPage(deps.db, { shop, id, page: "orders", now: deps.now() });
  // Worded by the page from the outcome (attention.outcomes); refused input names its field.
  const refuse = (status: number, outcome: AttentionOutcome, params?: Record<string, string>) => ({
    status,
    result: { kind: "attention" as const, ok: false, outcome, ...(params ? { params } : {}) },
  });
  if (!isRecordId(id)) return refuse(400, "invalidId", { field: "id" });
  const record = await findUnreadableWebhook(deps.db, { shop, id });
  if (!record) return refuse(404, "notFound");
  if (args.intent === "unreadable-dismiss") {
    await dismissUnreadableWebhook(deps.db, { shop, id });
    return { status: 200, result: { kind: "attention", ok: true, outcome: "dismissed" } };
  }
  if (!record.orderId) return refuse(400, "noOrderId");
  if (record.topic !== "orders/paid") {
    // A lost cancellation, edit or hold: do what the webhook would have done — wake the order's job,
    // which reads Shopify's current state and decides (plan.server.ts).
    const followed = await deps.db.shopifyOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId: record.orderId } },
      select: { shopifyOrderId: true },
    });
    if (!followed) return refuse(409, "notFollowed");
    await wakeOrder(jobWriter(deps.db), { shop, shopifyOrderId: followed.shopifyOrderId, now: deps.now() });
    await dismissUnreadableWebhook(deps.db, { shop, id });
    return { status: 200, result: { kind: "attention", ok: true, outcome: "reread" } };
  }
  // The send-now path: its outcome is worded like every other order action's.
  const result = await pushOrderNow(deps, { shop, orderGid: `gid://shopify/Order/${record.orderId}` });
  if (result.ok) await dismissUnreadableWebhook(deps.db, { shop, id });
  return { status: result.ok ? 200 : 409, result: { kind: "one", ...result } };
}

/** Everything the page shows for `shop`; a refused query shows every order, with its error. */
export async function loadOrdersPage(
  services: MerchantDeps,
  shop: string,
  parsed: ReturnType<typeof parseOrdersQuery>,
): Promise<OrdersPageData> {
  const query = parsed.ok ? parsed.query : { status: null, q: "", page: 1 };
  const { db, now } = services;
  return {
    ...(await listFulfillments(db, {
      shop,
      status: query.status,
      q: query.q,
      page: query.page,
      take: ORDERS_PAGE_SIZE,
    })),
    query,
    invalid: parsed.ok ? null : parsed.error,
    attention: await ordersAttention({ db, now }, shop),
    support: supportToShow((await getShopSettings({ db, shop })).settings.support),
  };
}

// The actions on one record name it by its id: every form of the actions' table (reason-actions.ts).
const ON_ONE_RECORD = new Set(Object.values(ACTION_INTENTS).flat());
const INTENTS = new Set([...ON_ONE_RECORD, "retry-many"]);

/**
 * The page's forms: the answer and its HTTP status (400 for refused input); `attention` marks the
 * attention card's actions, always answered with their status.
 */
export async function ordersAction(
  services: MerchantDeps,
  shop: string,
  form: FormData,
  /** The admin user acting (the session token's subject), for the timeline. */
  by = "?",
): Promise<{ status: number; result: OrdersActionData; attention?: true }> {
  const intent = String(form.get("intent") ?? "");
  if (ATTENTION_INTENTS.has(intent)) {
    const answer = await runAttentionAction(services, { shop, intent, id: String(form.get("id") ?? "") });
    return { ...answer, attention: true };
  }
  const invalid = (error: FieldError) => ({ status: 400, result: { kind: "invalid" as const, error } });
  if (!INTENTS.has(intent)) {
    return invalid({
      field: "intent",
      error: `unknown action "${intent.slice(0, 40)}"`,
      key: "intent",
      params: { value: intent.slice(0, 40) },
    });
  }
  if (intent === "retry-many") {
    const ids = parseBulkIds(form.getAll("fulfillmentId"));
    if (!ids.ok) return invalid(ids.error);
    return {
      status: 200,
      result: { kind: "bulk", results: await retryFulfillments(services, { shop, ids: ids.ids }) },
    };
  }
  const fulfillmentId = String(form.get("fulfillmentId") ?? "");
  if (ON_ONE_RECORD.has(intent) && !isRecordId(fulfillmentId)) {
    return {
      status: 400,
      result: { kind: "one", ...refused("invalidRecordId", { field: "fulfillmentId" }) },
    };
  }
  // Answered with their own status (a refused note is a 400 naming the field).
  if (intent === "handled" || intent === "refresh") {
    const answer =
      intent === "handled"
        ? await markHandled(services, { shop, fulfillmentId, note: form.get("note"), by })
        : await refreshRecord(services, { shop, fulfillmentId });
    return { status: answer.status, result: { kind: "one", ...answer.result } };
  }
  return {
    status: 200,
    result: { kind: "one", ...(await runAction(services, intent, { shop, fulfillmentId, form })) },
  };
}

async function runAction(
  deps: MerchantDeps,
  intent: string,
  { shop, fulfillmentId, form }: { shop: string; fulfillmentId: string; form: FormData },
): Promise<MerchantActionResult> {
  switch (intent) {
    case "confirm-exists":
      return confirmServiceOrderExists(deps, { shop, fulfillmentId, svcOrderId: String(form.get("svcOrderId") ?? "") });
    case "confirm-absent":
      return confirmServiceOrderAbsent(deps, { shop, fulfillmentId });
    case "retry":
      return retryFulfillment(deps, { shop, fulfillmentId });
    case "short-resend":
      return sendMissingAsNewOrder(deps, { shop, fulfillmentId });
    case "short-refund":
      return leaveMissingForRefund(deps, { shop, fulfillmentId });
    case "send-as-is":
      return sendAsItStands(deps, { shop, fulfillmentId });
    default:
      // ordersAction lets only ON_ONE_RECORD's intents through to here. (Stock sync's «now» is Almacén's.)
      throw new Error(`orders page: no action for intent "${intent.slice(0, 40)}"`);
  }
}
