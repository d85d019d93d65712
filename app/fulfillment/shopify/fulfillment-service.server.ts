/**
 * Fulfilment-service mode (docs/decisions/012-fulfillment-modes.md): the warehouse is a Shopify
 * fulfilment service with its own location. Shopify requests fulfilment of the fulfilment orders
 * assigned there (a POST to the callback, and — since notifications are coalesced and can be
 * lost — a poll of assigned fulfilment orders); each request wakes the order's job, which decides
 * and submits as in the merchant-managed mode, then accepts (with an estimated ship date) or
 * rejects with a plain reason. Cancellation requests are accepted while nothing reached the
 * warehouse and rejected with the service's status otherwise (the service cannot cancel).
 */
import { reason, reasonColumns, reasonRecord, type ReasonCode, type ReasonMessage } from "../core/reason-codes";
import type { FulfillmentStatus } from "../core/status";
import type { Fulfillment, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { enqueueJob, jobWriter } from "../../jobs/queue.server";
import { storeFulfillmentService } from "../../shop/shop.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import {
  acceptCancellationRequest,
  acceptFulfillmentRequest,
  createFulfillmentService,
  deleteFulfillmentService,
  listAssignedFulfillmentOrders,
  readFulfillmentService,
  rejectCancellationRequest,
  rejectFulfillmentRequest,
  type AssignedFulfillmentOrder,
  type FulfillmentOrderRejectionReason,
} from "../../shopify/admin/fulfillment-services.server";
import { REQUESTS_QUEUE } from "../core/queues";
import { recordOrderEvent, statusOf, stopFulfillmentOrders, transition, wakeOrder } from "../records/records.server";
import { after } from "../core/schedule";
import { shopifyMessagesEn } from "../../i18n/messages.en";

/** Shopify POSTs to `<callbackUrl>/fulfillment_order_notification`. */
const FULFILLMENT_SERVICE_CALLBACK_PATH = "/fulfillment-service";
/** How often assigned fulfilment orders are polled, in case a notification was lost. */
export const REQUESTS_POLL_MS = 5 * 60_000;
/** The ship date promised when accepting: the warehouse ships within a working day. */
const SHIPS_WITHIN_MS = 24 * 60 * 60_000;

export interface ServiceModeDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn">;
  now: () => Date;
  adminFor(shop: string): Promise<AdminGraphql>;
}

/**
 * Registers the warehouse as the shop's fulfilment service (once), keeping its id and location.
 * The ids kept are checked against Shopify first: a service gone since (the app uninstalled and
 * installed again, or the merchant removed it) is registered anew rather than trusted, so orders
 * are never waited for at a location that no longer exists.
 */
export async function registerFulfillmentService(
  deps: Pick<ServiceModeDeps, "db" | "adminFor">,
  args: { shop: string; appUrl: string; name: string },
): Promise<{ id: string; locationId: string }> {
  const row = await deps.db.shop.findUnique({
    where: { domain: args.shop },
    select: { fsServiceId: true, fsLocationId: true },
  });
  const admin = await deps.adminFor(args.shop);
  if (row?.fsServiceId) {
    const current = await readFulfillmentService(admin, row.fsServiceId);
    if (current) {
      if (current.locationId !== row.fsLocationId) {
        await storeFulfillmentService(deps.db, args.shop, {
          fsServiceId: current.id,
          fsLocationId: current.locationId,
        });
      }
      return current;
    }
  }
  const service = await createFulfillmentService(admin, {
    name: args.name,
    callbackUrl: `${args.appUrl.replace(/\/$/, "")}${FULFILLMENT_SERVICE_CALLBACK_PATH}`,
  });
  await storeFulfillmentService(deps.db, args.shop, { fsServiceId: service.id, fsLocationId: service.locationId });
  return service;
}

/** Removes the shop's fulfilment service, as Shopify requires of an app that stops being one. */
export async function removeFulfillmentService(
  deps: Pick<ServiceModeDeps, "db" | "adminFor">,
  args: { shop: string },
): Promise<boolean> {
  const row = await deps.db.shop.findUnique({ where: { domain: args.shop }, select: { fsServiceId: true } });
  if (!row?.fsServiceId) return false;
  const admin = await deps.adminFor(args.shop);
  // Already gone in Shopify (e.g. removed by the merchant) counts as removed.
  await deleteFulfillmentService(admin, row.fsServiceId);
  await storeFulfillmentService(deps.db, args.shop, null);
  return true;
}

/** Asks for the shop's assigned fulfilment orders to be read now (a callback notification). */
export async function requestAssignedRead(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  await enqueueJob(db, { queue: REQUESTS_QUEUE, key: args.shop, shop: args.shop, runAt: args.now });
}

/**
 * Reads the fulfilment requests and cancellation requests assigned to the warehouse: every
 * requested order is followed and its job woken; every cancellation request is answered.
 */
export async function readAssignedRequests(
  deps: ServiceModeDeps,
  shop: string,
): Promise<{ requested: number; cancellations: number }> {
  const admin = await deps.adminFor(shop);
  const requested = await listAssignedFulfillmentOrders(admin, "FULFILLMENT_REQUESTED");
  for (const fo of requested) {
    await recordOrderEvent(deps.db, {
      shop,
      topic: "fulfillment_request",
      eventId: `request:${fo.id}:${fo.order.updatedAt}`,
      order: { id: String(fo.order.legacyResourceId), gid: fo.order.id, name: fo.order.name, follow: true },
      updatedAt: null,
      now: deps.now(),
    });
  }
  const cancellations = await listAssignedFulfillmentOrders(admin, "CANCELLATION_REQUESTED");
  for (const fo of cancellations) await answerCancellation(deps, admin, shop, fo);
  return { requested: requested.length, cancellations: cancellations.length };
}

