import { numericId } from "../ids";
import { availableEverywhere } from "../state/inventory-store";
import type { InventoryItemRecord, ProductRecord, VariantRecord } from "../state/records";
import type { ShopState } from "../state/shop-state";
import { isoShopLocal } from "../timestamps";

/**
 * REST-shaped JSON as Shopify sends it in product and inventory item webhooks. Since API
 * 2024-07 variants no longer carry weight, grams, requires_shipping or fulfillment_service:
 * an app must re-query the inventory item, and these payloads leave them out on purpose.
 */
interface ProductVariantPayload {
  admin_graphql_api_id: string;
  barcode: string | null;
  compare_at_price: string | null;
  created_at: string;
  id: number;
  inventory_policy: "deny" | "continue";
  position: number;
  price: string;
  product_id: number;
  sku: string | null;
  taxable: boolean;
  title: string;
  updated_at: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  image_id: number | null;
  inventory_item_id: number;
  inventory_quantity: number;
  old_inventory_quantity: number;
}

export interface ProductWebhookPayload {
  admin_graphql_api_id: string;
  body_html: string;
  created_at: string;
  handle: string;
  id: number;
  product_type: string;
  published_at: string | null;
  template_suffix: string | null;
  title: string;
  updated_at: string;
  vendor: string;
  status: "active" | "draft" | "archived";
  published_scope: "web";
  tags: string;
  variants: ProductVariantPayload[];
  options: Array<{ name: string; id: number; product_id: number; position: number; values: string[] }>;
  images: Array<{
    id: number;
    product_id: number;
    position: number;
    src: string;
    alt: string | null;
    admin_graphql_api_id: string;
    variant_ids: number[];
  }>;
  image: {
    id: number;
    product_id: number;
    position: number;
    src: string;
    alt: string | null;
    admin_graphql_api_id: string;
    variant_ids: number[];
  } | null;
  variant_gids: Array<{ admin_graphql_api_id: string; updated_at: string }>;
  has_variants_that_requires_components: boolean;
  category: null;
}

export interface ProductDeletePayload {
  id: number;
}

export interface InventoryItemWebhookPayload {
  id: number;
  sku: string | null;
  created_at: string;
  updated_at: string;
  requires_shipping: boolean;
  cost: string | null;
  country_code_of_origin: string | null;
  province_code_of_origin: string | null;
  harmonized_system_code: string | null;
  tracked: boolean;
  country_harmonized_system_codes: unknown[];
  admin_graphql_api_id: string;
}

export function productPayload(shop: ShopState, product: ProductRecord): ProductWebhookPayload {
  const productNumber = numericId(product.id);
  const variants = product.variantIds.map((id) => shop.variants.get(id)!);
  const images = product.images.map((image, index) => ({
    id: numericId(image.id),
    product_id: productNumber,
    position: index + 1,
    src: image.url,
    alt: image.altText,
    admin_graphql_api_id: image.id,
    variant_ids: [] as number[],
  }));
  return {
    admin_graphql_api_id: product.id,
    body_html: product.descriptionHtml,
    created_at: isoShopLocal(product.createdAt),
    handle: product.handle,
    id: productNumber,
    product_type: product.productType,
    published_at: product.status === "ACTIVE" ? isoShopLocal(product.createdAt) : null,
    template_suffix: null,
    title: product.title,
    updated_at: isoShopLocal(product.updatedAt),
    vendor: product.vendor,
    status: product.status.toLowerCase() as ProductWebhookPayload["status"],
    published_scope: "web",
    tags: product.tags.join(", "),
    variants: variants.map((variant) => variantPayload(shop, variant)),
    options: product.options.map((option, index) => ({
      name: option.name,
      // Option ids are not modelled as records; derive stable ones from the product id.
      id: productNumber + 2_000_000_000_000 + index,
      product_id: productNumber,
      position: index + 1,
      values: option.values,
    })),
    images,
    image: images[0] ?? null,
    variant_gids: variants.map((variant) => ({
      admin_graphql_api_id: variant.id,
      updated_at: isoShopLocal(variant.updatedAt),
    })),
    has_variants_that_requires_components: false,
    category: null,
  };
}

function variantPayload(shop: ShopState, variant: VariantRecord): ProductVariantPayload {
  const quantity = availableEverywhere(shop, variant.inventoryItemId);
  return {
    admin_graphql_api_id: variant.id,
    barcode: variant.barcode,
    compare_at_price: variant.compareAtPrice,
    created_at: isoShopLocal(variant.createdAt),
    id: numericId(variant.id),
    inventory_policy: "deny",
    position: variant.position,
    price: variant.price,
    product_id: numericId(variant.productId),
    sku: variant.sku,
    taxable: variant.taxable,
    title: variant.title,
    updated_at: isoShopLocal(variant.updatedAt),
    option1: variant.optionValues[0] || null,
    option2: variant.optionValues[1] || null,
    option3: variant.optionValues[2] || null,
    image_id: variant.imageId ? numericId(variant.imageId) : null,
    inventory_item_id: numericId(variant.inventoryItemId),
    inventory_quantity: quantity,
    old_inventory_quantity: quantity,
  };
}

export function inventoryItemPayload(shop: ShopState, item: InventoryItemRecord): InventoryItemWebhookPayload {
  const variant = shop.variants.get(item.variantId);
  return {
    id: numericId(item.id),
    sku: variant?.sku ?? null,
    created_at: isoShopLocal(item.createdAt),
    updated_at: isoShopLocal(item.updatedAt),
    requires_shipping: item.requiresShipping,
    cost: null,
    country_code_of_origin: "MX",
    province_code_of_origin: null,
    harmonized_system_code: item.harmonizedSystemCode,
    tracked: item.tracked,
    country_harmonized_system_codes: [],
    admin_graphql_api_id: item.id,
  };
}
