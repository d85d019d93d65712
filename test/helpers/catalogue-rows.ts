/**
 * The catalogue module's rows written directly: every variant of the simulated store's products
 * mapped to its inventory item, as a finished catalogue sync leaves them (one insert).
 */
import type { SimulatedStore } from "../../sandbox/store";
import prisma from "./prisma";

export async function seedCatalogueRows(store: SimulatedStore, shop: string): Promise<void> {
  await prisma.catalogVariant.createMany({
    data: store.products.list(shop).flatMap((product) =>
      product.variants.map((variant) => ({
        shop,
        productId: String(product.id),
        variantId: String(variant.id),
        inventoryItemId: String(variant.inventory_item_id),
        sku: variant.sku,
        title: product.title,
        status: "synced",
      })),
    ),
  });
}
