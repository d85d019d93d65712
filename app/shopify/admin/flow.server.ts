/**
 * Shopify Flow: `flowTriggerReceive(handle:, payload:)` starts every workflow of the shop that
 * begins with the app's trigger extension `handle` (checked against Shopify's published 2026-10
 * schema, test/unit/shopify/flow-operation.test.ts). The deprecated `body` argument is not used.
 */
import type { AdminGraphql } from "./client";
import { dataOf, throwOnUserErrors, type AdminUserError } from "./errors";

const FLOW_TRIGGER_RECEIVE = `#graphql
  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors {
        field
        message
      }
    }
  }
`;

/** Sends one trigger; throws ShopifyAdminError ("user" for Shopify's userErrors) when refused. */
export async function receiveFlowTrigger(
  admin: AdminGraphql,
  args: { handle: string; payload: Record<string, unknown> },
): Promise<void> {
  const result = await admin<{ flowTriggerReceive: { userErrors: AdminUserError[] } | null }>(FLOW_TRIGGER_RECEIVE, {
    handle: args.handle,
    payload: args.payload,
  });
  const data = dataOf(result, "flowTriggerReceive");
  throwOnUserErrors("flowTriggerReceive", data.flowTriggerReceive?.userErrors);
}
