/**
 * Follows a submitted order at the service (there are no webhooks: GET /api/rest/order/{id} on a
 * schedule) and carries what happens back to Shopify. A record only reads `shipped` once the
 * Shopify fulfilment exists, so a failed write-back is simply tried again at the next poll.
 */
import { reason, reasonColumns, reasonRecord, sameReason, type ReasonMessage } from "../core/reason-codes";
import type { Fulfillment, Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { JobLeaseLostError } from "../../jobs/worker.server";
import { getShopSettings } from "../../shop/shop-settings.server";
import type { AdminGraphql } from "../../shopify/admin.server";
import { lookupServiceOrder, type SvcClient } from "../../svc";
import { readStoredRequest, statusOf, transition } from "../records/records.server";
import { MAX_POLL_DELAY_MS, after, nextPollDelayMs } from "../core/schedule";
import {
  describeUnits,
  readServiceOrder,
  sameTracking,
  shippedProducts,
  type SkuUnits,
  type Tracking,
} from "../core/service-status";
import { ensureShopifyFulfillment, updateShopifyTracking } from "../shopify/shopify-fulfillment.server";
import { nothingShipped, shippedShort } from "../core/short-shipment";
import { FOLLOWED_STATUSES, furthest, type FulfillmentStatus } from "../core/status";

export interface PollDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  adminFor(shop: string): Promise<AdminGraphql>;
  /**
   * Whether this run still holds its job (JobLease.stillHolds): asked right before the fulfilment
   * is created in Shopify, so a run whose lease ran out and was taken over never writes it too.
   */
  stillHolds?: () => Promise<boolean>;
}

/** Stop following the order, or look again at `at` after `delayMs`. */
export type PollOutcome =
  | { kind: "done" }
  /** `error`: what keeps the shipment from Shopify (the write-back failed), for Pedidos to show with a retry. */
  | { kind: "again"; at: Date; delayMs: number; error?: string; errorCode?: string };

/** Polls the record's service order once and applies what it says; `lastDelayMs` grows the schedule. */
export async function pollFulfillment(
  deps: PollDeps,
  fulfillmentId: string,
  lastDelayMs?: number,
): Promise<PollOutcome> {
  const record = await deps.db.fulfillment.findUnique({ where: { id: fulfillmentId } });
  if (!record || !record.svcOrderId || !FOLLOWED_STATUSES.includes(statusOf(record))) return { kind: "done" };
  const later = (
    changed: boolean,
    status: FulfillmentStatus = statusOf(record),
  ): Extract<PollOutcome, { kind: "again" }> => {
    const delayMs = nextPollDelayMs(lastDelayMs, changed, status === "shipped");
    return { kind: "again", at: after(deps.now(), delayMs), delayMs };
  };

  const client = await deps.svcClientFor(record.shop);
  // Disconnected for now: keep the order in view, slowly, until the account is back.
  if (!client) return { kind: "again", at: after(deps.now(), MAX_POLL_DELAY_MS), delayMs: MAX_POLL_DELAY_MS };
  let order;
  try {
    order = await lookupServiceOrder(client, record.svcOrderId);
  } catch (error) {
    deps.logger.warn(
      { shop: record.shop, order: record.orderName, err: message(error) },
      "service order lookup failed",
    );
    return later(false);
  }
  const now = deps.now();
  if (!order) {
    const unknown = reason("unknownServiceOrder", { order: record.svcOrderId });
    const same = sameReason(record, unknown);
    await save(deps, record, statusOf(record), { ...reasonColumns(unknown), lastPolledAt: now }, same ? null : unknown);
    return later(false);
  }

  const report = readServiceOrder(order);
  const current = statusOf(record);
  const reported = report.status ? furthest(current, report.status) : current;
  const data: Prisma.FulfillmentUpdateManyMutationInput = { svcStatus: report.svcStatus, lastPolledAt: now };
  let next = reported;
  let detail: ReasonMessage | null =
    report.svcStatus !== record.svcStatus ? reason("serviceStatus", { status: report.svcStatus }) : null;

  if (reported === "shipped" || reported === "delivered") {
    const shipped = shippedProducts(order.lines);
    if (shipped.size === 0 && !record.shopifyFulfillmentId) {
      // Nothing is fulfilled in Shopify that the warehouse did not report (issue 23).
      const nothing = nothingShipped(report.svcStatus);
      await save(deps, record, "needs_attention", { ...data, ...reasonColumns(nothing) }, nothing);
      return { kind: "done" };
    }
    const written = await writeBack(deps, record, report.tracking, shipped);
    if (written.kind === "impossible") {
      await save(deps, record, "needs_attention", { ...data, ...reasonColumns(written.reason) }, written.reason);
      return { kind: "done" };
    }
    if (written.kind === "failed") {
      // Not shipped for us until Shopify shows it: keep the warehouse progress, try again soon.
      next = furthest(current, "in_progress");
      Object.assign(data, reasonColumns(written.reason));
      await save(deps, record, next, data, detail);
      // Writing to Shopify failed (app/job-errors/error-codes.ts words it on Pedidos if it keeps failing).
      return { ...later(true), error: reasonRecord(written.reason), errorCode: "shopifyFailed" };
    }
    Object.assign(data, written.data, reasonColumns(null));
    // One entry per change: what Shopify now shows says more than the service's status word.
    detail = written.detail ?? detail;
    if (written.left.length > 0) {
      // Shipped short: what left is in Shopify; the rest needs a person's choice.
      const short = shippedShort(written.left);
      const shortData = {
        ...data,
        ...reasonColumns(short),
        missingLines: written.left as unknown as Prisma.InputJsonValue,
      };
      if (!(await save(deps, record, "needs_attention", shortData, short))) return later(true);
      deps.logger.warn({ shop: record.shop, order: record.orderName, missing: written.left }, "shipped short");
      return { kind: "done" };
    }
    if (next === "delivered") data.deliveredAt = now;
  }
  const changed = next !== current || detail !== null;
  if (!(await save(deps, record, next, data, detail))) return later(true);
  if (next === "delivered") return { kind: "done" };
  return later(changed, next);
}

