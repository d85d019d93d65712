/**
 * Reads an order and every one of its fulfilment orders as Shopify has them now, paginated to
 * the end (fulfilment orders, their lines and the shipping lines): nothing in the submission path
 * is cut off at a page size. Throws ShopifyWriteError when Shopify answers errors (the job retries).
 */
import type { AdminGraphql } from "../shopify/admin.server";
import { ADDRESS_HOLD_HANDLE } from "../shopify/admin/fulfillment-holds.server";
import type { FulfillmentOrderLineState, FulfillmentOrderState, OrderState } from "./fulfillment-order";
import { paidOrderSchema } from "./paid-order";
import { data } from "./shopify-fulfillment.server";
import { MAILING_ADDRESS_FIELDS, webhookAddress, type GraphqlAddress } from "./shopify-order.server";

// Page sizes keep each query's requested cost well under Shopify's 1,000-point limit (about 500
// for a full first page); every connection is followed to its end, so nothing is cut off.
const FO_PAGE = 10;
const LINE_PAGE = 20;
const MORE_PAGE = 100;

const FO_LINE = /* GraphQL */ `
  fragment FoLine on FulfillmentOrderLineItem {
    id
    sku
    remainingQuantity
    requiresShipping
    lineItem {
      id
      name
      sku
      variant {
        sku
      }
    }
  }
`;

