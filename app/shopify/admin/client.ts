/**
 * The Admin GraphQL call every operation of `app/shopify/admin/` is given: one shop, one call, the
 * answer as Shopify sent it (errors in `errors`, never thrown). Built per shop by
 * `app/shopify/admin.server.ts` (Shopify's library, or the simulated store over HTTP).
 *
 * Convention of this folder: one file per Shopify area (`carrier-services.server.ts`,
 * `delivery-profiles.server.ts`, ...), each operation a named `#graphql` document and one exported
 * function taking `admin: AdminGraphql` first, answering domain types and throwing
 * `ShopifyAdminError` (./errors) for anything Shopify refused.
 */
interface GraphqlError {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: (string | number)[];
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface GraphqlResult<T = Record<string, unknown>> {
  data?: T;
  errors?: GraphqlError[];
  extensions?: {
    cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus };
  };
}

/** One Admin GraphQL call for one shop. Never throws on GraphQL errors: they are in `errors`. */
export type AdminGraphql = <T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
) => Promise<GraphqlResult<T>>;
