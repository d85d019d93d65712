/**
 * The Shopify location whose levels stand for the warehouse's stock: in fulfilment-service mode
 * the location Shopify created for the service (null until it is registered — never a location of
 * the merchant's, where the warehouse's figures do not belong), else the one chosen in the
 * settings (null while none is). Stock sync writes there, Almacén reads there.
 */
import type { PrismaClient } from "@prisma/client";
import { getShopSettings } from "./shop-settings.server";

export interface StockLocation {
  /** The location's id as stored (a gid or a bare number); null when there is none yet. */
  locationId: string | null;
  /** Fulfilment-service mode: the location is the service's own. */
  serviceMode: boolean;
}

export async function stockLocationOf(db: PrismaClient, shop: string): Promise<StockLocation> {
  const { settings } = await getShopSettings({ db, shop });
  if (settings.fulfillment.mode !== "fulfillment_service")
    return { locationId: settings.stock.locationId ?? null, serviceMode: false };
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { fsLocationId: true } });
  return { locationId: row?.fsLocationId ?? null, serviceMode: true };
}
