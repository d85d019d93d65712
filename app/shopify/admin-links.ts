/**
 * Links into Shopify's admin from the app's pages. App Bridge opens `shopify://admin/<path>` links
 * in the admin itself (https://shopify.dev/docs/api/app-home/apis/user-interface-and-interactions/navigation-api),
 * so the merchant lands on the order or product page, not on a copy inside the app's iframe.
 * Pure and browser-safe: the pages build the links from the gids their loaders return.
 */

/**
 * The numeric id at the end of a gid (`gid://shopify/Order/123` → `123`); null for anything else.
 * @internal
 */
export function legacyId(gid: string | null | undefined): string | null {
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)(?:\?.*)?$/.exec(gid ?? "");
  return match ? match[1]! : null;
}

/** The order's page in the admin, or null when the gid is not an order's. */
export function adminOrderUrl(orderGid: string | null | undefined): string | null {
  if (!orderGid?.startsWith("gid://shopify/Order/")) return null;
  const id = legacyId(orderGid);
  return id ? `shopify://admin/orders/${id}` : null;
}

/** The variant's page in the admin (the product's page when only the product is known). */
export function adminVariantUrl(
  productGid: string | null | undefined,
  variantGid: string | null | undefined,
): string | null {
  const product = productGid?.startsWith("gid://shopify/Product/") ? legacyId(productGid) : null;
  if (!product) return null;
  const variant = variantGid?.startsWith("gid://shopify/ProductVariant/") ? legacyId(variantGid) : null;
  return variant ? `shopify://admin/products/${product}/variants/${variant}` : `shopify://admin/products/${product}`;
}
