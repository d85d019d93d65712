// The facts behind the shop's one state (app/orchestration/shop-state.ts), read in one statement:
// one snapshot of the database, so Inicio's steps, figures and checklist and Configuración's banner
// are computed from the same moment and cannot disagree.
import type { PrismaClient } from "@prisma/client";
import { CATALOG_GROUPS } from "../catalog/catalog-query";
import type { ReadinessItem } from "./readiness";
import { shopState, type ShopFacts, type ShopState } from "./shop-state";

interface Row {
  connected: boolean | null;
  environment: string | null;
  carrierServiceState: string | null;
  carrierServiceError: string | null;
  customerDataAccess: string | null;
  rateTested: boolean | null;
  ordersGuideSeen: boolean | null;
  registered: number;
  needsWork: number;
  pending: number;
  quotable: number;
  catalogSynced: boolean;
  sent: number;
  shipped: number;
  delivered: number;
  needsAttention: number;
  awaitingStock: number;
  checkedAt: Date | null;
  ready: boolean | null;
  items: unknown;
  marketDriven: boolean | null;
  regressedAt: Date | null;
  addRatesError: string | null;
}

/** What the readiness check's test quote can quote (readiness.server.ts defaultTestQuote). */
const QUOTABLE = ["synced", "exists_at_service", "drifted"];

/** The shop's facts, in one read. */
async function readShopFacts(db: Pick<PrismaClient, "$queryRaw">, shop: string): Promise<ShopFacts> {
  // Catálogo's groups (app/catalog/catalog-query.ts CATALOG_GROUPS) and Pedidos' counts
  // (app/fulfillment/orders-page.server.ts): the figures are the filters they open
  // (test/integration/shop/shop-state.test.ts holds them together).
  const [row] = await db.$queryRaw<Row[]>`
    WITH v AS (
      SELECT count(*) FILTER (WHERE status = ANY(${[...CATALOG_GROUPS.registered]}::text[]))::int AS registered,
             count(*) FILTER (WHERE status = ANY(${[...CATALOG_GROUPS.needs_work]}::text[]))::int AS "needsWork",
             count(*) FILTER (WHERE status = 'pending')::int AS pending,
             count(*) FILTER (WHERE status = ANY(${QUOTABLE}::text[]) AND sku IS NOT NULL)::int AS quotable
      FROM "CatalogVariant" WHERE shop = ${shop} AND "deletedAt" IS NULL
    ), f AS (
      SELECT count(*) FILTER (WHERE "svcOrderId" IS NOT NULL)::int AS sent,
             count(*) FILTER (WHERE status = 'shipped')::int AS shipped,
             count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
             count(*) FILTER (WHERE status = 'needs_attention')::int AS "needsAttention",
             count(*) FILTER (WHERE status = 'awaiting_stock')::int AS "awaitingStock"
      FROM "Fulfillment" WHERE shop = ${shop}
    )
    SELECT s."svcApiKeyCiphertext" IS NOT NULL AS connected, s."svcEnvironment" AS environment,
           s."carrierServiceState", s."carrierServiceError", s."customerDataAccess",
           s."rateTestedAt" IS NOT NULL AS "rateTested", s."ordersGuideSeenAt" IS NOT NULL AS "ordersGuideSeen",
           v.*, f.*,
           EXISTS (SELECT 1 FROM "CatalogSync" c WHERE c.shop = ${shop} AND c.state = 'completed') AS "catalogSynced",
           r."checkedAt", r.ready, r.items, r."marketDriven", r."regressedAt", r."addRatesError"
    FROM v CROSS JOIN f
    LEFT JOIN "Shop" s ON s.domain = ${shop}
    LEFT JOIN "CheckoutReadiness" r ON r.shop = ${shop}`;
  const access = row!.customerDataAccess;
  return {
    connected: Boolean(row!.connected),
    environment: row!.environment === "production" ? "production" : "qa",
    carrierServiceState: row!.carrierServiceState,
    carrierServiceProblem: row!.carrierServiceError,
    variants: {
      registered: row!.registered,
      needsWork: row!.needsWork,
      pending: row!.pending,
      quotable: row!.quotable,
    },
    catalogSynced: row!.catalogSynced,
    orders: {
      sent: row!.sent,
      shipped: row!.shipped,
      delivered: row!.delivered,
      needsAttention: row!.needsAttention,
      awaitingStock: row!.awaitingStock,
    },
    customerDataAccess: access === "granted" || access === "withheld" ? access : null,
    rateTested: Boolean(row!.rateTested),
    ordersGuideSeen: Boolean(row!.ordersGuideSeen),
    readiness: row!.checkedAt
      ? {
          checkedAt: row!.checkedAt.toISOString(),
          ready: Boolean(row!.ready),
          items: (row!.items ?? []) as ReadinessItem[],
          marketDriven: row!.marketDriven,
          regressedAt: row!.regressedAt?.toISOString() ?? null,
          addRatesError: row!.addRatesError,
        }
      : null,
  };
}

/** The shop's one state: what Inicio and Configuración's banner show. */
export async function readShopState(db: Pick<PrismaClient, "$queryRaw">, shop: string): Promise<ShopState> {
  return shopState(await readShopFacts(db, shop));
}
