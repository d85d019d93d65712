/**
 * Reads an order and every one of its fulfilment orders as Shopify has them now, paginated to
 * the end (fulfilment orders, their lines and the shipping lines): nothing in the submission path
 * is cut off at a page size. Throws ShopifyAdminError when Shopify answers errors (the job retries).
 */
import type { AdminGraphql } from "../../shopify/admin.server";
import {
  pageInfoOf,
  readMoreFulfillmentOrderLines,
  readMoreShippingLines,
  readOrderOfFulfillmentOrder,
  readOrderStatePage,
  readFulfillmentOrdersExpected,
  type FulfillmentOrderLineRead,
  type FulfillmentOrderRead,
  type OrderStatePage,
  type PageInfo,
  type ShippingLineRead,
} from "../../shopify/admin/fulfillment-orders.server";
import { ADDRESS_HOLD_HANDLE } from "../../shopify/admin/fulfillment-holds.server";
import type { FulfillmentOrderLineState, FulfillmentOrderState, OrderState } from "../core/fulfillment-order";
import { paidOrderSchema } from "../core/paid-order";
import { unitsToFulfil } from "../core/stock-plan";
import { webhookAddress } from "./shopify-order.server";

// Page sizes fit the orders a shop sells (a few fulfilment orders of a few lines each) and every
// connection is followed to its end, so nothing is cut off. Shopify charges a query's requested
// cost up front, priced by its page sizes whatever the order holds: a first page of 5 fulfilment
// orders of 7 lines asks for 186 points (10 × 20 asked for 686 to read the usual one-line order,
// whose actual cost is 18), so a shop whose bucket is low waits for fewer points before each read
// (ADR 033). Lines are 7 a page since each carries its own shipping line (split carts), one
// object more per line: 10 would ask for 246.
/** @internal */
export const FO_PAGE = 5;
/** @internal */
export const LINE_PAGE = 7;
const MORE_PAGE = 100;

