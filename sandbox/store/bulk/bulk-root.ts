/** The bulk operation fields of Query and Mutation; the work itself is the shop's BulkRuntime. */
import { numericId } from "../ids";
import { paginate, type ConnectionArgs, type SortValue } from "../graphql/connection";
import { matchesSearch, parseSearchQuery } from "../graphql/search-query";
import { requireGid } from "../graphql/views/node";
import type { StoreContext } from "../graphql/context";
import { bulkOperationView, type BulkOperationRecord } from "./bulk-view";

/** The sort keys of \`bulkOperations\` the store orders by (RELEVANCE is id order, as with no search). */
const SORT_VALUE: Record<string, (op: BulkOperationRecord) => SortValue> = {
  CREATED_AT: (op) => op.createdAt,
  COMPLETED_AT: (op) => op.completedAt ?? 0,
  STATUS: (op) => op.status,
  ID: (op) => numericId(op.id),
  RELEVANCE: (op) => numericId(op.id),
};

export function bulkOperationRoot(ctx: StoreContext) {
  const runtime = () => {
    if (!ctx.bulk) throw new Error("bulk operations need the store's bulk runtime");
    return ctx.bulk;
  };
  const view = <T extends { operation: Parameters<typeof bulkOperationView>[0] | null }>(result: T) => ({
    ...result,
    bulkOperation: result.operation ? bulkOperationView(result.operation) : null,
  });
  return {
    currentBulkOperation: (args: { type?: string | null }) => {
      if (args.type === "MUTATION") return null;
      const op = runtime().current(ctx.shop);
      return op ? bulkOperationView(op) : null;
    },
    /** The shop's bulk operations, filtered by Shopify's search syntax (status, operation_type, created_at, id). */
    bulkOperations: (args: ConnectionArgs & { sortKey?: string | null; query?: string | null }) => {
      const terms = parseSearchQuery(args.query);
      const value = SORT_VALUE[args.sortKey ?? "ID"] ?? SORT_VALUE.ID!;
      const matching = runtime()
        .list(ctx.shop)
        .filter((op) =>
          matchesSearch(
            terms,
            {
              status: () => op.status,
              operation_type: () => op.type,
              created_at: () => new Date(op.createdAt).toISOString(),
              id: () => numericId(op.id),
            },
            () => op.query,
          ),
        );
      return paginate(matching, args, "bulkOperations", (op) => [value(op), numericId(op.id)], bulkOperationView);
    },
    bulkOperation: (args: { id: string }) => {
      requireGid(args.id);
      const op = runtime().find(ctx.shop, args.id);
      return op ? bulkOperationView(op) : null;
    },
    bulkOperationRunQuery: (args: { query: string }) => {
      ctx.bulkAccess?.require("query", "bulkOperationRunQuery");
      const result = view(runtime().runQuery(ctx, args.query));
      if (result.operation) ctx.bulkAccess?.ran("query");
      return result;
    },
    bulkOperationCancel: (args: { id: string }) => view(runtime().cancel(ctx, args.id)),
  };
}
