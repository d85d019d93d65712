/**
 * What a merchant can do about a record automatic work stopped on: settle an unknown outcome
 * (the order exists at the service with id X / it does not: submit it) and retry after fixing
 * the cause. Every action is scoped to the merchant's shop and is a compare-and-set on the status.
 */
import { Prisma, type Fulfillment, type PrismaClient } from "@prisma/client";
import type { AdminGraphql } from "../../shopify/admin.server";
import { lookupServiceOrder, type SvcClient } from "../../svc";
import { serviceErrorOf } from "../../svc/error-codes";
import { problemOfReason, SENT_AS_IT_STANDS } from "../core/address-hold";
import { readStoredRequest, statusOf, transition, type TransitionArgs } from "../records/records.server";
import { describeUnits } from "../core/service-status";
import { fetchPaidOrder } from "../shopify/shopify-order.server";
import { isCancelledReason, reason, reasonColumns, storedReason } from "../core/reason-codes";
import { actionsFor, type RecordAction } from "../core/reason-actions";
import { RETRYABLE_BY_MERCHANT } from "../core/status";
import { isAwaitingShortChoice, readMissingLines } from "../core/short-shipment";
import { linesOfAnotherPart } from "../core/service-order-match";

export interface MerchantDeps {
  db: PrismaClient;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
}

/**
 * What came of an action: a `code` with its `params`, and nothing worded. The page and the order-page
 * extensions word it from `orders.outcomes.<code>` in the merchant's language; a log, or another
 * service's answer (Flow's), words it in English where it is written, with the English catalogue's
 * `outcomeRecordEn` (app/i18n/messages.en.ts). Refused input names what and where in its params.
 */
export interface MerchantActionResult {
  ok: boolean;
  code: MerchantOutcome;
  params: Record<string, string>;
}

/** Every outcome code (the extensions get a copy: scripts/extension-statuses.ts). */
export const MERCHANT_OUTCOMES = [
  "followed",
  "willSend",
  "confirmedExists",
  "stockSyncRequested",
  "stockSyncOff",
  "notFound",
  "notWaitingConfirmation",
  "notRetryable",
  "cancelledNotRetryable",
  "missingSvcOrderId",
  "notConnected",
  "serviceUnreachable",
  "serviceHasNoOrder",
  "serviceOrderOfAnother",
  "serviceOrderOfAnotherPart",
  "serviceOrderOtherLines",
  "redacted",
  "raced",
  "unknownAction",
  "invalidRecordId",
  "leftForRefund",
  "notShort",
  "chooseForShort",
  "notAddressHeld",
  "readAgain",
  "nothingToPush",
  "shopifyUnreadable",
  "noSuchShopifyOrder",
  "notPaid",
  "handled",
  "noteMissing",
  "noteTooLong",
  "notAttention",
  "notOffered",
  "refreshed",
  "refreshRequested",
  "noServiceOrder",
] as const;
export type MerchantOutcome = (typeof MERCHANT_OUTCOMES)[number];

export const moved = (code: MerchantOutcome, params: Record<string, string> = {}): MerchantActionResult => ({
  ok: true,
  code,
  params,
});
export const refused = (code: MerchantOutcome, params: Record<string, string> = {}): MerchantActionResult => ({
  ok: false,
  code,
  params,
});
const raced = (order: string) => refused("raced", { order });
/** `unread`: what Shopify said when it could not be read again, so the order as paid is sent. */
const willSend = (record: Fulfillment, unread: string | null = null) =>
  moved("willSend", { order: record.orderName, ...(unread ? { unread } : {}) });

/**
 * Every action's last step: moves the record as the merchant asked (a compare-and-set on `from`,
 * at `now` or the clock's time) and answers `answer`, or "raced" when the record moved on meanwhile.
 */
async function moveThenAnswer(
  deps: MerchantDeps,
  record: Fulfillment,
  move: Omit<TransitionArgs, "id" | "now" | "record"> & { now?: Date },
  answer: MerchantActionResult,
): Promise<MerchantActionResult> {
  const { now, ...change } = move;
  const ok = await transition(deps.db, { id: record.id, now: now ?? deps.now(), ...change });
  return ok ? answer : raced(record.orderName);
}

/** Whether `action` is offered for `record` now: the table Pedidos draws its actions from (reason-actions.ts). */
export function offers(record: Fulfillment, action: RecordAction): boolean {
  return actionsFor({
    status: statusOf(record),
    reasonCode: storedReason(record.reasonCode, record.reasonParams)?.code ?? null,
    svcOrderId: record.svcOrderId,
    shortChoice: isAwaitingShortChoice(record),
  }).includes(action);
}

async function load(deps: MerchantDeps, shop: string, fulfillmentId: string): Promise<Fulfillment | null> {
  return deps.db.fulfillment.findFirst({ where: { id: fulfillmentId, shop } });
}

