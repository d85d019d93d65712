/**
 * The order's job: reads the order and all its fulfilment orders from Shopify now, keeps one
 * record per fulfilment order, and decides for each (fulfillment-order.ts): send it, skip it
 * with a reason, wait (a hold, a schedule, the hold-back delay), or ask a person. A fulfilment
 * order already at the warehouse that changed in Shopify becomes needs_attention, since the
 * service cannot cancel or amend an order. Every webhook and the reconciliation only wake this
 * job; none of them acts on its payload, so a late or stale delivery can never undo newer state.
 */
import { reason, reasonColumns, reasonRecord, sameReason, storedReason, type ReasonCode } from "../core/reason-codes";
import { Prisma, type Fulfillment, type PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { recordCustomerDataSeen } from "../../shop/customer-data-access.server";
import { getShopSettings, type ShopSettings } from "../../shop/shop-settings.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import { holdForAddress, releaseAppHold } from "../../shopify/admin/fulfillment-holds.server";
import { readFulfilledUnits, reportWarehouseProgress } from "../../shopify/admin/fulfillment-progress.server";
import { addressHoldNotes, addressHoldReason, problemOfReason, SENT_AS_IT_STANDS } from "../core/address-hold";
import type { SvcClient } from "../../svc";
import {
  changeAfterSubmission,
  sentUnitsElsewhere,
  decideFulfillmentOrder,
  type Decision,
  type FulfillmentOrderState,
  type OrderState,
} from "../core/fulfillment-order";
import { readStoredRequest, skippedForGood, statusOf, transition } from "../records/records.server";
import { readOrderState } from "../shopify/shopify-fulfillment-orders.server";
import { customerDataWithheld } from "../core/withheld-customer-data";
import { interrupted, sendToService, type SubmitOutcome } from "./submit.server";
import { acceptRequest, rejectRequest } from "../shopify/fulfillment-service.server";
import type { FulfillmentStatus } from "../core/status";
import { forgetPaidUnits, recordUnitsToFulfil } from "../records/units-awaiting-warehouse.server";
import {
  eventRecorded,
  markOrderPlanned,
  recordById,
  recordEvent,
  recordsOfOrder,
  trackedOrder,
  wholeOrderRecords,
} from "../sql/order-statements.server";
import { sqlOf } from "../../sql.server";

export interface PlanDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
  /** Our carrier service's name (carrierServiceName of SVC_NAME): which shipping lines are ours. */
  carrierName?: string;
}

/** States in which the warehouse has (or may have) the fulfilment order. */
const AT_WAREHOUSE: readonly FulfillmentStatus[] = ["submitted", "in_progress"];
/**
 * States in which the warehouse may have the fulfilment order with no answer saying so: a claim
 * whose run never saved the service's answer (`submitting`: its request may have reached the
 * service; this job declares it an unknown outcome below) and an unknown outcome. What the claim
 * stored is what the service may hold: compared like a part at the warehouse (seed 6001936).
 */
const MAYBE_AT_WAREHOUSE: readonly FulfillmentStatus[] = ["submitting", "unknown_outcome"];
/** States not sent yet, that a fresh decision may move. */
const UNSENT: readonly FulfillmentStatus[] = ["pending", "waiting", "skipped"];
/** A part the warehouse has that changed in Shopify since: its products stay contested. */
const CHANGED_AFTER_WAREHOUSE: readonly ReasonCode[] = [
  "cancelledAfterWarehouse",
  "splitAfterWarehouse",
  "heldAfterWarehouse",
  "changedAfterWarehouse",
  "movedAfterWarehouse",
  "closedAfterWarehouse",
];

/** The locations the warehouse fulfils: the chosen ones, else the stock location, else any. */
export function warehouseLocations(settings: ShopSettings): string[] | "any" {
  if (settings.fulfillment.locationIds.length > 0) return settings.fulfillment.locationIds;
  if (settings.stock.locationId) return [settings.stock.locationId];
  return "any";
}

