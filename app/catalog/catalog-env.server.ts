// Everything one shop's catalogue work needs, resolved once per job run.
import type { Logger } from "pino";
import type { PrismaClient } from "@prisma/client";
import { getShopSettings } from "../shop/shop-settings.server";
import type { AdminGraphql } from "../shopify/admin.server";
import type { SvcClient } from "../svc";
import { createBulkCatalogReader, type BulkCatalogReader } from "./bulk-catalog.server";
import type { MappingSettings } from "./map-variant";
import { createCatalogReader, type CatalogReader } from "./shopify-catalog.server";
import type { ShopPacer } from "../shopify/admin-pacing.server";

export interface CatalogEnv {
  db: PrismaClient;
  shop: string;
  logger: Logger;
  now: () => Date;
  client: SvcClient;
  reader: CatalogReader;
  /** The full sync's read of the whole catalogue through a bulk query operation. */
  bulk: BulkCatalogReader;
  /** Downloads the bulk operation's result (Shopify's storage; the simulated store in tests). */
  fetchFile?: typeof fetch;
  settings: MappingSettings;
  /** Products per product/new request. */
  batchSize: number;
  /** Largest page of variants to read (the throttle may make it smaller). */
  pageSize?: number;
}

/** Dependencies shared by the catalogue's jobs. */
export interface CatalogDeps {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
  adminFor(shop: string): Promise<AdminGraphql>;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  pacerFor(shop: string): ShopPacer | Promise<ShopPacer>;
  batchSize: number;
  pageSize?: number;
  fetchFile?: typeof fetch;
}

/** Null when the shop has no service connection. */
export async function catalogEnv(deps: CatalogDeps, shop: string): Promise<CatalogEnv | null> {
  const client = await deps.svcClientFor(shop);
  if (!client) return null;
  const { settings } = await getShopSettings({ db: deps.db, shop });
  const admin = await deps.adminFor(shop);
  const pacer = await deps.pacerFor(shop);
  return {
    db: deps.db,
    shop,
    logger: deps.logger.child({ shop, component: "catalog" }),
    now: deps.now,
    client,
    reader: createCatalogReader({ admin, pacer, settings: settings.catalog }),
    bulk: createBulkCatalogReader({ admin, pacer, settings: settings.catalog }),
    fetchFile: deps.fetchFile,
    settings: settings.catalog,
    batchSize: deps.batchSize,
    pageSize: deps.pageSize,
  };
}
