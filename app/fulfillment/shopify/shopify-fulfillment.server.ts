/**
 * Writes the shipment back to Shopify: one fulfilment per fulfilment order, of only the lines and
 * quantities the service reports shipped, with the carrier's tracking. Exactly once even when the
 * answer to the write is lost (an Admin timeout, a crash before our save, a failed save, a run whose
 * lease ran out): what to fulfil is decided from the fulfilment order as Shopify has it now. The
 * service order asked for what the fulfilment order expected when it was sent (`ordered`), so
 * whatever of it Shopify no longer expects was fulfilled since — by an earlier run whose answer was
 * lost — and only what shipped beyond that is fulfilled; with nothing left to write, the fulfilment
 * that exists is adopted. A short shipment (1 of 2 shipped) is therefore never fulfilled twice, and
 * the units sent later as a new service order («send the rest») are still fulfilled when they ship.
 */
import { JobLeaseLostError } from "../../jobs/worker.server";
import { reason, type ReasonMessage } from "../core/reason-codes";
import type { AdminGraphql } from "../../shopify/admin.server";
import { ShopifyAdminError } from "../../shopify/admin/errors";
import { readFulfillmentStatePage, type FulfillmentStatePage } from "../../shopify/admin/fulfillment-orders.server";
import { createFulfillment, updateFulfillmentTracking } from "../../shopify/admin/fulfillments.server";
import { trackingNumbers, type SkuUnits, type Tracking } from "../core/service-status";

const PAGE = 50;

type FoLine = FulfillmentStatePage["lineItems"]["nodes"][number];

export type FulfilmentWrite =
  | {
      kind: "created" | "adopted";
      fulfillmentId: string;
      lines: SkuUnits[];
      /** What the fulfilment order still expects after this fulfilment: empty unless shipped short. */
      left: SkuUnits[];
    }
  /** Nothing can be fulfilled and nothing was: e.g. the fulfilment order was cancelled in Shopify. */
  | { kind: "impossible"; reason: ReasonMessage };

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

/**
 * Creates the fulfilment order's fulfilment of `shipped` (SKU → units; never more than remains)
 * with `tracking`, or finds the one an earlier run created; says what the fulfilment order still
 * expects after it.
 */
export async function ensureShopifyFulfillment(
  admin: AdminGraphql,
  args: {
    fulfillmentOrderGid: string;
    shipped: ReadonlyMap<string, number>;
    /**
     * SKU → units the service order asked for (the fulfilment order's remaining units when it was
     * sent); absent for records that kept no copy of what they sent.
     */
    ordered?: ReadonlyMap<string, number>;
    /** The service order the shipment belongs to, named when the fulfilment order changed. */
    svcOrderId?: string | null;
    tracking: Tracking | null;
    notifyCustomer: boolean;
    /**
     * Asked right before the fulfilment is created (the one write that must not happen twice):
     * false when this run has lost its job to another run (JobLease.stillHolds), which may have
     * read the same fulfilment order and will write it; the run then stops (JobLeaseLostError).
     */
    beforeWrite?: () => Promise<boolean>;
  },
): Promise<FulfilmentWrite> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const fo = await readFulfilmentOrder(admin, args.fulfillmentOrderGid);
    if (!fo) return { kind: "impossible", reason: reason("fulfilmentOrderGone", { gid: args.fulfillmentOrderGid }) };
    // Units the service order asked for that this fulfilment order no longer holds at all (split
    // off, moved or edited away since it was sent) are not fulfilled since: they live elsewhere,
    // where nothing must send them again. A person decides; the plan keeps the products contested.
    const lost = args.ordered ? unitsGone(fo.lines, args.ordered) : null;
    if (lost)
      return {
        kind: "impossible",
        reason: reason("changedAfterWarehouse", { ...lost, order: args.svcOrderId ?? null }),
      };
    const lines = FULFILLABLE.has(fo.status) ? allocate(fo.lines, stillToFulfil(fo.lines, args)) : [];
    if (lines.length === 0) {
      const existing = fo.fulfillments
        .filter((f) => f.status === "SUCCESS")
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (existing) return { kind: "adopted", fulfillmentId: existing.id, lines: [], left: remaining(fo, []) };
      return {
        kind: "impossible",
        reason: reason(fo.status === "CANCELLED" ? "shippedButCancelled" : "nothingLeftToFulfil"),
      };
    }
    if (args.beforeWrite && !(await args.beforeWrite())) throw new JobLeaseLostError();
    const result = await createFulfillment(admin, {
      lineItemsByFulfillmentOrder: [
        {
          fulfillmentOrderId: fo.id,
          fulfillmentOrderLineItems: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
        },
      ],
      notifyCustomer: args.notifyCustomer,
      ...(args.tracking ? { trackingInfo: trackingInput(args.tracking) } : {}),
    });
    if ("fulfillmentId" in result) {
      return {
        kind: "created",
        fulfillmentId: result.fulfillmentId,
        lines: lines.map(({ sku, quantity }) => ({ sku, quantity })),
        left: remaining(fo, lines),
      };
    }
    // Someone fulfilled it between our read and our write (e.g. a run whose lease had expired):
    // read again, and adopt what is there.
    if (!result.refused.some((message) => /unfulfillable status|quantity|remaining/i.test(message))) {
      throw new ShopifyAdminError({
        operation: "fulfillmentCreate",
        kind: "user",
        message: result.refused.join("; "),
      });
    }
  }
  throw new ShopifyAdminError({
    operation: "fulfillmentCreate",
    kind: "user",
    message: "the fulfilment order kept changing",
  });
}