/** Runs the order's decisions once; returns when to run again (a wait ends, a retry is due). */
export async function planOrder(
  deps: PlanDeps,
  args: { shop: string; shopifyOrderId: string },
): Promise<SubmitOutcome> {
  const { db } = deps;
  const tracked = await trackedOrder(db, args);
  if (!tracked) return { kind: "done" };
  const { settings } = await getShopSettings({ db, shop: args.shop });
  const admin = await deps.adminFor(args.shop);
  const state = await readOrderState(admin, { orderGid: tracked.orderGid, paidAt: tracked.createdAt });
  const now = deps.now();
  await markOrderPlanned(db, args, {
    plannedAt: now,
    ...(state && (!tracked.knownUpdatedAt || new Date(state.updatedAt) > tracked.knownUpdatedAt)
      ? { knownUpdatedAt: new Date(state.updatedAt) }
      : {}),
  });
  if (!state) {
    await forgetPaidUnits(db, tracked);
    deps.logger.warn({ shop: args.shop, order: tracked.orderName }, "the Shopify order no longer exists");
    return { kind: "done" };
  }
  // What this read shows of the shop's protected customer data access, for the readiness checklist.
  const address = state.order.shipping_address;
  if (address) {
    const access = customerDataWithheld(address) ? "withheld" : "granted";
    await recordCustomerDataSeen({ db, shop: args.shop, access, at: now });
  }

  // An order recorded before fulfilment orders were followed (one record for the whole order):
  // once anything of it may be at the service it is left as it was, so nothing goes twice; a
  // record that was never sent gives way to one per fulfilment order.
  const legacy = await wholeOrderRecords(db, args);
  if (legacy.some((r) => r.svcOrderId || !UNSENT.includes(statusOf(r)))) {
    deps.logger.info(
      { shop: args.shop, order: tracked.orderName },
      "order recorded before fulfilment orders: left as it is",
    );
    return { kind: "done" };
  }
  if (legacy.length > 0) await db.fulfillment.deleteMany({ where: { id: { in: legacy.map((r) => r.id) } } });

  const records = await ensureRecords(db, tracked, state, now);
  await recordUnitsToFulfil(db, tracked, records, state.fulfillmentOrders);
  const byFo = new Map(records.map((r) => [r.fulfillmentOrderGid, r]));
  // Fulfilment-service mode: the warehouse's own location, where Shopify routes what it holds.
  const serviceMode = settings.fulfillment.mode === "fulfillment_service";
  const serviceLocation = serviceMode
    ? ((await db.shop.findUnique({ where: { domain: args.shop }, select: { fsLocationId: true } }))?.fsLocationId ??
      null)
    : null;
  const locations = serviceMode ? (serviceLocation ? [serviceLocation] : []) : warehouseLocations(settings);
  const decisionSettings = {
    defaultService: settings.fulfillment.defaultService,
    skipTestOrders: settings.fulfillment.skipTestOrders,
    locationIds: locations === "any" ? state.fulfillmentOrders.map((fo) => fo.locationId ?? "") : locations,
    holdBackMinutes: settings.fulfillment.holdBackMinutes,
    ...(deps.carrierName ? { carrierName: deps.carrierName } : {}),
    ...(serviceMode ? { fulfillmentService: { locationId: serviceLocation } } : {}),
  };

  // First what the warehouse already has: a change there makes any new part suspect.
  const contested = new Set<string>();
  for (const read of records) {
    let record = read;
    // Records made before fulfilment orders were followed have none to compare with.
    if (!record.fulfillmentOrderGid) continue;
    const status = statusOf(record);
    const fo = state.fulfillmentOrders.find((f) => f.id === record.fulfillmentOrderGid);
    const sent = readStoredRequest(record.request)?.sent?.lines ?? [];
    if (serviceMode && fo?.requestStatus === "SUBMITTED" && AT_WAREHOUSE.includes(status) && record.svcOrderId) {
      await acceptRequest(admin, { fulfillmentOrderGid: fo.id, svcOrderId: record.svcOrderId, now });
    }
    // Flagged before: what the warehouse has of it is still not what Shopify has, so no other
    // part may send those products again (the flag does not clear by itself).
    if (
      status === "needs_attention" &&
      record.svcOrderId &&
      CHANGED_AFTER_WAREHOUSE.includes(record.reasonCode as ReasonCode)
    ) {
      for (const product of sent) contested.add(product.identifier);
      continue;
    }
    // Needing a person for another reason (shipped short, nothing shipped…) while the warehouse
    // has it: what it was sent that Shopify now keeps elsewhere (split off, moved) stays contested.
    if (status === "needs_attention" && record.svcOrderId) {
      if (sentUnitsElsewhere(fo, sent, record.locationGid))
        for (const product of sent) contested.add(product.identifier);
      continue;
    }
    const atWarehouse = AT_WAREHOUSE.includes(status) || MAYBE_AT_WAREHOUSE.includes(status);
    // Closed is not proof of fulfilment (merged, moved, refunded): what its fulfilments hold is.
    const fulfilled =
      atWarehouse && fo?.status === "CLOSED" && sent.length > 0 ? await readFulfilledUnits(admin, fo.id) : null;
    const change = atWarehouse
      ? changeAfterSubmission(state, fo, sent, record.svcOrderId, { sentFrom: record.locationGid, fulfilled })
      : null;
    if (!change) {
      if (!serviceMode && fo && AT_WAREHOUSE.includes(status)) await reportAtWarehouse(deps, admin, record, fo);
      continue;
    }
    for (const product of sent) contested.add(product.identifier);
    // A poll may move the record along the main line meanwhile (submitted → in_progress): retry.
    for (
      let attempt = 0;
      attempt < 3 && AT_WAREHOUSE.includes(statusOf(record)) && !sameReason(record, change);
      attempt++
    ) {
      const from = statusOf(record);
      if (
        await transition(db, {
          id: record.id,
          from,
          to: "needs_attention",
          now,
          data: reasonColumns(change),
          detail: change,
        })
      ) {
        deps.logger.warn(
          { shop: record.shop, order: record.orderName, reason: change.code },
          "changed after submission",
        );
        break;
      }
      const fresh = await recordById(db, record.id);
      if (!fresh) break;
      record = fresh;
    }
  }

  let next: Date | null = null;
  for (const fo of state.fulfillmentOrders) {
    const record = byFo.get(fo.id);
    if (!record) continue;
    const status = statusOf(record);
    if (status === "submitting") {
      await interrupted(deps, record);
      continue;
    }
    // Needing a person, or waiting for stock, before submission: only a skip (cancelled) settles it.
    const canSettle = (status === "needs_attention" || status === "awaiting_stock") && !record.svcOrderId;
    if (!UNSENT.includes(status) && !canSettle) continue;
    // Shopify was told its cancellation is accepted: this read of Shopify may predate the request.
    if (skippedForGood(record)) continue;
    // Fulfilment-service mode: the warehouse declined Shopify's request for this part (skipped, with
    // the cause as its reason); it stays so until Shopify requests it again (seeds 4100690, 5000857).
    if (serviceMode && status === "skipped" && fo.requestStatus === "REJECTED") continue;
    const refused = problemOfReason(storedReason(record.reasonCode, record.reasonParams));
    const decision = decideFulfillmentOrder(
      state,
      fo,
      { ...decisionSettings, sendAsItStands: sameReason(record, SENT_AS_IT_STANDS) },
      now,
      {
        refused: refused && {
          problem: refused,
          destination: readStoredRequest(record.request)?.sent?.destination ?? null,
        },
        contested,
      },
    );
    if (canSettle && decision.kind !== "skip") continue;
    const requested = fo.requestStatus === "SUBMITTED";
    const applied = await apply(
      deps,
      admin,
      record,
      status,
      fo,
      { state, readAt: tracked.readAt, serviceMode },
      decision,
    );
    const outcome = applied === SENT ? null : applied;
    if (outcome && (!next || outcome < next)) next = outcome;
    // Sent by another run meanwhile, or its late answer saved: what the warehouse has is reported.
    if (!serviceMode && decision.kind === "send" && applied !== SENT) {
      const sent = await recordById(db, record.id);
      if (sent && AT_WAREHOUSE.includes(statusOf(sent))) await reportAtWarehouse(deps, admin, sent, fo);
    }
    if (serviceMode && requested) await acknowledge(deps, admin, record.id, fo, decision);
  }
  // A part not sent yet that Shopify no longer has (merged into another, or replaced by a split):
  // its lines live on in the fulfilment orders just decided.
  const current = new Set(state.fulfillmentOrders.map((fo) => fo.id));
  for (const record of records) {
    const status = statusOf(record);
    if (!record.fulfillmentOrderGid || current.has(record.fulfillmentOrderGid) || !UNSENT.includes(status)) continue;
    if (status === "skipped") continue;
    const gone = reason("partGone");
    await transition(db, {
      id: record.id,
      from: status,
      to: "skipped",
      now,
      data: { ...reasonColumns(gone), waitUntil: null },
      detail: gone,
    });
  }
  return next ? { kind: "again", at: next } : { kind: "done" };
}