type WriteBack =
  | { kind: "ok"; data: Prisma.FulfillmentUpdateManyMutationInput; detail: ReasonMessage | null; left: SkuUnits[] }
  | { kind: "failed"; reason: ReasonMessage }
  | { kind: "impossible"; reason: ReasonMessage };

async function writeBack(
  deps: PollDeps,
  record: Fulfillment,
  tracking: Tracking | null,
  shipped: ReadonlyMap<string, number>,
): Promise<WriteBack> {
  const stored: Tracking | null = record.trackingNumber
    ? { number: record.trackingNumber, company: record.trackingCompany, url: record.trackingUrl }
    : null;
  if (record.shopifyFulfillmentId && (!tracking || sameTracking(tracking, stored)))
    return { kind: "ok", data: {}, detail: null, left: [] };
  const trackingData = tracking
    ? { trackingNumber: tracking.number, trackingCompany: tracking.company, trackingUrl: tracking.url }
    : {};
  try {
    const { settings } = await getShopSettings({ db: deps.db, shop: record.shop });
    const notifyCustomer = settings.fulfillment.notifyCustomer;
    const admin = await deps.adminFor(record.shop);
    if (record.shopifyFulfillmentId && tracking) {
      await updateShopifyTracking(admin, { fulfillmentId: record.shopifyFulfillmentId, tracking, notifyCustomer });
      return {
        kind: "ok",
        data: trackingData,
        detail: reason("trackingChanged", { tracking: describe(tracking) }),
        left: [],
      };
    }
    if (!record.fulfillmentOrderGid) {
      return { kind: "impossible", reason: reason("beforeFulfilmentOrders") };
    }
    const sent = readStoredRequest(record.request)?.sent?.lines;
    const result = await ensureShopifyFulfillment(admin, {
      fulfillmentOrderGid: record.fulfillmentOrderGid,
      shipped,
      ...(sent ? { ordered: orderedUnits(sent) } : {}),
      svcOrderId: record.svcOrderId,
      tracking,
      notifyCustomer,
      ...(deps.stillHolds ? { beforeWrite: deps.stillHolds } : {}),
    });
    if (result.kind === "impossible") return result;
    const lines = describeUnits(result.lines);
    return {
      kind: "ok",
      left: result.left,
      data: { ...trackingData, shopifyFulfillmentId: result.fulfillmentId, shippedAt: record.shippedAt ?? deps.now() },
      detail: reason("shopifyFulfilment", {
        kind: result.kind,
        id: result.fulfillmentId,
        lines: lines || null,
        tracking: tracking ? describe(tracking) : null,
      }),
    };
  } catch (error) {
    // This run lost its job: it stops here, and the run that took over writes the shipment.
    if (error instanceof JobLeaseLostError) throw error;
    deps.logger.warn({ shop: record.shop, order: record.orderName, err: message(error) }, "Shopify write-back failed");
    return { kind: "failed", reason: reason("writeBackFailed", { said: message(error) }) };
  }
}

/** What the service order asked for, per SKU (the lines the record sent). */
function orderedUnits(lines: readonly { identifier: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    const sku = line.identifier.trim();
    units.set(sku, (units.get(sku) ?? 0) + line.quantity);
  }
  return units;
}

function save(
  deps: PollDeps,
  record: Fulfillment,
  to: FulfillmentStatus,
  data: Prisma.FulfillmentUpdateManyMutationInput,
  detail: ReasonMessage | null,
) {
  return transition(deps.db, { id: record.id, from: statusOf(record), to, now: deps.now(), data, detail });
}

function describe(tracking: Tracking): string {
  return [tracking.company, tracking.number].filter(Boolean).join(" ");
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
