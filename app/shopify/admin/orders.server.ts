/** Orders: read one again, its name, the orders updated since a moment, and the app's note on one. */
import type { AdminGraphql } from "./client";
import { dataOf, throwOnUserErrors } from "./errors";
import type {
  OrderAddressFragment,
  OrderNameQuery,
  PaidOrderAgainQuery,
  ReconcileOrdersQuery,
  WriteFulfilmentNoteMutation,
} from "./types/admin.generated";
import type { MetafieldsSetInput } from "./types/admin.types";

export type { OrderAddressFragment as MailingAddressRead };

/** The MailingAddress fields every order read asks for (the address parser reads them). */
export const ORDER_ADDRESS = `#graphql
  fragment OrderAddress on MailingAddress {
    firstName
    lastName
    name
    company
    address1
    address2
    city
    province
    provinceCode
    zip
    country
    countryCodeV2
    phone
  }
`;

const PAID_ORDER = `#graphql
  query PaidOrderAgain($id: ID!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      cancelledAt
      displayFinancialStatus
      test
      lineItems(first: 100) { nodes { id name sku quantity requiresShipping variant { sku } } }
      shippingLines(first: 10) { nodes { title code source } }
      shippingAddress { ...OrderAddress }
    }
  }
  ${ORDER_ADDRESS}
`;

const ORDER_NAME = `#graphql
  query OrderName($id: ID!) {
    order(id: $id) { name }
  }
`;

const UPDATED_ORDERS = `#graphql
  query ReconcileOrders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
      nodes {
        id
        legacyResourceId
        name
        updatedAt
        cancelledAt
        displayFinancialStatus
        displayFulfillmentStatus
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const WRITE_NOTE = `#graphql
  mutation WriteFulfilmentNote($id: ID!, $remove: [String!]!, $add: [String!]!, $metafields: [MetafieldsSetInput!]!) {
    tagsRemove(id: $id, tags: $remove) { userErrors { field message } }
    tagsAdd(id: $id, tags: $add) { userErrors { field message } }
    metafieldsSet(metafields: $metafields) { userErrors { field message } }
  }
`;

export type OrderRead = NonNullable<PaidOrderAgainQuery["order"]>;
export type UpdatedOrder = ReconcileOrdersQuery["orders"]["nodes"][number];

/** The order as Shopify has it now (first 100 lines, 10 shipping lines); null when it no longer exists. */
export async function readOrder(admin: AdminGraphql, id: string): Promise<OrderRead | null> {
  return dataOf(await admin<PaidOrderAgainQuery>(PAID_ORDER, { id }), "order").order ?? null;
}

/** The order's name (#1001); null when Shopify has no such order. */
export async function readOrderName(admin: AdminGraphql, id: string): Promise<string | null> {
  return dataOf(await admin<OrderNameQuery>(ORDER_NAME, { id }), "order").order?.name ?? null;
}

/** One page of the orders matching `query` (Shopify's search syntax), oldest update first. */
export async function readUpdatedOrders(
  admin: AdminGraphql,
  args: { first: number; after: string | null; query: string },
): Promise<{ nodes: UpdatedOrder[]; hasNextPage: boolean; endCursor: string | null }> {
  const { orders } = dataOf(await admin<ReconcileOrdersQuery>(UPDATED_ORDERS, args), "orders");
  return {
    nodes: orders.nodes,
    hasNextPage: orders.pageInfo.hasNextPage,
    endCursor: orders.pageInfo.endCursor ?? null,
  };
}

/** Replaces the order's status tags and sets its note metafield in one call; a refusal throws. */
export async function writeOrderNote(
  admin: AdminGraphql,
  args: { id: string; remove: string[]; add: string[]; metafields: MetafieldsSetInput[] },
): Promise<void> {
  const result = dataOf(await admin<WriteFulfilmentNoteMutation>(WRITE_NOTE, args), "order note");
  throwOnUserErrors(
    "order note",
    [result.tagsRemove, result.tagsAdd, result.metafieldsSet].flatMap((r) => r?.userErrors ?? []),
  );
}
