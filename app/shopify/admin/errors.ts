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