/**
 * Statuses a cancellation settles (to skipped, for good: FINAL_SKIP_REASONS) before anything of it
 * reached the warehouse; a record skipped for another reason is settled too, so no later decision
 * made from an older read can send it — and one waiting for the warehouse's stock, which a stock
 * read would otherwise release to be sent (seed 4110120).
 */
const SETTLED_BY_CANCELLATION: readonly FulfillmentStatus[] = [
  "pending",
  "waiting",
  "needs_attention",
  "skipped",
  "awaiting_stock",
];
/** How often the answer is decided again when the record moves under it (a submission claimed it). */
const CANCELLATION_ATTEMPTS = 3;

/**
 * Answers a cancellation request: accepted while nothing reached the warehouse, rejected (saying
 * why) once something did. Shopify is told "accepted" only after the record's compare-and-set to
 * skipped has won, so no submission can claim it after the promise; when the compare-and-set loses
 * (a submission claimed the record in between), the record is read again and the answer decided on
 * what it is now: rejected when the submission won. Should the acceptance itself fail, the record
 * is skipped already and the next read of the requests accepts it.
 */
async function answerCancellation(
  deps: ServiceModeDeps,
  admin: AdminGraphql,
  shop: string,
  fo: AssignedFulfillmentOrder,
) {
  // Before the record is read: from here no submission decided from an earlier read of Shopify is
  // claimed for this part — one whose job has not written its record yet too (seed 4110742); the
  // order's job, woken, decides again. A claim made before this is in the record read below.
  await stopFulfillmentOrders(deps.db, { shop, fulfillmentOrderGids: [fo.id], topic: "cancellation_request" });
  await wakeOrder(jobWriter(deps.db), { shop, shopifyOrderId: String(fo.order.legacyResourceId), now: deps.now() });
  for (let attempt = 0; attempt < CANCELLATION_ATTEMPTS; attempt++) {
    const record = await deps.db.fulfillment.findUnique({
      where: { shop_fulfillmentOrderGid: { shop, fulfillmentOrderGid: fo.id } },
    });
    const status = record ? statusOf(record) : null;
    const now = deps.now();
    if (record && status && (record.svcOrderId || status === "submitting" || status === "unknown_outcome")) {
      await rejectCancellation(deps, admin, fo, record, status, now);
      return;
    }
    if (record && status && SETTLED_BY_CANCELLATION.includes(status)) {
      const why = reason("cancelRequestedBefore");
      const data = { ...reasonColumns(why), waitUntil: null };
      if (!(await transition(deps.db, { id: record.id, record, from: status, to: "skipped", now, data, detail: why })))
        continue;
    }
    await acceptCancellationRequest(admin, { id: fo.id, message: shopifyMessagesEn.cancellationAccepted() });
    return;
  }
  throw new Error(`cancellation request of ${fo.id}: its record kept changing; answered at the next read`);
}

async function rejectCancellation(
  deps: ServiceModeDeps,
  admin: AdminGraphql,
  fo: AssignedFulfillmentOrder,
  record: Fulfillment,
  status: FulfillmentStatus,
  now: Date,
) {
  const message = shopifyMessagesEn.cancellationRejected({
    svcOrderId: record.svcOrderId ?? undefined,
    status: record.svcStatus ?? status,
  });
  await rejectCancellationRequest(admin, { id: fo.id, message });
  if (status === "submitted" || status === "in_progress") {
    const after = reason("cancelRequestedAfter", { order: record.svcOrderId });
    await transition(deps.db, {
      id: record.id,
      from: status,
      to: "needs_attention",
      now,
      data: reasonColumns(after),
      detail: after,
    });
  }
}

/** Accepts a fulfilment request once the service has the order. */
export async function acceptRequest(
  admin: AdminGraphql,
  args: { fulfillmentOrderGid: string; svcOrderId: string; now: Date },
) {
  await acceptFulfillmentRequest(admin, {
    id: args.fulfillmentOrderGid,
    message: shopifyMessagesEn.requestAccepted({ svcOrderId: args.svcOrderId }),
    estimatedShippedAt: after(args.now, SHIPS_WITHIN_MS).toISOString(),
  });
}

/**
 * Rejects a fulfilment request with Shopify's closest code; the message Shopify shows is the
 * reason's English record (Shopify takes one sentence, in no particular language).
 */
export async function rejectRequest(admin: AdminGraphql, args: { fulfillmentOrderGid: string; reason: ReasonMessage }) {
  await rejectFulfillmentRequest(admin, {
    id: args.fulfillmentOrderGid,
    message: reasonRecord(args.reason),
    reason: rejectionCode(args.reason.code),
  });
}

const REJECTION_CODES: Partial<Record<ReasonCode, FulfillmentOrderRejectionReason>> = {
  destinationNotServed: "UNDELIVERABLE_DESTINATION",
  addressHeldNotServed: "UNDELIVERABLE_DESTINATION",
  outsideMexico: "UNDELIVERABLE_DESTINATION",
  insufficientStock: "INVENTORY_OUT_OF_STOCK",
  noSku: "INELIGIBLE_PRODUCT",
  noDimensions: "INELIGIBLE_PRODUCT",
  addressHeldNoNumber: "INCORRECT_ADDRESS",
  addressHeldPostalCode: "INCORRECT_ADDRESS",
  noAddress: "INCORRECT_ADDRESS",
};

/**
 * Shopify's rejection code for one of our reasons (the message carries the words).
 * @internal
 */
export function rejectionCode(code: ReasonCode): FulfillmentOrderRejectionReason {
  return REJECTION_CODES[code] ?? "OTHER";
}
