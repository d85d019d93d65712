import { numericId } from "../../ids";
import type { ImageRecord, ProductRecord, VariantRecord } from "../../state/records";
import { isoUtc } from "../../timestamps";
import { paginate, type ConnectionArgs } from "../connection";
import type { StoreContext } from "../context";
import { availableTotal, inventoryItemView } from "./inventory-views";
import { linkViews } from "./links";
import { metafieldFields } from "./metafield-views";

const byId = (record: { id: string }): [number, number] => [numericId(record.id), numericId(record.id)];

function imageView(image: ImageRecord) {
  return {
    __typename: "Image",
    id: image.id,
    altText: image.altText,
    url: () => image.url,
    width: 2048,
    height: 2048,
  };
}

const mediaKey = (image: ImageRecord): [number, number] => [numericId(image.mediaId), numericId(image.mediaId)];

function mediaView(image: ImageRecord) {
  return {
    __typename: "MediaImage",
    id: image.mediaId,
    alt: image.altText,
    mediaContentType: "IMAGE",
    status: "READY",
    preview: { image: imageView(image), status: "READY" },
    image: imageView(image),
  };
}

export function productView(ctx: StoreContext, product: ProductRecord) {
  const variants = () => product.variantIds.map((id) => ctx.shop.variants.get(id)!);
  return {
    __typename: "Product",
    id: product.id,
    legacyResourceId: String(numericId(product.id)),
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    productType: product.productType,
    status: product.status,
    tags: product.tags,
    descriptionHtml: product.descriptionHtml,
    createdAt: isoUtc(product.createdAt),
    updatedAt: isoUtc(product.updatedAt),
    hasOnlyDefaultVariant:
      product.variantIds.length === 1 && ctx.shop.variants.get(product.variantIds[0]!)?.title === "Default Title",
    totalInventory: () => variants().reduce((sum, v) => sum + availableTotal(ctx, v.inventoryItemId), 0),
    options: (args: { first?: number | null }) =>
      product.options.slice(0, args.first ?? undefined).map((option, index) => ({
        id: `gid://shopify/ProductOption/${numericId(product.id) + 2_000_000_000_000 + index}`,
        name: option.name,
        position: index + 1,
        values: option.values,
      })),
    featuredMedia: () => (product.images[0] ? mediaView(product.images[0]) : null),
    featuredImage: () => (product.images[0] ? imageView(product.images[0]) : null),
    images: (args: ConnectionArgs) => paginate(product.images, args, "images", byId, imageView),
    media: (args: ConnectionArgs) => paginate(product.images, args, "media", mediaKey, mediaView),
    variants: (args: ConnectionArgs) =>
      paginate(
        variants(),
        args,
        "variants",
        (v) => [v.position, numericId(v.id)],
        (v) => variantView(ctx, v),
      ),
    variantsCount: () => ({ count: product.variantIds.length, precision: "EXACT" }),
    ...metafieldFields(ctx, product.id),
  };
}

export function variantView(ctx: StoreContext, variant: VariantRecord) {
  const product = () => ctx.shop.products.get(variant.productId)!;
  const item = () => ctx.shop.inventoryItems.get(variant.inventoryItemId)!;
  return {
    __typename: "ProductVariant",
    id: variant.id,
    legacyResourceId: String(numericId(variant.id)),
    title: variant.title,
    displayName: () => `${product().title} - ${variant.title}`,
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    position: variant.position,
    taxable: variant.taxable,
    inventoryQuantity: () => availableTotal(ctx, variant.inventoryItemId),
    availableForSale: () => !item().tracked || availableTotal(ctx, variant.inventoryItemId) > 0,
    selectedOptions: () =>
      product().options.map((option, index) => ({ name: option.name, value: variant.optionValues[index] ?? "" })),
    image: () => {
      const image = product().images.find((candidate) => candidate.id === variant.imageId);
      return image ? imageView(image) : null;
    },
    // The variant's own picture is its one media (2026-10 deprecates \`image\` for it).
    media: (args: ConnectionArgs) =>
      paginate(
        product().images.filter((candidate) => candidate.id === variant.imageId),
        args,
        "media",
        mediaKey,
        mediaView,
      ),
    product: () => productView(ctx, product()),
    inventoryItem: () => inventoryItemView(ctx, item()),
    createdAt: isoUtc(variant.createdAt),
    updatedAt: isoUtc(variant.updatedAt),
    ...metafieldFields(ctx, variant.id),
  };
}

linkViews({ variantView });