/**
 * Merchant-managed mode: once the warehouse has a fulfilment order, Shopify is told so with
 * `fulfillmentOrderReportProgress` — the merchant sees it in progress, and Shopify refuses to move
 * or merge it (a move or merge would have the warehouse and another location both ship). Once per
 * record (the event is its memory): a merchant who marks it open again chose to, and a later
 * move or merge is then caught by changeAfterSubmission. A report Shopify refuses because the
 * fulfilment order is no longer open is left to the next decision, which reads why.
 */
async function reportAtWarehouse(
  deps: PlanDeps,
  admin: AdminGraphql,
  record: Fulfillment,
  fo: FulfillmentOrderState,
  how: { firstReport: boolean } = { firstReport: false },
): Promise<void> {
  if (fo.status !== "OPEN" || !record.svcOrderId) return;
  if (!how.firstReport && (await eventRecorded(deps.db, record.id, "progressReported"))) return;
  const message = reason("progressReported", { order: record.svcOrderId });
  const answer = await reportWarehouseProgress(admin, {
    fulfillmentOrderGid: fo.id,
    notes: reasonRecord(message),
  });
  if (answer !== "reported") return;
  const status = statusOf(record);
  await recordEvent(deps.db, {
    fulfillmentId: record.id,
    at: deps.now(),
    fromStatus: status,
    toStatus: status,
    detailCode: message.code,
    detailParams: message.params,
    detail: reasonRecord(message),
  });
}

