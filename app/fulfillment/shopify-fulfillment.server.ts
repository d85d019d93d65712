/**
 * Writes the shipment back to Shopify: one fulfilment per fulfilment order, of only the lines and
 * quantities the service reports shipped, with the carrier's tracking. Exactly once even when a
 * run dies between Shopify's answer and our save: Shopify never fulfils more than remains, so a
 * second run finds nothing left of what shipped and adopts the fulfilment that exists instead.
 */
import type { AdminGraphql, GraphqlResult } from "../shopify/admin.server";
import { trackingNumbers, type SkuUnits, type Tracking } from "./service-status";

const PAGE = 50;

const FO_FULFILMENT_STATE = /* GraphQL */ `
  query FulfilmentOrderFulfilmentState($id: ID!, $first: Int!, $after: String, $withFulfilments: Boolean!) {
    fulfillmentOrder(id: $id) {
      id
      status
      lineItems(first: $first, after: $after) {
        nodes {
          id
          sku
          remainingQuantity
          lineItem {
            sku
            variant {
              sku
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      fulfillments(first: $first, reverse: true) @include(if: $withFulfilments) {
        nodes {
          id
          status
          createdAt
        }
      }
    }
  }
`;

const FULFILLMENT_CREATE = /* GraphQL */ `
  mutation CreateFulfilment($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const TRACKING_UPDATE = /* GraphQL */ `
  mutation UpdateTracking(
    $fulfillmentId: ID!
    $trackingInfoInput: FulfillmentTrackingInput!
    $notifyCustomer: Boolean
  ) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface FoLine {
  id: string;
  sku: string | null;
  remainingQuantity: number;
  lineItem: { sku: string | null; variant: { sku: string | null } | null };
}
interface FoFulfilmentState {
  fulfillmentOrder: {
    id: string;
    status: string;
    lineItems: { nodes: FoLine[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    fulfillments?: { nodes: { id: string; status: string; createdAt: string }[] };
  } | null;
}

type UserErrors = { userErrors: { field?: string[] | null; message: string }[] };

export type FulfilmentWrite =
  | {
      kind: "created" | "adopted";
      fulfillmentId: string;
      lines: SkuUnits[];
      /** What the fulfilment order still expects after this fulfilment: empty unless shipped short. */
      left: SkuUnits[];
    }
  /** Nothing can be fulfilled and nothing was: e.g. the fulfilment order was cancelled in Shopify. */
  | { kind: "impossible"; reason: string };

/** A failure worth trying again later (network, throttling, an unexpected refusal). */
export class ShopifyWriteError extends Error {}

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
    tracking: Tracking | null;
    notifyCustomer: boolean;
  },
): Promise<FulfilmentWrite> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const fo = await readFulfilmentOrder(admin, args.fulfillmentOrderGid);
    if (!fo)
      return {
        kind: "impossible",
        reason: `the Shopify fulfilment order ${args.fulfillmentOrderGid} no longer exists`,
      };
    const lines = FULFILLABLE.has(fo.status) ? allocate(fo.lines, args.shipped) : [];
    if (lines.length === 0) {
      const existing = fo.fulfillments
        .filter((f) => f.status === "SUCCESS")
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (existing) return { kind: "adopted", fulfillmentId: existing.id, lines: [], left: remaining(fo, []) };
      return {
        kind: "impossible",
        reason:
          fo.status === "CANCELLED"
            ? "the shipment left the warehouse but this part of the order was cancelled in Shopify — settle it with the buyer and the service"
            : "nothing the service shipped is left to fulfil in Shopify, and no fulfilment exists (fulfilled elsewhere or changed?)",
      };
    }
    const result = data(
      await admin<{ fulfillmentCreate: UserErrors & { fulfillment: { id: string } | null } }>(FULFILLMENT_CREATE, {
        fulfillment: {
          lineItemsByFulfillmentOrder: [
            {
              fulfillmentOrderId: fo.id,
              fulfillmentOrderLineItems: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
            },
          ],
          notifyCustomer: args.notifyCustomer,
          ...(args.tracking ? { trackingInfo: trackingInput(args.tracking) } : {}),
        },
      }),
      "fulfillmentCreate",
    ).fulfillmentCreate;
    if (result.fulfillment) {
      return {
        kind: "created",
        fulfillmentId: result.fulfillment.id,
        lines: lines.map(({ sku, quantity }) => ({ sku, quantity })),
        left: remaining(fo, lines),
      };
    }
    // Someone fulfilled it between our read and our write (e.g. a run whose lease had expired):
    // read again, and adopt what is there.
    if (!result.userErrors.some((e) => /unfulfillable status|quantity|remaining/i.test(e.message))) {
      throw new ShopifyWriteError(`fulfillmentCreate refused: ${result.userErrors.map((e) => e.message).join("; ")}`);
    }
  }
  throw new ShopifyWriteError("fulfillmentCreate: the fulfilment order kept changing");
}

const skuOf = (line: FoLine) =>
  line.sku?.trim() || line.lineItem.sku?.trim() || line.lineItem.variant?.sku?.trim() || "";

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
    const fo: FoFulfilmentState["fulfillmentOrder"] = data(
      await admin<FoFulfilmentState>(FO_FULFILMENT_STATE, { id, first: PAGE, after, withFulfilments: head === null }),
      "fulfillmentOrder",
    ).fulfillmentOrder;
    if (!fo) return null;
    head ??= { id: fo.id, status: fo.status, fulfillments: fo.fulfillments?.nodes ?? [] };
    lines.push(...fo.lineItems.nodes);
    after = fo.lineItems.pageInfo.hasNextPage ? fo.lineItems.pageInfo.endCursor : null;
  } while (after);
  return { ...head, lines };
}

/** Replaces the fulfilment's tracking (the carrier changed the number or the link). */
export async function updateShopifyTracking(
  admin: AdminGraphql,
  args: { fulfillmentId: string; tracking: Tracking; notifyCustomer: boolean },
): Promise<void> {
  const result = data(
    await admin<{ fulfillmentTrackingInfoUpdate: UserErrors }>(TRACKING_UPDATE, {
      fulfillmentId: args.fulfillmentId,
      trackingInfoInput: trackingInput(args.tracking),
      notifyCustomer: args.notifyCustomer,
    }),
    "fulfillmentTrackingInfoUpdate",
  ).fulfillmentTrackingInfoUpdate;
  if (result.userErrors.length > 0) {
    throw new ShopifyWriteError(
      `fulfillmentTrackingInfoUpdate refused: ${result.userErrors.map((e) => e.message).join("; ")}`,
    );
  }
}

function trackingInput(tracking: Tracking) {
  const numbers = trackingNumbers(tracking);
  return {
    ...(numbers.length > 1 ? { numbers } : { number: numbers[0] ?? tracking.number }),
    ...(tracking.company ? { company: tracking.company } : {}),
    ...(tracking.url ? { url: tracking.url } : {}),
  };
}

/** The data of a call, or a ShopifyWriteError naming the operation when Shopify answered errors. */
export function data<T>(result: GraphqlResult<T>, operation: string): T {
  if (result.errors?.length || !result.data) {
    const message = result.errors?.map((e) => e.message).join("; ") ?? "no data";
    throw new ShopifyWriteError(`${operation}: ${message}`);
  }
  return result.data;
}
