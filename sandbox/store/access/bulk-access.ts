/**
 * Access to bulk operations, as Shopify grants it since November 2026 (changelog "Apps must enable
 * bulk operations before use", 2026-11-06, effective 2026-11-07): bulk queries and bulk mutations
 * are enabled separately for the app (Partner Dashboard → the app → API access requests → Run bulk
 * operations), and access to a type lapses after 31 days without a run of that type, on the
 * store's clock. Without access, `bulkOperationRunQuery` / `bulkOperationRunMutation` answer an
 * access-denied error (ACCESS_DENIED, as Shopify's other access errors), on every API version.
 * The store serves one app, so the access is the store's. An app that already ran bulk operations
 * had access enabled by Shopify: both types start enabled, as if run when the store was created.
 */
import { GraphQLError } from "graphql";

export type BulkOperationType = "query" | "mutation";

const BULK_ACCESS_LAPSE_MS = 31 * 24 * 60 * 60_000;

export interface BulkAccessStatus {
  enabled: boolean;
  /** The last run of this type, or when access was enabled (ms since the epoch). */
  lastRunAt: number;
}

export interface BulkAccess {
  status(type: BulkOperationType): BulkAccessStatus;
  /** The Partner Dashboard's switch; enabling again counts from now. */
  set(type: BulkOperationType, enabled: boolean): void;
  /** Throws Shopify's access-denied error when the app may not start a bulk operation of `type`. */
  require(type: BulkOperationType, field: string): void;
  /** A bulk operation of `type` started: its 31 days count from now. */
  ran(type: BulkOperationType): void;
}

export function createBulkAccess(now: () => number): BulkAccess {
  const state: Record<BulkOperationType, BulkAccessStatus> = {
    query: { enabled: true, lastRunAt: now() },
    mutation: { enabled: true, lastRunAt: now() },
  };
  const lapse = (type: BulkOperationType) => {
    const entry = state[type];
    if (entry.enabled && now() - entry.lastRunAt > BULK_ACCESS_LAPSE_MS) entry.enabled = false;
    return entry;
  };
  return {
    status: (type) => ({ ...lapse(type) }),
    set(type, enabled) {
      state[type] = { enabled, lastRunAt: enabled ? now() : state[type].lastRunAt };
    },
    require(type, field) {
      if (lapse(type).enabled) return;
      const plural = type === "query" ? "bulk queries" : "bulk mutations";
      throw new GraphQLError(
        `Access denied for ${field} field. This app does not have access to run ${plural}: enable them in the Partner Dashboard (API access requests → Run bulk operations).`,
        {
          extensions: {
            code: "ACCESS_DENIED",
            documentation: "https://shopify.dev/docs/api/usage/bulk-operations/queries",
          },
        },
      );
    },
    ran(type) {
      state[type].lastRunAt = now();
    },
  };
}
