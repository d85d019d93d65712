/**
 * The one check of the shop a signed request names (X-Shopify-Shop-Domain). Shopify signs with the
 * shop's myshopify.com domain, never a custom storefront domain, so only that form is a shop here:
 * the webhook, fulfilment-service, rate-callback and Flow-action paths all use this; the library's
 * sign-in accepts the same form (@shopify/shopify-app-remix 6 has no custom shop domains). Pure.
 */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The shop of a signed request's header, lower-cased; null when it is missing or not a myshopify.com domain. */
export function signedShopDomain(header: string | null | undefined): string | null {
  const shop = header?.trim().toLowerCase() ?? "";
  return SHOP_DOMAIN.test(shop) ? shop : null;
}