/** The order and all its fulfilment orders now; null when the order no longer exists. */
export async function readOrderState(
  admin: AdminGraphql,
  args: { orderGid: string; paidAt: Date },
): Promise<OrderState | null> {
  let first: OrderStatePage | null = null;
  const foNodes: FulfillmentOrderRead[] = [];
  let after: string | null = null;
  do {
    const order: OrderStatePage | null = await readOrderStatePage(admin, {
      id: args.orderGid,
      first: FO_PAGE,
      after,
      lines: LINE_PAGE,
      withOrder: first === null,
    });
    if (!order) return null;
    first ??= order;
    foNodes.push(...order.fulfillmentOrders.nodes);
    after = order.fulfillmentOrders.pageInfo.hasNextPage ? (order.fulfillmentOrders.pageInfo.endCursor ?? null) : null;
  } while (after);

  const shippingLines: ShippingLineRead[] = [...(first.shippingLines?.nodes ?? [])];
  let page: PageInfo | undefined = first.shippingLines ? pageInfoOf(first.shippingLines.pageInfo) : undefined;
  while (page?.hasNextPage) {
    const more = await readMoreShippingLines(admin, { id: args.orderGid, first: MORE_PAGE, after: page.endCursor });
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

/** Every line of a fulfilment order: its first page as read, then the rest page by page. */
async function allLines(
  admin: AdminGraphql,
  fo: Pick<FulfillmentOrderRead, "id" | "lineItems">,
): Promise<FulfillmentOrderLineRead[]> {
  const lines: FulfillmentOrderLineRead[] = [...fo.lineItems.nodes];
  let page: PageInfo | undefined = pageInfoOf(fo.lineItems.pageInfo);
  while (page?.hasNextPage) {
    const more = await readMoreFulfillmentOrderLines(admin, { id: fo.id, first: MORE_PAGE, after: page.endCursor });
    lines.push(...(more?.nodes ?? []));
    page = more?.pageInfo;
  }
  return lines;
}

async function foState(admin: AdminGraphql, fo: FulfillmentOrderRead): Promise<FulfillmentOrderState> {
  const lines = await allLines(admin, fo);
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
    fulfillAt: fo.fulfillAt ?? null,
    lines: lines.map((line): FulfillmentOrderLineState => ({
      id: line.id,
      lineItemId: line.lineItem.id,
      sku: lineSku(line),
      name: line.lineItem.name,
      totalQuantity: line.totalQuantity,
      remainingQuantity: line.remainingQuantity,
      requiresShipping: line.requiresShipping,
      shippingLine: line.shippingLine ?? null,
    })),
  };
}

/** A line keeps the SKU it was sold with; one sold without gets the variant's SKU added since. */
function lineSku(line: Pick<FulfillmentOrderLineRead, "sku" | "lineItem">): string | null {
  return line.sku?.trim()
    ? line.sku
    : line.lineItem.sku?.trim()
      ? line.lineItem.sku
      : (line.lineItem.variant?.sku ?? null);
}

/**
 * Fulfilment orders a page of `nodes(ids:)` asks for: 25 of 7 lines each ask for about 830 points,
 * under Shopify's limit of 1,000 for one query.
 * @internal
 */
export const EXPECTED_PAGE = 25;
/** Statuses in which Shopify keeps a fulfilment order's remaining units committed at its location. */
const COMMITTING = new Set(["OPEN", "IN_PROGRESS", "ON_HOLD", "SCHEDULED"]);
const FULFILLMENT_ORDER_GID = /^gid:\/\/shopify\/FulfillmentOrder\/\d+$/;

/**
 * The units per SKU (trimmed, shippable lines) Shopify still commits to each fulfilment order at
 * `locationId` now: its remaining units while it is open, in progress, on hold or scheduled there;
 * none once it is cancelled, closed (fulfilled, merged, moved in part, refunded), incomplete
 * (closed by the merchant: whether its units stay committed is not read, so none are counted
 * and the level errs low), gone, unreadable, or assigned elsewhere. Every line is read, page by
 * page; an id that is not a fulfilment order's is not asked for (it expects nothing).
 */
export async function unitsShopifyExpects(
  admin: AdminGraphql,
  args: { fulfillmentOrderGids: readonly string[]; locationId: string },
): Promise<Map<string, Map<string, number>>> {
  const expected = new Map<string, Map<string, number>>();
  const ids = [...new Set(args.fulfillmentOrderGids)].filter((id) => FULFILLMENT_ORDER_GID.test(id));
  for (let start = 0; start < ids.length; start += EXPECTED_PAGE) {
    const page = await readFulfillmentOrdersExpected(admin, {
      ids: ids.slice(start, start + EXPECTED_PAGE),
      lines: LINE_PAGE,
    });
    for (const fo of page) {
      if (!fo || !COMMITTING.has(fo.status) || fo.assignedLocation.location?.id !== args.locationId) continue;
      const lines = (await allLines(admin, fo)).map((line) => ({ ...line, sku: lineSku(line) }));
      expected.set(fo.id, new Map(unitsToFulfil(lines).map(({ sku, quantity }) => [sku, quantity])));
    }
  }
  return expected;
}

/** The order a fulfilment order belongs to (lifecycle webhooks name only the fulfilment order). */
export async function orderOfFulfillmentOrder(
  admin: AdminGraphql,
  fulfillmentOrderGid: string,
): Promise<{ orderGid: string; shopifyOrderId: string; name: string } | null> {
  const order = await readOrderOfFulfillmentOrder(admin, fulfillmentOrderGid);
  if (!order) return null;
  return { orderGid: order.id, shopifyOrderId: order.legacyResourceId, name: order.name };
}

function isAddressHold(hold: { handle?: string | null; heldByRequestingApp: boolean }): boolean {
  return hold.heldByRequestingApp && hold.handle === ADDRESS_HOLD_HANDLE;
}
