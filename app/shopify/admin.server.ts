// Admin GraphQL access for work that runs outside a merchant's request (jobs, webhooks).
// Domain modules take an AdminGraphql function, so tests hand them the simulated store.
import { GraphqlQueryError, HttpResponseError } from "@shopify/shopify-api";
import type { Shopify } from "../shopify.server";

export type { AdminGraphql,  GraphqlResult, ThrottleStatus } from "./admin/client";
import type { AdminGraphql, GraphqlResult } from "./admin/client";
import { operationNameOf, ShopifyForbiddenError } from "./admin/errors";

/** Live offline access tokens (app/shop/offline-token.server.ts refreshes and stores them). */
export interface OfflineTokens {
  /**
   * A live access token for the shop. With `rejected`, Shopify refused that token (401): a newer
   * stored one is returned, or the token is refreshed.
   */
  accessToken(shop: string, opts?: { rejected?: string }): Promise<string>;
}

/**
 * Admin GraphQL through @shopify/shopify-app-remix with the shop's stored offline session. The token
 * is refreshed first if it is about to expire (one process at a time, app/shopify/offline-token),
 * so the library never refreshes on its own; a 401 refreshes it and the call is made once more. A
 * 403 is Shopify refusing the app itself (its IP allowlist): ShopifyForbiddenError, the operator's.
 */
export async function shopifyAdminGraphql(
  shop: string,
  tokens: OfflineTokens,
  unauthenticated: Shopify["unauthenticated"],
): Promise<AdminGraphql> {
  await tokens.accessToken(shop);
  let client = await unauthenticated.admin(shop);
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    const call = async () => {
      try {
        const response = await client.admin.graphql(query, { variables });
        return (await response.json()) as GraphqlResult<T>;
      } catch (error) {
        if (error instanceof GraphqlQueryError && error.body) return error.body as GraphqlResult<T>;
        throw error;
      }
    };
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpResponseError && error.response.code === 403) {
        throw new ShopifyForbiddenError({ shop, operation: operationNameOf(query), detail: error.message });
      }
      if (!(error instanceof HttpResponseError) || error.response.code !== 401) throw error;
      await tokens.accessToken(shop, { rejected: client.session.accessToken });
      client = await unauthenticated.admin(shop);
      return call();
    }
  };
}

/**
 * Admin GraphQL against the simulated store over HTTP (SIMULATED_STORE_URL, for the local demo and
 * the tests of several processes), with the shop's offline token exactly as Shopify would receive
 * it; a 401 refreshes the token (or picks up the one another process stored) and retries once,
 * and a 403 (the app's IP allowlist) throws ShopifyForbiddenError, as with Shopify.
 */
export function simulatedStoreAdminGraphql(opts: {
  baseUrl: string;
  shop: string;
  apiVersion: string;
  /** Where the token comes from; a fixed `accessToken` for a non-expiring token (tests). */
  tokens: OfflineTokens | { accessToken: string };
  fetch?: typeof fetch;
}): AdminGraphql {
  const tokens: OfflineTokens =
    typeof opts.tokens.accessToken === "string"
      ? { accessToken: async () => (opts.tokens as { accessToken: string }).accessToken }
      : (opts.tokens as OfflineTokens);
  const url = `${opts.baseUrl.replace(/\/$/, "")}/shops/${opts.shop}/admin/api/${opts.apiVersion}/graphql.json`;
  const doFetch = opts.fetch ?? fetch;
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    const post = (accessToken: string) =>
      doFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-shopify-access-token": accessToken },
        body: JSON.stringify({ query, variables }),
      });
    const token = await tokens.accessToken(opts.shop);
    let response = await post(token);
    if (response.status === 401) {
      const fresh = await tokens.accessToken(opts.shop, { rejected: token });
      if (fresh !== token) response = await post(fresh);
    }
    if (response.status === 403) {
      throw new ShopifyForbiddenError({ shop: opts.shop, operation: operationNameOf(query), detail: await response.text() });
    }
    if (!response.ok) {
      return {
        errors: [{ message: `simulated store answered ${response.status}: ${await response.text()}` }],
      } as GraphqlResult<T>;
    }
    return (await response.json()) as GraphqlResult<T>;
  };
}
