import { deleteInventoryLevelsOf, setInventoryLevel } from "../state/inventory-store";
import { deleteMetafieldsOf, upsertMetafield } from "../state/metafield-store";
import type { ProductRecord, VariantRecord } from "../state/records";
import { primaryLocation, type ShopState } from "../state/shop-state";
import type { ProductInput, ProductPatch, VariantInput, VariantPatch } from "./product-input";

const DEFAULT_OPTION = "Title";
const DEFAULT_VARIANT_TITLE = "Default Title";

export function createProduct(shop: ShopState, input: ProductInput, now: number): ProductRecord {
  if (input.variants.length === 0) throw new Error(`product "${input.title}" needs a variant`);
  const optionNames = input.options?.length ? input.options : [DEFAULT_OPTION];
  const product: ProductRecord = {
    id: shop.ids.next("Product"),
    title: input.title,
    handle: input.handle ?? handleize(input.title),
    vendor: input.vendor ?? shop.name,
    productType: input.productType ?? "",
    status: input.status ?? "ACTIVE",
    tags: input.tags ?? [],
    descriptionHtml: input.descriptionHtml ?? "",
    options: optionNames.map((name) => ({ name, values: [] })),
    images: (input.imageUrls ?? []).map((url) => ({
      id: shop.ids.next("ProductImage"),
      mediaId: shop.ids.next("MediaImage"),
      url,
      altText: input.title,
    })),
    variantIds: [],
    createdAt: now,
    updatedAt: now,
  };
  shop.products.set(product.id, product);
  for (const metafield of input.metafields ?? []) upsertMetafield(shop, product.id, metafield, now);
  for (const variant of input.variants) addVariant(shop, product, variant, now);
  return product;
}

export function updateProduct(
  shop: ShopState,
  product: ProductRecord,
  patch: ProductPatch,
  now: number,
): ProductRecord {
  if (patch.title !== undefined) product.title = patch.title;
  if (patch.handle !== undefined) product.handle = patch.handle;
  if (patch.vendor !== undefined) product.vendor = patch.vendor;
  if (patch.productType !== undefined) product.productType = patch.productType;
  if (patch.status !== undefined) product.status = patch.status;
  if (patch.tags !== undefined) product.tags = patch.tags;
  for (const metafield of patch.metafields ?? []) upsertMetafield(shop, product.id, metafield, now);
  for (const variantId of patch.removeVariantIds ?? []) removeVariant(shop, product, variantId);
  for (const variant of patch.addVariants ?? []) addVariant(shop, product, variant, now);
  product.updatedAt = now;
  return product;
}

export function updateVariant(shop: ShopState, variant: VariantRecord, patch: VariantPatch, now: number): void {
  const item = shop.inventoryItems.get(variant.inventoryItemId)!;
  if (patch.sku !== undefined) variant.sku = blankToNull(patch.sku);
  if (patch.barcode !== undefined) variant.barcode = blankToNull(patch.barcode);
  if (patch.price !== undefined) variant.price = patch.price;
  if (patch.weight !== undefined) item.weight = patch.weight ?? { unit: "KILOGRAMS", value: 0 };
  if (patch.requiresShipping !== undefined) item.requiresShipping = patch.requiresShipping;
  for (const metafield of patch.metafields ?? []) upsertMetafield(shop, variant.id, metafield, now);
  variant.updatedAt = now;
  item.updatedAt = now;
  shop.products.get(variant.productId)!.updatedAt = now;
}

export function deleteProduct(shop: ShopState, product: ProductRecord): void {
  for (const variantId of [...product.variantIds]) removeVariant(shop, product, variantId);
  deleteMetafieldsOf(shop, product.id);
  shop.products.delete(product.id);
}

function addVariant(shop: ShopState, product: ProductRecord, input: VariantInput, now: number): void {
  const optionValues = product.options.map(
    (_, index) => input.options?.[index] ?? (index === 0 ? DEFAULT_VARIANT_TITLE : ""),
  );
  product.options.forEach((option, index) => {
    const value = optionValues[index]!;
    if (value && !option.values.includes(value)) option.values.push(value);
  });
  const variantId = shop.ids.next("ProductVariant");
  const itemId = shop.ids.next("InventoryItem");
  const variant: VariantRecord = {
    id: variantId,
    productId: product.id,
    title: optionValues.filter(Boolean).join(" / "),
    sku: blankToNull(input.sku ?? null),
    barcode: blankToNull(input.barcode ?? null),
    price: input.price,
    compareAtPrice: input.compareAtPrice ?? null,
    position: product.variantIds.length + 1,
    optionValues,
    inventoryItemId: itemId,
    imageId: null,
    taxable: input.taxable ?? true,
    createdAt: now,
    updatedAt: now,
  };
  shop.variants.set(variantId, variant);
  product.variantIds.push(variantId);
  shop.inventoryItems.set(itemId, {
    id: itemId,
    variantId,
    requiresShipping: input.requiresShipping ?? true,
    tracked: true,
    weight: input.weight ?? { unit: "KILOGRAMS", value: 0 },
    harmonizedSystemCode: null,
    createdAt: now,
    updatedAt: now,
  });
  stockVariant(shop, itemId, input.inventory ?? 0, now);
  for (const metafield of input.metafields ?? []) upsertMetafield(shop, variantId, metafield, now);
}

function stockVariant(shop: ShopState, itemId: string, inventory: number | Record<string, number>, now: number): void {
  const byLocation = typeof inventory === "number" ? { [primaryLocation(shop).name]: inventory } : inventory;
  for (const location of shop.locations.values()) {
    const available = byLocation[location.name];
    if (available === undefined && location.id !== primaryLocation(shop).id) continue;
    setInventoryLevel(shop, {
      itemId,
      locationId: location.id,
      available: available ?? 0,
      committed: 0,
      updatedAt: now,
    });
  }
}

function removeVariant(shop: ShopState, product: ProductRecord, variantId: string): void {
  const variant = shop.variants.get(variantId);
  if (!variant || variant.productId !== product.id) {
    throw new Error(`variant ${variantId} is not part of product ${product.id}`);
  }
  deleteInventoryLevelsOf(shop, variant.inventoryItemId);
  shop.inventoryItems.delete(variant.inventoryItemId);
  deleteMetafieldsOf(shop, variantId);
  shop.variants.delete(variantId);
  product.variantIds = product.variantIds.filter((id) => id !== variantId);
}

function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === "" ? null : value;
}

/** Shopify's handle rule, including folding accents: "Café de Chiapas" → "cafe-de-chiapas". */
export function handleize(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
