/**
 * The one error module of the Admin edge. Every operation in `app/shopify/admin/` answers domain
 * values or throws a `ShopifyAdminError` naming the operation and what Shopify said, so callers
 * branch on `kind` and codes, never on Shopify's prose.
 */
import type { GraphqlResult } from "./client";

export type ShopifyAdminErrorKind =
  /** Top-level GraphQL errors: a query Shopify refused, THROTTLED, ACCESS_DENIED, an internal error. */
  | "graphql"
  /** The mutation ran and answered `userErrors`. */
  | "user"
  /** Neither errors nor the data asked for. */
  | "no_data";

export interface AdminUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

export class ShopifyAdminError extends Error {
  readonly operation: string;
  readonly kind: ShopifyAdminErrorKind;
  /** `extensions.code` of each GraphQL error, or `code` of each user error, where Shopify gave one. */
  readonly codes: string[];
  readonly userErrors: AdminUserError[];
  /** What Shopify said, without the operation's name. */
  readonly detail: string;

  constructor(args: {
    operation: string;
    kind: ShopifyAdminErrorKind;
    message: string;
    codes?: string[];
    userErrors?: AdminUserError[];
  }) {
    super(`${args.operation}: ${args.message}`);
    this.name = "ShopifyAdminError";
    this.operation = args.operation;
    this.kind = args.kind;
    this.codes = args.codes ?? [];
    this.userErrors = args.userErrors ?? [];
    this.detail = args.message;
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

/** The data of a call, or a ShopifyAdminError naming the operation when Shopify answered errors. */
export function dataOf<T>(result: GraphqlResult<T>, operation: string): T {
  if (result.errors?.length) {
    throw new ShopifyAdminError({
      operation,
      kind: "graphql",
      message: result.errors.map((e) => e.message).join("; "),
      codes: result.errors.flatMap((e) => (typeof e.extensions?.code === "string" ? [e.extensions.code] : [])),
    });
  }
  if (!result.data) throw new ShopifyAdminError({ operation, kind: "no_data", message: "no data" });
  return result.data;
}

/** Throws a ShopifyAdminError of kind "user" when a mutation payload carries user errors. */
export function throwOnUserErrors(operation: string, userErrors: readonly AdminUserError[] | null | undefined): void {
  if (!userErrors?.length) return;
  throw new ShopifyAdminError({
    operation,
    kind: "user",
    message: userErrors.map((e) => e.message).join("; "),
    codes: userErrors.flatMap((e) => (e.code ? [e.code] : [])),
    userErrors: [...userErrors],
  });
}

/**
 * Shopify refused the app's request as a whole (HTTP 403 from the Admin API). Since 2026-11 this is
 * the app's IP allowlist (changelog "IP allowlists are now required for public apps"): a request
 * from an address outside the list, or one Shopify cannot confirm, answers 403. The operator fixes
 * it (egress addresses, the Dev Dashboard's allowlist), never the merchant: nothing is re-authorised.
 */
export class ShopifyForbiddenError extends Error {
  readonly operation: string;
  readonly shop: string;
  readonly status = 403;

  constructor(args: { shop: string; operation: string; detail: string }) {
    super(`${args.operation}: Shopify refused the app's request to ${args.shop} (HTTP 403): ${args.detail}`);
    this.name = "ShopifyForbiddenError";
    this.operation = args.operation;
    this.shop = args.shop;
  }
}

/** The operation a GraphQL document names (`query Name`, `mutation Name`), else its first field. */
export function operationNameOf(document: string): string {
  const named = /\b(?:query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(document);
  if (named) return named[1]!;
  return /\{\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(document)?.[1] ?? "anonymous";
}

/** The operation an error's text names in this module's `operation: …` form; null for other errors. */
export function operationOfMessage(message: string): string | null {
  return /^([A-Za-z_][A-Za-z0-9_.]*): /.exec(message)?.[1] ?? null;
}
