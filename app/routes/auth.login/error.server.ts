import type { LoginError } from "@shopify/shopify-app-remix/server";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";

/** Turns the library's login error into a message for the shop-domain field. */
export function loginErrorMessage(loginErrors: LoginError): { shop?: string } {
  if (loginErrors?.shop === LoginErrorType.MissingShop) return { shop: "Escribe el dominio de tu tienda para iniciar sesión" };
  if (loginErrors?.shop === LoginErrorType.InvalidShop) return { shop: "Escribe un dominio de tienda válido (tienda.myshopify.com)" };
  return {};
}
