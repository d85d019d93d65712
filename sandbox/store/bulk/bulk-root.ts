/** The bulk operation fields of Query and Mutation; the work itself is the shop's BulkRuntime. */
import { requireGid } from "../graphql/views/node";
import type { StoreContext } from "../graphql/context";
import { bulkOperationView } from "./bulk-view";

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
    bulkOperation: (args: { id: string }) => {
      requireGid(args.id);
      const op = runtime().find(ctx.shop, args.id);
      return op ? bulkOperationView(op) : null;
    },
    bulkOperationRunQuery: (args: { query: string }) => view(runtime().runQuery(ctx, args.query)),
    bulkOperationCancel: (args: { id: string }) => view(runtime().cancel(ctx, args.id)),
  };
}
