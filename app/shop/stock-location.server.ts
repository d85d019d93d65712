/**
 * The Shopify location whose levels stand for the warehouse's stock: in fulfilment-service mode
 * the location Shopify created for the service (null until it is registered — never a location of
 * the merchant's, where the warehouse's figures do not belong), else the one chosen in the
 * settings (null while none is). Stock sync writes there, Almacén reads there.
 */
import type { PrismaClient } from "@prisma/client";
import type { ShopSettings } from "./settings-schema";
import { getShopSettings } from "./shop-settings.server";

export interface StockLocation {
  /** The location's id as stored (a gid or a bare number); null when there is none yet. */
  locationId: string | null;
  /** Fulfilment-service mode: the location is the service's own. */
  serviceMode: boolean;
}

/** The stock location from the shop's settings and its row's `fsLocationId`, both already read. */
export function stockLocationFrom(settings: ShopSettings, fsLocationId: string | null): StockLocation {
  return settings.fulfillment.mode === "fulfillment_service"
    ? { locationId: fsLocationId, serviceMode: true }
    : { locationId: settings.stock.locationId ?? null, serviceMode: false };
}

/** The stock location, reading what is needed (the settings too, unless given). */
export async function stockLocationOf(db: PrismaClient, shop: string, settings?: ShopSettings): Promise<StockLocation> {
  const read = settings ?? (await getShopSettings({ db, shop })).settings;
  if (read.fulfillment.mode !== "fulfillment_service") return stockLocationFrom(read, null);
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { fsLocationId: true } });
  return stockLocationFrom(read, row?.fsLocationId ?? null);
}