/**
 * Fulfilment-service mode: answers Shopify's request once the decision is carried out — accepted
 * when the service has the order, rejected with the reason when it will not get it.
 */
async function acknowledge(
  deps: PlanDeps,
  admin: AdminGraphql,
  recordId: string,
  fo: FulfillmentOrderState,
  decision: Decision,
): Promise<void> {
  if (decision.kind === "wait") return;
  const record = await recordById(deps.db, recordId);
  if (!record) return;
  const status = statusOf(record);
  if (status === "submitted" && record.svcOrderId) {
    await acceptRequest(admin, { fulfillmentOrderGid: fo.id, svcOrderId: record.svcOrderId, now: deps.now() });
    return;
  }
  const why = storedReason(record.reasonCode, record.reasonParams);
  if ((status === "skipped" || status === "needs_attention") && !record.svcOrderId && why) {
    await rejectRequest(admin, { fulfillmentOrderGid: fo.id, reason: why });
    // The reason stays the cause; the timeline says the request was declined for it.
    await transition(deps.db, {
      id: record.id,
      from: status,
      to: "skipped",
      now: deps.now(),
      detail: reason("declinedRequest"),
    });
  }
}

/**
 * One record per fulfilment order of the order (inserted once: the fulfilment order's gid is
 * unique), all of them and their first events in one statement, then the order's records read.
 */
async function ensureRecords(
  db: PrismaClient,
  tracked: { shop: string; shopifyOrderId: string; orderGid: string; orderName: string },
  state: OrderState,
  now: Date,
): Promise<Fulfillment[]> {
  if (state.fulfillmentOrders.length > 0) {
    const gids = state.fulfillmentOrders.map((fo) => fo.id);
    const locations = state.fulfillmentOrders.map((fo) => fo.locationId);
    await sqlOf(db).composed(
      Prisma.sql`
      WITH record AS (
        INSERT INTO "Fulfillment" (id, shop, "shopifyOrderId", "orderGid", "orderName", "fulfillmentOrderGid",
                                   "locationGid", status, "createdAt", "updatedAt")
        SELECT gen_random_uuid(), ${tracked.shop}, ${tracked.shopifyOrderId}, ${tracked.orderGid}, ${tracked.orderName},
               fo.gid, fo.location, 'pending', ${now}, ${now}
        FROM unnest(${gids}::text[], ${locations}::text[]) WITH ORDINALITY AS fo(gid, location, n)
        ORDER BY fo.n
        ON CONFLICT (shop, "fulfillmentOrderGid") DO NOTHING
        RETURNING id, "fulfillmentOrderGid"
      )
      INSERT INTO "FulfillmentEvent" ("fulfillmentId", at, "toStatus", detail, "detailCode", "detailParams")
      SELECT id, ${now}, 'pending', 'fulfilment order ' || "fulfillmentOrderGid" || ' read from Shopify',
             'readFromShopify', jsonb_build_object('gid', "fulfillmentOrderGid")
        FROM record`,
      () => undefined,
    );
  }
  return recordsOfOrder(db, tracked);
}

/** apply's answer when it sent the record to the warehouse (and reported that to Shopify). */
const SENT = Symbol("sent");

