import type { LoginError } from "@shopify/shopify-app-remix/server";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";

/** What is wrong with the shop-domain field, as a code the page words (app/i18n `login.errors`). */
export type LoginErrorCode = "missingShop" | "invalidShop";

/** Turns the library's login error into the shop-domain field's error code. */
export function loginErrorCode(loginErrors: LoginError): { shop?: LoginErrorCode } {
  if (loginErrors?.shop === LoginErrorType.MissingShop) return { shop: "missingShop" };
  if (loginErrors?.shop === LoginErrorType.InvalidShop) return { shop: "invalidShop" };
  return {};
}
