import type { StoreContext } from "../context";
import { metafieldFields } from "./metafield-views";

export function shopView(ctx: StoreContext) {
  const { shop } = ctx;
  return {
    __typename: "Shop",
    id: shop.id,
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.domain,
    url: `https://${shop.domain}`,
    currencyCode: shop.currencyCode,
    ianaTimezone: "America/Mexico_City",
    weightUnit: "KILOGRAMS",
    plan: {
      displayName: shop.planDisplayName,
      publicDisplayName: shop.planDisplayName,
      partnerDevelopment: false,
      shopifyPlus: shop.planDisplayName === "Shopify Plus",
    },
    features: { marketDrivenShipping: shop.shippingModel.marketDriven },
    ...metafieldFields(ctx, shop.id),
  };
}
