import { toGid } from "../ids";
import type { ShopState } from "../state/shop-state";
import type { ProductInput, ProductPatch, VariantPatch } from "./product-input";
import {
  inventoryItemPayload,
  productPayload,
  type InventoryItemWebhookPayload,
  type ProductDeletePayload,
  type ProductWebhookPayload,
} from "./product-payloads";
import { createProduct, deleteProduct, updateProduct, updateVariant } from "./product-writer";

/**
 * Merchant-side catalogue changes. Each answers the payload of the webhook Shopify would send
 * for it, so a test can change the store and then deliver that webhook with `sendWebhook`.
 */
export interface ProductsApi {
  /** products/create payload. */
  create(domain: string, input: ProductInput): ProductWebhookPayload;
  /** products/update payload. */
  update(domain: string, productId: string | number, patch: ProductPatch): ProductWebhookPayload;
  /** Weight, SKU or shipping changes: products/update and inventory_items/update payloads. */
  updateVariant(
    domain: string,
    variantId: string | number,
    patch: VariantPatch,
  ): { product: ProductWebhookPayload; inventoryItem: InventoryItemWebhookPayload };
  /** products/delete payload. */
  delete(domain: string, productId: string | number): ProductDeletePayload;
  get(domain: string, productId: string | number): ProductWebhookPayload | undefined;
  list(domain: string): ProductWebhookPayload[];
  inventoryItem(domain: string, inventoryItemId: string | number): InventoryItemWebhookPayload | undefined;
}

export function createProductsApi(shopOf: (domain: string) => ShopState, now: () => number): ProductsApi {
  const productOf = (shop: ShopState, id: string | number) => {
    const product = shop.products.get(toGid("Product", id));
    if (!product) throw new Error(`no product ${id} in ${shop.domain}`);
    return product;
  };
  return {
    create(domain, input) {
      const shop = shopOf(domain);
      return productPayload(shop, createProduct(shop, input, now()));
    },
    update(domain, productId, patch) {
      const shop = shopOf(domain);
      return productPayload(shop, updateProduct(shop, productOf(shop, productId), patch, now()));
    },
    updateVariant(domain, variantId, patch) {
      const shop = shopOf(domain);
      const variant = shop.variants.get(toGid("ProductVariant", variantId));
      if (!variant) throw new Error(`no variant ${variantId} in ${domain}`);
      updateVariant(shop, variant, patch, now());
      return {
        product: productPayload(shop, shop.products.get(variant.productId)!),
        inventoryItem: inventoryItemPayload(shop, shop.inventoryItems.get(variant.inventoryItemId)!),
      };
    },
    delete(domain, productId) {
      const shop = shopOf(domain);
      const product = productOf(shop, productId);
      const payload = productPayload(shop, product);
      deleteProduct(shop, product);
      return { id: payload.id };
    },
    get(domain, productId) {
      const shop = shopOf(domain);
      const product = shop.products.get(toGid("Product", productId));
      return product && productPayload(shop, product);
    },
    list(domain) {
      const shop = shopOf(domain);
      return [...shop.products.values()].map((product) => productPayload(shop, product));
    },
    inventoryItem(domain, inventoryItemId) {
      const shop = shopOf(domain);
      const item = shop.inventoryItems.get(toGid("InventoryItem", inventoryItemId));
      return item && inventoryItemPayload(shop, item);
    },
  };
}