/** The shop's record and its status, or the refusal for a record that is not there. */
async function loadWithStatus(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<{ record: Fulfillment; status: ReturnType<typeof statusOf> } | { refusal: MerchantActionResult }> {
  const record = await load(deps, args.shop, args.fulfillmentId);
  if (!record) return { refusal: refused("notFound") };
  return { record, status: statusOf(record) };
}

/** The shop's record whose outcome at the service is unknown, or the refusal. */
async function loadUnknownOutcome(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<{ record: Fulfillment } | { refusal: MerchantActionResult }> {
  const record = await load(deps, args.shop, args.fulfillmentId);
  if (!record) return { refusal: refused("notFound") };
  if (record.status !== "unknown_outcome")
    return {
      refusal: refused("notWaitingConfirmation", {
        order: record.orderName,
        status: record.status,
      }),
    };
  return { record };
}

/** The person found the order at the service: record its id and start following it. */
export async function confirmServiceOrderExists(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string; svcOrderId: string },
): Promise<MerchantActionResult> {
  const found = await loadUnknownOutcome(deps, args);
  if ("refusal" in found) return found.refusal;
  const { record } = found;
  const svcOrderId = args.svcOrderId.trim();
  if (!svcOrderId) return refused("missingSvcOrderId", { order: record.orderName });
  const client = await deps.svcClientFor(args.shop);
  if (!client) return refused("notConnected");
  let order;
  try {
    order = await lookupServiceOrder(client, svcOrderId);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    // The page words what failed from its code (serviceErrors.<problem>); `said` is for the logs and the API.
    return refused("serviceUnreachable", {
      svcOrderId,
      said,
      problem: serviceErrorOf(error).code,
    });
  }
  if (!order) return refused("serviceHasNoOrder", { svcOrderId });
  const { storeOrderRef } = order;
  if (storeOrderRef && storeOrderRef !== record.orderName) {
    return refused("serviceOrderOfAnother", { svcOrderId, other: storeOrderRef, order: record.orderName });
  }
  // Every part of the order carries its name: what tells them apart is which record already
  // follows the service order, and its lines.
  const linked = await deps.db.fulfillment.findFirst({
    where: { shop: record.shop, svcOrderId, id: { not: record.id } },
    select: { orderName: true, fulfillmentOrderGid: true },
  });
  if (linked) {
    return refused("serviceOrderOfAnotherPart", {
      svcOrderId,
      order: record.orderName,
      other: linked.orderName,
      otherPart: linked.fulfillmentOrderGid ?? "?",
    });
  }
  const sent = readStoredRequest(record.request)?.sent?.lines;
  const otherLines = sent ? linesOfAnotherPart(sent, order.lines) : null;
  if (otherLines) {
    return refused("serviceOrderOtherLines", {
      svcOrderId,
      order: record.orderName,
      sent: otherLines.sent,
      found: otherLines.found,
    });
  }
  const now = deps.now();
  return moveThenAnswer(
    deps,
    record,
    {
      from: "unknown_outcome",
      to: "submitted",
      now,
      data: { svcOrderId, submittedAt: record.submittedAt ?? now, ...reasonColumns(null) },
      detail: reason("merchantConfirmedExists", { order: svcOrderId }),
    },
    moved("confirmedExists", {
      order: record.orderName,
      svcOrderId,
    }),
  );
}

/** The person checked the service has no such order: submit it (once more). */
export async function confirmServiceOrderAbsent(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<MerchantActionResult> {
  const found = await loadUnknownOutcome(deps, args);
  if ("refusal" in found) return found.refusal;
  const { record } = found;
  return moveThenAnswer(
    deps,
    record,
    {
      from: "unknown_outcome",
      to: "pending",
      data: { ...reasonColumns(null), submitAttempts: 0 },
      detail: reason("merchantConfirmedAbsent"),
    },
    willSend(record),
  );
}

/**
 * After the cause was fixed: an order the service already has is followed again; any other is
 * read again from Shopify (to pick up a new SKU or address) and submitted.
 */
export async function retryFulfillment(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<MerchantActionResult> {
  const found = await loadWithStatus(deps, args);
  if ("refusal" in found) return found.refusal;
  const { record, status } = found;
  if (isAwaitingShortChoice(record)) return refused("chooseForShort", { order: record.orderName });
  if (!RETRYABLE_BY_MERCHANT.includes(status))
    return refused("notRetryable", {
      order: record.orderName,
      status,
    });
  // A cancelled order would be read again, found cancelled and skipped: never offer that as a retry.
  if (isCancelledReason(record.reasonCode))
    return refused("cancelledNotRetryable", {
      order: record.orderName,
    });
  // Retrying does nothing for this reason (an order held or cancelled at the warehouse, a test
  // order skipped on purpose): the page offers what does (issue 33).
  if (!offers(record, "retry")) return refused("notOffered", { order: record.orderName, action: "retry" });
  if (record.svcOrderId) {
    return moveThenAnswer(
      deps,
      record,
      { from: status, to: "submitted", data: reasonColumns(null), detail: reason("merchantRetriedFollow") },
      moved("followed", { order: record.orderName }),
    );
  }
  if (record.fulfillmentOrderGid) {
    // The order's job reads the fulfilment order from Shopify again and decides afresh.
    return moveThenAnswer(
      deps,
      record,
      {
        from: status,
        to: "pending",
        data: { ...reasonColumns(null), submitAttempts: 0, warnings: [], waitUntil: null },
        detail: reason("merchantRetriedRead"),
      },
      willSend(record),
    );
  }
  const stored = readStoredRequest(record.request);
  if (!stored) return refused("redacted", { order: record.orderName });
  let order = stored.order;
  let unread: string | null = null;
  try {
    const fresh = await fetchPaidOrder(await deps.adminFor(args.shop), stored.order);
    if (fresh) order = fresh;
  } catch (error) {
    // The order as paid is sent; what Shopify said stays with the record (worded by the catalogues).
    unread = error instanceof Error ? error.message : String(error);
  }
  return moveThenAnswer(
    deps,
    record,
    {
      from: status,
      to: "pending",
      data: { request: { order }, ...reasonColumns(null), submitAttempts: 0, warnings: [] },
      detail: reason("merchantRetried", { unread }),
    },
    willSend(record, unread),
  );
}

/**
 * "Enviar tal cual": the merchant sends a fulfilment order the app holds for its address with the
 * address as it stands. The order's job releases the app's own hold (never another) and sends it.
 */
export async function sendAsItStands(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<MerchantActionResult> {
  const found = await loadWithStatus(deps, args);
  if ("refusal" in found) return found.refusal;
  const { record, status } = found;
  if (status !== "waiting" || !problemOfReason(storedReason(record.reasonCode, record.reasonParams)))
    return refused("notAddressHeld", { order: record.orderName });
  // To pending, where the order's job decides and sends it.
  return moveThenAnswer(
    deps,
    record,
    {
      from: status,
      to: "pending",
      data: { ...reasonColumns(SENT_AS_IT_STANDS), waitUntil: null },
      detail: SENT_AS_IT_STANDS,
    },
    willSend(record),
  );
}

/** The record of a short shipment waiting for the merchant's choice, with its missing units named; or the refusal. */
async function loadShortChoice(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<{ record: Fulfillment; missing: string } | { refusal: MerchantActionResult }> {
  const record = await load(deps, args.shop, args.fulfillmentId);
  if (!record) return { refusal: refused("notFound") };
  if (!isAwaitingShortChoice(record))
    return {
      refusal: refused("notShort", {
        order: record.orderName,
      }),
    };
  return { record, missing: describeUnits(readMissingLines(record.missingLines)) };
}

/**
 * Shipped short, first choice: the units the warehouse did not ship go to it as a new service
 * order. The record starts over for what the fulfilment order still expects (the order's job
 * reads it from Shopify); the first shipment stays in Shopify and in the record's history.
 */
export async function sendMissingAsNewOrder(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<MerchantActionResult> {
  const short = await loadShortChoice(deps, args);
  if ("refusal" in short) return short.refusal;
  const { record, missing } = short;
  return moveThenAnswer(
    deps,
    record,
    {
      from: "needs_attention",
      to: "pending",
      data: {
        ...reasonColumns(null),
        missingLines: Prisma.DbNull,
        svcOrderId: null,
        svcStatus: null,
        shopifyFulfillmentId: null,
        trackingNumber: null,
        trackingCompany: null,
        trackingUrl: null,
        submittedAt: null,
        shippedAt: null,
        submitAttempts: 0,
        warnings: [],
      },
      detail: reason("merchantSentMissing", {
        missing,
        order: record.svcOrderId ?? "?",
        fulfilment: record.shopifyFulfillmentId ?? "?",
      }),
    },
    willSend(record),
  );
}

/**
 * Shipped short, second choice: the merchant refunds the missing units in Shopify; the shipment
 * that left is followed to delivery, and the order keeps saying it shipped short.
 */
export async function leaveMissingForRefund(
  deps: MerchantDeps,
  args: { shop: string; fulfillmentId: string },
): Promise<MerchantActionResult> {
  const short = await loadShortChoice(deps, args);
  if ("refusal" in short) return short.refusal;
  const { record, missing } = short;
  return moveThenAnswer(
    deps,
    record,
    {
      from: "needs_attention",
      to: "shipped",
      data: reasonColumns(null),
      detail: reason("merchantLeftMissing", { missing }),
    },
    moved("leftForRefund", {
      order: record.orderName,
      missing,
    }),
  );
}

/**
 * The merchant's bulk retry from Pedidos: each record retried on its own (validated by
 * retryFulfillment: this shop's, in a retryable status), with its order's name for the answer.
 */
export async function retryFulfillments(
  deps: MerchantDeps,
  args: { shop: string; ids: string[] },
): Promise<(MerchantActionResult & { id: string; orderName: string | null })[]> {
  const names = new Map(
    (
      await deps.db.fulfillment.findMany({
        where: { shop: args.shop, id: { in: args.ids } },
        select: { id: true, orderName: true },
      })
    ).map((r) => [r.id, r.orderName]),
  );
  const results = [];
  for (const id of args.ids) {
    results.push({
      id,
      orderName: names.get(id) ?? null,
      ...(await retryFulfillment(deps, { shop: args.shop, fulfillmentId: id })),
    });
  }
  return results;
}