const skuOf = (line: FoLine) =>
  line.sku?.trim() || line.lineItem.sku?.trim() || line.lineItem.variant?.sku?.trim() || "";

/**
 * What shipped and Shopify does not show fulfilled yet, per SKU: the units shipped less those of
 * the service order that the fulfilment order no longer expects (fulfilled since it was sent).
 */
function stillToFulfil(
  lines: FoLine[],
  args: { shipped: ReadonlyMap<string, number>; ordered?: ReadonlyMap<string, number> },
): Map<string, number> {
  if (!args.ordered) return new Map(args.shipped);
  const expected = new Map<string, number>();
  for (const line of lines) {
    const sku = skuOf(line);
    if (line.remainingQuantity > 0) expected.set(sku, (expected.get(sku) ?? 0) + line.remainingQuantity);
  }
  const out = new Map<string, number>();
  for (const [sku, units] of args.shipped) {
    const fulfilledSince = Math.max(0, (args.ordered.get(sku) ?? 0) - (expected.get(sku) ?? 0));
    out.set(sku, Math.max(0, units - fulfilledSince));
  }
  return out;
}

/**
 * When the fulfilment order holds (fulfilled or not) fewer units of a SKU than the service order
 * asked for: what it holds now and what was sent, per SKU; else null.
 */
function unitsGone(lines: FoLine[], ordered: ReadonlyMap<string, number>): { now: string; sent: string } | null {
  const held = new Map<string, number>();
  for (const line of lines) held.set(skuOf(line), (held.get(skuOf(line)) ?? 0) + line.totalQuantity);
  if (![...ordered].some(([sku, units]) => (held.get(sku) ?? 0) < units)) return null;
  const describe = (units: ReadonlyMap<string, number>) =>
    [...units]
      .filter(([, quantity]) => quantity > 0)
      .map(([sku, quantity]) => `${sku} × ${quantity}`)
      .join(", ");
  return { now: describe(held) || "—", sent: describe(ordered) };
}

/** The fulfilment order's lines to fulfil: what shipped, per SKU, up to what remains on each line. */
function allocate(
  lines: FoLine[],
  shipped: ReadonlyMap<string, number>,
): { id: string; sku: string; quantity: number }[] {
  const left = new Map(shipped);
  const out: { id: string; sku: string; quantity: number }[] = [];
  for (const line of lines) {
    const sku = skuOf(line);
    if (line.remainingQuantity <= 0) continue;
    const quantity = Math.min(line.remainingQuantity, left.get(sku) ?? 0);
    if (quantity <= 0) continue;
    left.set(sku, (left.get(sku) ?? 0) - quantity);
    out.push({ id: line.id, sku, quantity });
  }
  return out;
}

/**
 * What a fulfilment order (still open) expects once `fulfilled` of its lines are fulfilled, per
 * SKU in line order; a closed or cancelled one expects nothing more.
 */
function remaining(
  fo: { status: string; lines: FoLine[] },
  fulfilled: readonly { id: string; quantity: number }[],
): SkuUnits[] {
  if (!FULFILLABLE.has(fo.status)) return [];
  const totals = new Map<string, number>();
  for (const line of fo.lines) {
    const done = fulfilled.filter((f) => f.id === line.id).reduce((sum, f) => sum + f.quantity, 0);
    const units = line.remainingQuantity - done;
    if (units <= 0) continue;
    const sku = skuOf(line) || line.id;
    totals.set(sku, (totals.get(sku) ?? 0) + units);
  }
  return [...totals].map(([sku, quantity]) => ({ sku, quantity }));
}

async function readFulfilmentOrder(admin: AdminGraphql, id: string) {
  const lines: FoLine[] = [];
  let after: string | null = null;
  let head: { id: string; status: string; fulfillments: { id: string; status: string; createdAt: string }[] } | null =
    null;
  do {
    const fo: FulfillmentStatePage | null = await readFulfillmentStatePage(admin, {
      id,
      first: PAGE,
      after,
      withFulfilments: head === null,
    });
    if (!fo) return null;
    head ??= { id: fo.id, status: fo.status, fulfillments: fo.fulfillments?.nodes ?? [] };
    lines.push(...fo.lineItems.nodes);
    after = fo.lineItems.pageInfo.hasNextPage ? (fo.lineItems.pageInfo.endCursor ?? null) : null;
  } while (after);
  return { ...head, lines };
}

/** Replaces the fulfilment's tracking (the carrier changed the number or the link). */
export async function updateShopifyTracking(
  admin: AdminGraphql,
  args: { fulfillmentId: string; tracking: Tracking; notifyCustomer: boolean },
): Promise<void> {
  await updateFulfillmentTracking(admin, {
    fulfillmentId: args.fulfillmentId,
    trackingInfoInput: trackingInput(args.tracking),
    notifyCustomer: args.notifyCustomer,
  });
}

function trackingInput(tracking: Tracking) {
  const numbers = trackingNumbers(tracking);
  return {
    ...(numbers.length > 1 ? { numbers } : { number: numbers[0] ?? tracking.number }),
    ...(tracking.company ? { company: tracking.company } : {}),
    ...(tracking.url ? { url: tracking.url } : {}),
  };
}