/** Moves one unsent record as decided; returns when the order's job should look again. */
async function apply(
  deps: PlanDeps,
  admin: AdminGraphql,
  record: Fulfillment,
  status: FulfillmentStatus,
  fo: FulfillmentOrderState,
  read: { state: OrderState; readAt: Date; serviceMode: boolean },
  decision: Decision,
): Promise<Date | null | typeof SENT> {
  const { state } = read;
  const now = deps.now();
  const base = { id: record.id, record, now };
  const location = { locationGid: fo.locationId };
  switch (decision.kind) {
    case "skip":
      if (status === "skipped" && sameReason(record, decision.reason)) return null;
      await transition(deps.db, {
        ...base,
        from: status,
        to: "skipped",
        data: { ...location, ...reasonColumns(decision.reason), waitUntil: null },
        detail: decision.reason,
      });
      return null;
    case "wait": {
      const same =
        status === "waiting" &&
        sameReason(record, decision.reason) &&
        (record.waitUntil?.getTime() ?? null) === (decision.until?.getTime() ?? null);
      if (!same) {
        await transition(deps.db, {
          ...base,
          from: status,
          to: "waiting",
          data: { ...location, ...reasonColumns(decision.reason), waitUntil: decision.until },
          detail: decision.until
            ? { ...decision.reason, params: { ...decision.reason.params, until: decision.until.toISOString() } }
            : decision.reason,
        });
      }
      return decision.until;
    }
    case "hold_address": {
      // The app's own hold, once: Shopify refuses a second hold with the same handle.
      if (!fo.addressHoldId) {
        await holdForAddress(admin, { fulfillmentOrderGid: fo.id, notes: addressHoldNotes(decision.problem) });
        deps.logger.info(
          { shop: record.shop, order: record.orderName, problem: decision.problem.code },
          "held in Shopify for its address",
        );
      }
      const held = addressHoldReason(decision.problem);
      if (status === "waiting" && sameReason(record, held)) return null;
      await transition(deps.db, {
        ...base,
        from: status,
        to: "waiting",
        // The order as read now: Pedidos offers a WhatsApp link to the buyer's phone from it.
        data: { ...location, ...reasonColumns(held), waitUntil: null, request: { order: state.order } as never },
        detail: held,
      });
      return null;
    }
    case "needs_attention":
      if (status === "needs_attention") return null;
      await transition(deps.db, {
        ...base,
        from: status,
        to: "needs_attention",
        data: { ...location, ...reasonColumns(decision.reason), waitUntil: null },
        detail: decision.reason,
      });
      return null;
    case "send": {
      // The address is deliverable now (corrected, or the merchant sends it as it stands): the
      // app's own hold goes first, by its id only; any other hold stays the merchant's.
      if (fo.addressHoldId) {
        await releaseAppHold(admin, { fulfillmentOrderGid: fo.id, holdId: fo.addressHoldId });
        deps.logger.info({ shop: record.shop, order: record.orderName }, "address hold released");
      }
      let current = record;
      if (status !== "pending") {
        if (
          !(await transition(deps.db, {
            ...base,
            from: status,
            to: "pending",
            data: location,
            detail: reason("readyToSend"),
          }))
        )
          return null;
        current = await deps.db.fulfillment.findUniqueOrThrow({ where: { id: record.id } });
      }
      const outcome = await sendToService(deps, current, {
        request: decision.request,
        serviceCode: decision.serviceCode,
        serviceCodeSource: decision.serviceCodeSource,
        warnings: decision.warnings,
        order: state.order,
        decidedFrom: read.readAt,
        sentFrom: fo.locationId,
      });
      if (outcome.kind === "address_refused") {
        // The service refused the destination (nothing created; the record is waiting): the
        // app's hold, once — a hold still there from before is "already held", not a second.
        await holdForAddress(admin, { fulfillmentOrderGid: fo.id, notes: addressHoldNotes(outcome.problem) });
        deps.logger.info(
          { shop: record.shop, order: record.orderName, problem: outcome.problem.code },
          "held in Shopify: the service refused the destination",
        );
        return null;
      }
      if (outcome.kind === "sent") {
        // Sent by this run: no report of its progress can exist yet (merchant-managed mode).
        if (!read.serviceMode)
          await reportAtWarehouse(
            deps,
            admin,
            { ...current, status: "submitted", svcOrderId: outcome.svcOrderId },
            fo,
            {
              firstReport: true,
            },
          );
        return SENT;
      }
      return outcome.kind === "again" ? outcome.at : null;
    }
  }
}
