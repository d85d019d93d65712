/**
 * Writes the shipment back to Shopify: one fulfilment for the order's open merchant-managed
 * fulfilment orders, with the carrier's tracking. Exactly once even when a run dies between
 * Shopify's answer and our save: Shopify refuses to fulfil a closed fulfilment order, so a second
 * run finds nothing open and adopts the fulfilment that exists instead of creating another.
 */
import type { AdminGraphql, GraphqlResult } from "../shopify/admin.server";
import type { Tracking } from "./service-status";

const ORDER_FULFILMENT_STATE = /* GraphQL */ `
  query FulfilmentState($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 10) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes {
              id
              remainingQuantity
            }
          }
        }
      }
      fulfillments(first: 10) {
        id
        status
        createdAt
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

interface OrderState {
  order: {
    id: string;
    fulfillmentOrders: {
      nodes: { id: string; status: string; lineItems: { nodes: { id: string; remainingQuantity: number }[] } }[];
    };
    fulfillments: { id: string; status: string; createdAt: string }[];
  } | null;
}

type UserErrors = { userErrors: { field?: string[] | null; message: string }[] };

export type FulfilmentWrite =
  | { kind: "created" | "adopted"; fulfillmentId: string }
  /** Nothing can be fulfilled and nothing was: e.g. the order was cancelled in Shopify. */
  | { kind: "impossible"; reason: string };

/** A failure worth trying again later (network, throttling, an unexpected refusal). */
export class ShopifyWriteError extends Error {}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

/** Creates the order's fulfilment with `tracking`, or finds the one an earlier run created. */
export async function ensureShopifyFulfillment(
  admin: AdminGraphql,
  args: { orderGid: string; tracking: Tracking | null; notifyCustomer: boolean },
): Promise<FulfilmentWrite> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const order = data(await admin<OrderState>(ORDER_FULFILMENT_STATE, { id: args.orderGid }), "order").order;
    if (!order) return { kind: "impossible", reason: `the Shopify order ${args.orderGid} no longer exists` };
    const open = order.fulfillmentOrders.nodes
      .filter((fo) => FULFILLABLE.has(fo.status))
      .map((fo) => ({ fo, lines: fo.lineItems.nodes.filter((line) => line.remainingQuantity > 0) }))
      .filter(({ lines }) => lines.length > 0);
    if (open.length === 0) {
      const existing = order.fulfillments
        .filter((f) => f.status === "SUCCESS")
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (existing) return { kind: "adopted", fulfillmentId: existing.id };
      return {
        kind: "impossible",
        reason: "the Shopify order has no open fulfilment order and no fulfilment (cancelled or fulfilled elsewhere?)",
      };
    }
    const result = data(
      await admin<{ fulfillmentCreate: UserErrors & { fulfillment: { id: string } | null } }>(FULFILLMENT_CREATE, {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map(({ fo, lines }) => ({
            fulfillmentOrderId: fo.id,
            fulfillmentOrderLineItems: lines.map((line) => ({ id: line.id, quantity: line.remainingQuantity })),
          })),
          notifyCustomer: args.notifyCustomer,
          ...(args.tracking ? { trackingInfo: trackingInput(args.tracking) } : {}),
        },
      }),
      "fulfillmentCreate",
    ).fulfillmentCreate;
    if (result.fulfillment) return { kind: "created", fulfillmentId: result.fulfillment.id };
    // Someone fulfilled it between our read and our write (e.g. a run whose lease had expired):
    // read again, and adopt what is there.
    if (!result.userErrors.some((e) => /unfulfillable status/i.test(e.message))) {
      throw new ShopifyWriteError(`fulfillmentCreate refused: ${result.userErrors.map((e) => e.message).join("; ")}`);
    }
  }
  throw new ShopifyWriteError("fulfillmentCreate: the fulfilment orders kept changing");
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
  return {
    number: tracking.number,
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