const FO_FIELDS = /* GraphQL */ `
  fragment FoState on FulfillmentOrder {
    id
    status
    requestStatus
    fulfillAt
    assignedLocation {
      name
      location {
        id
      }
    }
    deliveryMethod {
      methodType
    }
    fulfillmentHolds {
      id
      handle
      reason
      heldByRequestingApp
    }
    lineItems(first: $lines) {
      nodes {
        ...FoLine
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const ORDER_STATE = /* GraphQL */ `
  query FulfilmentOrderState($id: ID!, $first: Int!, $after: String, $lines: Int!, $withOrder: Boolean!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      cancelledAt
      test
      updatedAt
      shippingAddress @include(if: $withOrder) {
        ${MAILING_ADDRESS_FIELDS}
      }
      shippingLines(first: $first) @include(if: $withOrder) {
        nodes {
          title
          code
          source
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      fulfillmentOrders(first: $first, after: $after) {
        nodes {
          ...FoState
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${FO_FIELDS}
  ${FO_LINE}
`;

const MORE_SHIPPING_LINES = /* GraphQL */ `
  query MoreShippingLines($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      shippingLines(first: $first, after: $after) {
        nodes {
          title
          code
          source
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

const MORE_FO_LINES = /* GraphQL */ `
  query MoreFulfilmentOrderLines($id: ID!, $first: Int!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: $first, after: $after) {
        nodes {
          ...FoLine
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${FO_LINE}
`;

const FO_ORDER = /* GraphQL */ `
  query FulfilmentOrderOrder($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      order {
        id
        legacyResourceId
        name
      }
    }
  }
`;

type Text = string | null;
interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}
interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
}
interface FoLineNode {
  id: string;
  sku: Text;
  remainingQuantity: number;
  requiresShipping: boolean;
  lineItem: { id: string; name: string; sku: Text; variant: { sku: Text } | null };
}
interface FoNode {
  id: string;
  status: string;
  requestStatus: string;
  fulfillAt: Text;
  assignedLocation: { name: string; location: { id: string } | null };
  deliveryMethod: { methodType: string } | null;
  fulfillmentHolds: { id: string; handle: string | null; reason: string; heldByRequestingApp: boolean }[] | null;
  lineItems: Connection<FoLineNode>;
}
interface ShippingLineNode {
  title: Text;
  code: Text;
  source: Text;
}
interface OrderNode {
  id: string;
  legacyResourceId: string;
  name: string;
  cancelledAt: Text;
  test: boolean;
  updatedAt: string;
  shippingAddress?: GraphqlAddress | null;
  shippingLines?: Connection<ShippingLineNode>;
  fulfillmentOrders: Connection<FoNode>;
}

/** The order and all its fulfilment orders now; null when the order no longer exists. */
export async function readOrderState(
  admin: AdminGraphql,
  args: { orderGid: string; paidAt: Date },
): Promise<OrderState | null> {
  let first: OrderNode | null = null;
  const foNodes: FoNode[] = [];
  let after: string | null = null;
  do {
    const order: OrderNode | null = data(
      await admin<{ order: OrderNode | null }>(ORDER_STATE, {
        id: args.orderGid,
        first: FO_PAGE,
        after,
        lines: LINE_PAGE,
        withOrder: first === null,
      }),
      "order",
    ).order;
    if (!order) return null;
    first ??= order;
    foNodes.push(...order.fulfillmentOrders.nodes);
    after = order.fulfillmentOrders.pageInfo.hasNextPage ? order.fulfillmentOrders.pageInfo.endCursor : null;
  } while (after);

  const shippingLines = [...(first.shippingLines?.nodes ?? [])];
  let page = first.shippingLines?.pageInfo;
  while (page?.hasNextPage) {
    const more: Connection<ShippingLineNode> | undefined = data(
      await admin<{ order: { shippingLines: Connection<ShippingLineNode> } | null }>(MORE_SHIPPING_LINES, {
        id: args.orderGid,
        first: MORE_PAGE,
        after: page.endCursor,
      }),
      "order.shippingLines",
    ).order?.shippingLines;
    shippingLines.push(...(more?.nodes ?? []));
    page = more?.pageInfo;
  }

  const fulfillmentOrders: FulfillmentOrderState[] = [];
  for (const fo of foNodes) fulfillmentOrders.push(await foState(admin, fo));

  const address = first.shippingAddress;
  const order = paidOrderSchema.parse({
    id: first.legacyResourceId,
    admin_graphql_api_id: first.id,
    name: first.name,
    cancelled_at: first.cancelledAt,
    test: first.test,
    // The lines the service order is built from are the fulfilment orders'; these are not used.
    line_items: [],
    shipping_lines: shippingLines,
    shipping_address: address && webhookAddress(address),
  });
  return { order, paidAt: args.paidAt.toISOString(), updatedAt: first.updatedAt, fulfillmentOrders };
}

async function foState(admin: AdminGraphql, fo: FoNode): Promise<FulfillmentOrderState> {
  const lines = [...fo.lineItems.nodes];
  let page: PageInfo | undefined = fo.lineItems.pageInfo;
  while (page?.hasNextPage) {
    const more: Connection<FoLineNode> | undefined = data(
      await admin<{ fulfillmentOrder: { lineItems: Connection<FoLineNode> } | null }>(MORE_FO_LINES, {
        id: fo.id,
        first: MORE_PAGE,
        after: page.endCursor,
      }),
      "fulfillmentOrder.lineItems",
    ).fulfillmentOrder?.lineItems;
    lines.push(...(more?.nodes ?? []));
    page = more?.pageInfo;
  }
  return {
    id: fo.id,
    status: fo.status,
    requestStatus: fo.requestStatus,
    locationId: fo.assignedLocation.location?.id ?? null,
    locationName: fo.assignedLocation.name,
    deliveryMethod: fo.deliveryMethod?.methodType ?? null,
    // The app's own address hold is its to release; every other hold (the merchant's, another app's) waits.
    holds: (fo.fulfillmentHolds ?? []).filter((hold) => !isAddressHold(hold)).map((hold) => hold.reason),
    addressHoldId: (fo.fulfillmentHolds ?? []).find(isAddressHold)?.id ?? null,
    fulfillAt: fo.fulfillAt,
    lines: lines.map((line): FulfillmentOrderLineState => ({
      id: line.id,
      lineItemId: line.lineItem.id,
      // A line keeps the SKU it was sold with; one sold without gets the variant's SKU added since.
      sku: line.sku?.trim()
        ? line.sku
        : line.lineItem.sku?.trim()
          ? line.lineItem.sku
          : (line.lineItem.variant?.sku ?? null),
      name: line.lineItem.name,
      remainingQuantity: line.remainingQuantity,
      requiresShipping: line.requiresShipping,
    })),
  };
}

/** The order a fulfilment order belongs to (lifecycle webhooks name only the fulfilment order). */
export async function orderOfFulfillmentOrder(
  admin: AdminGraphql,
  fulfillmentOrderGid: string,
): Promise<{ orderGid: string; shopifyOrderId: string; name: string } | null> {
  const fo = data(
    await admin<{ fulfillmentOrder: { order: { id: string; legacyResourceId: string; name: string } } | null }>(
      FO_ORDER,
      { id: fulfillmentOrderGid },
    ),
    "fulfillmentOrder",
  ).fulfillmentOrder;
  if (!fo) return null;
  return { orderGid: fo.order.id, shopifyOrderId: fo.order.legacyResourceId, name: fo.order.name };
}

function isAddressHold(hold: { handle: string | null; heldByRequestingApp: boolean }): boolean {
  return hold.heldByRequestingApp && hold.handle === ADDRESS_HOLD_HANDLE;
}
