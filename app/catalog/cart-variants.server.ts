// The catalogue as the rate tester's cart sees it (app/routes/app.rates/): the variants a cart may
// be picked from, and the ones a submitted cart names, always within the shop's own catalogue.
import type { PrismaClient } from "@prisma/client";

export type CartCatalogueDb = Pick<PrismaClient, "catalogVariant" | "shop">;

export interface CartCatalogueRow {
  variantId: string;
  productId: string;
  sku: string | null;
  title: string;
  status: string;
}

/** The shop's variants with a SKU still in Shopify, by title then SKU, at most `take`. */
export function listCartCandidates(
  db: CartCatalogueDb,
  args: { shop: string; take: number },
): Promise<CartCatalogueRow[]> {
  return db.catalogVariant.findMany({
    where: { shop: args.shop, deletedAt: null, sku: { not: null } },
    select: { variantId: true, productId: true, sku: true, title: true, status: true },
    orderBy: [{ title: "asc" }, { sku: "asc" }],
    take: args.take,
  });
}

/** Of `variantIds`, those that are the shop's own, with a SKU, still in Shopify. */
export function findCartVariants(
  db: CartCatalogueDb,
  args: { shop: string; variantIds: string[] },
): Promise<(Omit<CartCatalogueRow, "status"> & { reasonCode: string | null })[]> {
  return db.catalogVariant.findMany({
    where: { shop: args.shop, deletedAt: null, sku: { not: null }, variantId: { in: args.variantIds } },
    // The reason a variant is not registered as it is (e.g. no dimensions): what the rate tester
    // names when the service could not price a cart holding it.
    select: { variantId: true, productId: true, sku: true, title: true, reasonCode: true },
  });
}

/** Whether the shop has a service account connected (its key is stored). */
export async function isShopConnected(db: CartCatalogueDb, shop: string): Promise<boolean> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { svcApiKeyCiphertext: true } });
  return Boolean(row?.svcApiKeyCiphertext);
}
