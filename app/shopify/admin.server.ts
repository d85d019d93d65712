// Admin GraphQL access for work that runs outside a merchant's request (jobs, webhooks).
// Domain modules take an AdminGraphql function, so tests hand them the simulated store.
import { GraphqlQueryError } from "@shopify/shopify-api";

export type { AdminGraphql, GraphqlError, GraphqlResult, ThrottleStatus } from "./admin/client";
import type { AdminGraphql, GraphqlResult } from "./admin/client";

/** Admin GraphQL through @shopify/shopify-app-remix with the shop's stored offline session. */
export async function shopifyAdminGraphql(shop: string): Promise<AdminGraphql> {
  const { unauthenticated } = await import("../shopify.server");
  const { admin } = await unauthenticated.admin(shop);
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    try {
      const response = await admin.graphql(query, { variables });
      return (await response.json()) as GraphqlResult<T>;
    } catch (error) {
      if (error instanceof GraphqlQueryError && error.body) return error.body as GraphqlResult<T>;
      throw error;
    }
  };
}

/**
 * Admin GraphQL against the simulated store over HTTP (SIMULATED_STORE_URL, for the local demo),
 * with the access token of the shop's offline session, exactly as Shopify would receive it.
 */
export function simulatedStoreAdminGraphql(opts: {
  baseUrl: string;
  shop: string;
  accessToken: string;
  apiVersion: string;
  fetch?: typeof fetch;
}): AdminGraphql {
  const url = `${opts.baseUrl.replace(/\/$/, "")}/shops/${opts.shop}/admin/api/${opts.apiVersion}/graphql.json`;
  const doFetch = opts.fetch ?? fetch;
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": opts.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    if (!response.ok && response.status !== 200) {
      return {
        errors: [{ message: `simulated store answered ${response.status}: ${await response.text()}` }],
      } as GraphqlResult<T>;
    }
    return (await response.json()) as GraphqlResult<T>;
  };
}
