// Everything one shop's catalogue work needs, resolved once per job run.
import type { Logger } from "pino";
import type { PrismaClient } from "@prisma/client";
import { getShopSettings } from "../models/shop-settings.server";
import type { AdminGraphql } from "../shopify/admin.server";
import type { SvcClient } from "../svc";
import type { MappingSettings } from "./map-variant";
import { createCatalogReader, type CatalogReader } from "./shopify-catalog.server";
import type { ThrottlePacer } from "./throttle-pacer.server";

export interface CatalogEnv {
  db: PrismaClient;
  shop: string;
  logger: Logger;
  now: () => Date;
  client: SvcClient;
  reader: CatalogReader;
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
  pacerFor(shop: string): ThrottlePacer;
  batchSize: number;
  pageSize?: number;
}

/** Null when the shop has no service connection. */
export async function catalogEnv(deps: CatalogDeps, shop: string): Promise<CatalogEnv | null> {
  const client = await deps.svcClientFor(shop);
  if (!client) return null;
  const { settings } = await getShopSettings({ db: deps.db, shop });
  const admin = await deps.adminFor(shop);
  return {
    db: deps.db,
    shop,
    logger: deps.logger.child({ shop, component: "catalog" }),
    now: deps.now,
    client,
    reader: createCatalogReader({ admin, pacer: deps.pacerFor(shop), settings: settings.catalog }),
    settings: settings.catalog,
    batchSize: deps.batchSize,
    pageSize: deps.pageSize,
  };
}
