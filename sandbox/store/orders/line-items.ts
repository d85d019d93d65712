import { toGid } from "../ids";
import type { ProductRecord, VariantRecord } from "../state/records";
import type { ShopState } from "../state/shop-state";
import { toGrams } from "../units";
import type { OrderLineInput } from "./order-input";

export interface ResolvedLine {
  variant: VariantRecord;
  product: ProductRecord;
  quantity: number;
  price: string;
  grams: number;
  requiresShipping: boolean;
  name: string;
}

/** Finds the variant an order or cart line refers to; throws on unknown ones (a test bug). */
export function resolveLine(shop: ShopState, line: OrderLineInput): ResolvedLine {
  const variant = findVariant(shop, line);
  if (!variant) {
    throw new Error(`no variant ${line.variantId ?? line.sku} in ${shop.domain}`);
  }
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    throw new Error(`quantity must be a positive integer, got ${line.quantity}`);
  }
  const product = shop.products.get(variant.productId)!;
  const item = shop.inventoryItems.get(variant.inventoryItemId)!;
  return {
    variant,
    product,
    quantity: line.quantity,
    price: line.price ?? variant.price,
    grams: Math.round(toGrams(item.weight)),
    requiresShipping: item.requiresShipping,
    name: lineName(product, variant),
  };
}

function findVariant(shop: ShopState, line: OrderLineInput): VariantRecord | undefined {
  if (line.variantId !== undefined) return shop.variants.get(toGid("ProductVariant", line.variantId));
  if (line.sku !== undefined) {
    return [...shop.variants.values()].find((variant) => variant.sku === line.sku);
  }
  return undefined;
}

/** Shopify names line items "Product - Variant", or just the product for a default variant. */
function lineName(product: ProductRecord, variant: VariantRecord): string {
  return variant.title === "Default Title" ? product.title : `${product.title} - ${variant.title}`;
}
