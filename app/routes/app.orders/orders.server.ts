// What the orders page asks of the fulfilment feature: the page's data (reads only: the schedules
// the page used to start here are the worker's, app/orchestration/schedules.server.ts) and each form's action.
import type { AppLoadContext } from "@remix-run/node";
import { ATTENTION_INTENTS, ordersAttention, runAttentionAction } from "~/attention/orders.server";
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
} from "~/fulfillment/merchant-actions.server";
import { listFulfillments } from "~/fulfillment/orders-page.server";
import { markHandled, refreshRecord } from "~/fulfillment/record-followup.server";
import { ACTION_INTENTS } from "~/fulfillment/reason-actions";
import { parseBulkIds, ORDERS_PAGE_SIZE, type FieldError, type parseOrdersQuery } from "~/fulfillment/orders-query";
import { isRecordId } from "~/http/record-id";
import { getShopSettings } from "~/shop/shop-settings.server";
import { supportToShow } from "~/shop/support-channel";
import type { OrdersActionData, OrdersPageData } from "./types";

/** The process's services, as the route gets them (app/composition.server.ts). */
type Services = AppLoadContext["services"];

/** Everything the page shows for `shop`; a refused query shows every order, with its error. */
export async function loadOrdersPage(
  services: Services,
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
  services: Services,
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
      result: { kind: "one", ...refused("invalidRecordId") },
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
  deps: Services,
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
