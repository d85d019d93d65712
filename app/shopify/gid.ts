// Shopify's global ids as a form or a URL may carry them: `gid://shopify/<Type>/<digits>`.

/** The pattern of a gid of `type`, e.g. `gid://shopify/Location/123` for "Location". */
export function gidPattern(type: "Location" | "ProductVariant"): RegExp {
  return new RegExp(`^gid://shopify/${type}/\\d+$`);
}
