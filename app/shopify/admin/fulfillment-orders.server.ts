/**
 * Fulfilment orders as the submission and write-back paths read them: an order with all its
 * fulfilment orders (page by page), more lines of one, its fulfilment state, and its order; and,
 * for stock sync, what Shopify still expects of several fulfilment orders at once.
 */
import type { AdminGraphql } from "./client";
import { dataOf } from "./errors";
import type {
  FoLineFragment,
  FoStateFragment,
  FulfilmentOrderFulfilmentStateQuery,
  FulfilmentOrderOrderQuery,
  FulfilmentOrderStateQuery,
  FulfilmentOrdersExpectedQuery,
  MoreFulfilmentOrderLinesQuery,
  MoreShippingLinesQuery,
} from "./types/admin.generated";
import { ORDER_ADDRESS } from "./orders.server";

export type { FoLineFragment as FulfillmentOrderLineRead, FoStateFragment as FulfillmentOrderRead };

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

const FO_LINE = `#graphql
  fragment FoLine on FulfillmentOrderLineItem {
    id
    sku
    totalQuantity
    remainingQuantity
    requiresShipping
    lineItem { id name sku variant { sku } }
    shippingLine { title code source }
  }
`;

const FO_STATE = `#graphql
  fragment FoState on FulfillmentOrder {
    id
    status
    requestStatus
    fulfillAt
    assignedLocation { name location { id } }
    deliveryMethod { methodType }
    fulfillmentHolds { id handle reason heldByRequestingApp }
    lineItems(first: $lines) {
      nodes { ...FoLine }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const ORDER_STATE = `#graphql
  query FulfilmentOrderState($id: ID!, $first: Int!, $after: String, $lines: Int!, $withOrder: Boolean!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      cancelledAt
      test
      updatedAt
      shippingAddress @include(if: $withOrder) { ...OrderAddress }
      shippingLines(first: $first) @include(if: $withOrder) {
        nodes { title code source }
        pageInfo { hasNextPage endCursor }
      }
      fulfillmentOrders(first: $first, after: $after) {
        nodes { ...FoState }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FO_STATE}
  ${FO_LINE}
  ${ORDER_ADDRESS}
`;

const MORE_SHIPPING_LINES = `#graphql
  query MoreShippingLines($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      shippingLines(first: $first, after: $after) {
        nodes { title code source }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

const MORE_FO_LINES = `#graphql
  query MoreFulfilmentOrderLines($id: ID!, $first: Int!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: $first, after: $after) {
        nodes { ...FoLine }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FO_LINE}
`;

const FULFILMENT_STATE = `#graphql
  query FulfilmentOrderFulfilmentState($id: ID!, $first: Int!, $after: String, $withFulfilments: Boolean!) {
    fulfillmentOrder(id: $id) {
      id
      status
      lineItems(first: $first, after: $after) {
        nodes { id sku totalQuantity remainingQuantity lineItem { sku variant { sku } } }
        pageInfo { hasNextPage endCursor }
      }
      fulfillments(first: $first, reverse: true) @include(if: $withFulfilments) {
        nodes { id status createdAt }
      }
    }
  }
`;

const FO_ORDER = `#graphql
  query FulfilmentOrderOrder($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      order { id legacyResourceId name }
    }
  }
`;

const EXPECTED = `#graphql
  query FulfilmentOrdersExpected($ids: [ID!]!, $lines: Int!) {
    nodes(ids: $ids) {
      ... on FulfillmentOrder {
        id
        status
        assignedLocation { location { id } }
        lineItems(first: $lines) {
          nodes { ...FoLine }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
  ${FO_LINE}
`;

export type OrderStatePage = NonNullable<FulfilmentOrderStateQuery["order"]>;

/**
 * One page of an order's fulfilment orders (`first` each, `lines` lines each); the address and
 * the first shipping lines only `withOrder`. Null when the order no longer exists.
 */
export async function readOrderStatePage(
  admin: AdminGraphql,
  args: { id: string; first: number; after: string | null; lines: number; withOrder: boolean },
): Promise<OrderStatePage | null> {
  return dataOf(await admin<FulfilmentOrderStateQuery>(ORDER_STATE, args), "order").order ?? null;
}

export type ShippingLineRead = { title: string; code?: string | null; source?: string | null };

/** The next page of an order's shipping lines. */
export async function readMoreShippingLines(
  admin: AdminGraphql,
  args: { id: string; first: number; after: string | null },
): Promise<{ nodes: ShippingLineRead[]; pageInfo: PageInfo } | null> {
  const lines = dataOf(await admin<MoreShippingLinesQuery>(MORE_SHIPPING_LINES, args), "order.shippingLines").order
    ?.shippingLines;
  return lines ? { nodes: lines.nodes, pageInfo: pageInfoOf(lines.pageInfo) } : null;
}

/** The next page of a fulfilment order's lines. */
export async function readMoreFulfillmentOrderLines(
  admin: AdminGraphql,
  args: { id: string; first: number; after: string | null },
): Promise<{ nodes: FoLineFragment[]; pageInfo: PageInfo } | null> {
  const lines = dataOf(await admin<MoreFulfilmentOrderLinesQuery>(MORE_FO_LINES, args), "fulfillmentOrder.lineItems")
    .fulfillmentOrder?.lineItems;
  return lines ? { nodes: lines.nodes, pageInfo: pageInfoOf(lines.pageInfo) } : null;
}

export type FulfillmentStatePage = NonNullable<FulfilmentOrderFulfilmentStateQuery["fulfillmentOrder"]>;

/** A page of a fulfilment order's lines with what remains of each, and (first page) its fulfilments. */
export async function readFulfillmentStatePage(
  admin: AdminGraphql,
  args: { id: string; first: number; after: string | null; withFulfilments: boolean },
): Promise<FulfillmentStatePage | null> {
  return (
    dataOf(await admin<FulfilmentOrderFulfilmentStateQuery>(FULFILMENT_STATE, args), "fulfillmentOrder")
      .fulfillmentOrder ?? null
  );
}

/** The order a fulfilment order belongs to; null when the fulfilment order no longer exists. */
export async function readOrderOfFulfillmentOrder(
  admin: AdminGraphql,
  id: string,
): Promise<{ id: string; legacyResourceId: string; name: string } | null> {
  const fo = dataOf(await admin<FulfilmentOrderOrderQuery>(FO_ORDER, { id }), "fulfillmentOrder").fulfillmentOrder;
  return fo ? { id: fo.order.id, legacyResourceId: String(fo.order.legacyResourceId), name: fo.order.name } : null;
}

export type ExpectedFulfillmentOrderRead = Extract<
  NonNullable<FulfilmentOrdersExpectedQuery["nodes"][number]>,
  { id: string; status: unknown }
>;

/**
 * Several fulfilment orders at once (`lines` lines each): their status, assigned location and
 * lines. One entry per id, null when Shopify no longer has it or does not let the app read it (an
 * error at that node's own path, e.g. access denied: the others are still read); an error of the
 * whole query throws.
 */
export async function readFulfillmentOrdersExpected(
  admin: AdminGraphql,
  args: { ids: string[]; lines: number },
): Promise<(ExpectedFulfillmentOrderRead | null)[]> {
  const result = await admin<FulfilmentOrdersExpectedQuery>(EXPECTED, args);
  const unreadable = new Set<number>();
  const whole = (result.errors ?? []).filter((error) => {
    const [field, index] = error.path ?? [];
    if (field !== "nodes" || typeof index !== "number") return true;
    unreadable.add(index);
    return false;
  });
  const { nodes } = dataOf({ ...result, errors: whole }, "fulfilment orders");
  return nodes.map((node, index) => (node && !unreadable.has(index) && "status" in node ? node : null));
}

export function pageInfoOf(pageInfo: { hasNextPage: boolean; endCursor?: string | null }): PageInfo {
  return { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor ?? null };
}
