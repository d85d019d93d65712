/**
 * Bulk query operations: start one, read one by id, and find the shop's running one
 * (`bulkOperations` with a status filter, since `currentBulkOperation` is deprecated in 2026-10).
 */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors } from "./errors";
import type { CatalogBulkStatusQuery, CatalogBulkReadMutation, CatalogBulkRunningQuery } from "./types/admin.generated";
import type { BulkOperationStatus } from "./types/admin.types";

;

export interface BulkOperation {
  id: string;
  status: BulkOperationStatus;
  errorCode: string | null;
  objectCount: number;
  url: string | null;
  partialDataUrl: string | null;
  query: string;
}

const BULK_OPERATION = `#graphql
  fragment BulkOperationState on BulkOperation {
    id
    status
    errorCode
    objectCount
    url
    partialDataUrl
    query
  }
`;

const RUN_QUERY = `#graphql
  mutation CatalogBulkRead($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation { id }
      userErrors { field message code }
    }
  }
`;

const BY_ID = `#graphql
  query CatalogBulkStatus($id: ID!) {
    bulkOperation(id: $id) { ...BulkOperationState }
  }
  ${BULK_OPERATION}
`;

const RUNNING = `#graphql
  query CatalogBulkRunning($filter: String!) {
    bulkOperations(first: 5, query: $filter, sortKey: CREATED_AT, reverse: true) {
      nodes { ...BulkOperationState }
    }
  }
  ${BULK_OPERATION}
`;

/** Shopify's search syntax for a bulk query that has not ended yet. */
const NOT_ENDED = "operation_type:query -status:completed -status:failed -status:canceled -status:expired";

function toBulkOperation(node: NonNullable<CatalogBulkStatusQuery["bulkOperation"]>): BulkOperation {
  return {
    id: node.id,
    status: node.status,
    errorCode: node.errorCode ?? null,
    objectCount: Number(node.objectCount),
    url: node.url ?? null,
    partialDataUrl: node.partialDataUrl ?? null,
    query: node.query,
  };
}

/**
 * Starts a bulk query; answers its id. Throws a ShopifyAdminError of kind "user" when Shopify
 * refuses it (e.g. OPERATION_IN_PROGRESS or LIMIT_REACHED while another runs).
 */
export async function runBulkQuery(admin: AdminGraphql, query: string): Promise<string> {
  const payload = dataOf(
    await admin<CatalogBulkReadMutation>(RUN_QUERY, { query }),
    "bulkOperationRunQuery",
  ).bulkOperationRunQuery;
  throwOnUserErrors("bulkOperationRunQuery", payload?.userErrors);
  if (!payload?.bulkOperation) {
    throw new ShopifyAdminError({
      operation: "bulkOperationRunQuery",
      kind: "no_data",
      message: "no bulk operation was started",
    });
  }
  return payload.bulkOperation.id;
}

/** The bulk operation `id`; null when Shopify no longer knows it. */
export async function readBulkOperation(admin: AdminGraphql, id: string): Promise<BulkOperation | null> {
  const { bulkOperation } = dataOf(await admin<CatalogBulkStatusQuery>(BY_ID, { id }), "bulkOperation");
  return bulkOperation ? toBulkOperation(bulkOperation) : null;
}

/** The shop's bulk queries that have not ended, newest first. */
export async function runningBulkQueries(admin: AdminGraphql): Promise<BulkOperation[]> {
  const { bulkOperations } = dataOf(
    await admin<CatalogBulkRunningQuery>(RUNNING, { filter: NOT_ENDED }),
    "bulkOperations",
  );
  return bulkOperations.nodes.map(toBulkOperation);
}
