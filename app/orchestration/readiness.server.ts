/**
 * Checkout readiness, the effects: reads what readiness.ts judges (the service key, the carrier
 * service, the shop's delivery profiles and shipping model, a test quote, the latest order's
 * address), stores the checklist, notices a regression, and runs the one fix the app can do
 * itself: adding our carrier's rates to checkout (docs/decisions/019-checkout-readiness.md).
 */
import type { RatesRuntime } from "~/rates/runtime.server";
import type { Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { warehouseLocations } from "~/fulfillment/jobs/plan.server";
import { enqueueJob, isJobActive } from "~/jobs/queue.server";
import { protectedCustomerDataGranted } from "~/shop/customer-data-access.server";
import { saveCheckoutReadiness } from "~/shop/shop.server";
import { getShopSettings } from "~/shop/shop-settings.server";
import { parseRateRequest } from "~/rates";
import type { AdminGraphql } from "~/shopify/admin/client";
import {
  addCarrierToProfile,
  latestOrderAddress,
  listDeliveryProfiles,
  readCarrierServiceActive,
  readShippingModel,
  type DeliveryProfileSummary,
} from "~/shopify/admin/delivery-profiles.server";
import { ShopifyAdminError } from "~/shopify/admin/errors";
import { addMarketCarrierOption, readMexicoMarketShipping } from "~/shopify/admin/markets.server";
import { shopifyProblem, storedProblem, type ShopifyProblem } from "~/shopify/admin/problem";
import { SvcUnauthorizedError, type SvcClient } from "~/svc";
import {
  customerDataAccess,
  evaluateReadiness,
  shippingCoverage,
  shopHandle,
  type CustomerDataAccess,
  type ReadinessFacts,
  type ReadinessItem,
  type ShippingCoverage,
} from "./readiness";

import { READINESS_QUEUE } from "./readiness-queue";

export { READINESS_QUEUE };
/** How often a connected shop is checked again (a merchant may remove the rates at any time). */
export const RECHECK_MS = 6 * 60 * 60 * 1000;
/** What the method and zone are called in the merchant's shipping settings. */
const METHOD_NAME = "Tarifas en vivo";
const ZONE_NAME = "México";

export type TestQuote = ReadinessFacts["testQuote"];

export interface ReadinessDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn">;
  now: () => Date;
  adminFor(shop: string): Promise<AdminGraphql>;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  /** One quote through the checkout callback's own quoter; see defaultTestQuote. */
  testQuote(shop: string): Promise<TestQuote>;
}

export interface StoredReadiness {
  checkedAt: string;
  ready: boolean;
  items: ReadinessItem[];
  marketDriven: boolean | null;
  /** When a check found our rates gone after they had reached checkout. */
  regressedAt: string | null;
  /** Why Shopify refused adding our rates, as a code (Shopify's text is in the logs). */
  addRatesError: ShopifyProblem | null;
}

/**
 * The last stored checklist, or null before the first check. The pages read it through the shop's
 * one state (app/orchestration/shop-state.ts), which sets it right by what changed since.
 * @internal
 */
export async function readReadiness(db: PrismaClient, shop: string): Promise<StoredReadiness | null> {
  const row = await db.checkoutReadiness.findUnique({ where: { shop } });
  if (!row) return null;
  return {
    checkedAt: row.checkedAt.toISOString(),
    ready: row.ready,
    items: row.items as unknown as ReadinessItem[],
    marketDriven: row.marketDriven,
    regressedAt: row.regressedAt?.toISOString() ?? null,
    addRatesError: row.addRatesError ? storedProblem(row.addRatesError) : null,
  };
}

interface ShippingRead {
  marketDriven: boolean | null;
  coverage: ShippingCoverage;
  profiles: DeliveryProfileSummary[];
  carrierServiceId: string | null;
  locations: string[] | "any";
}

async function readShipping(deps: ReadinessDeps, shop: string, admin: AdminGraphql): Promise<ShippingRead> {
  const row = await deps.db.shop.findUnique({
    where: { domain: shop },
    select: { carrierServiceId: true, fsLocationId: true },
  });
  const { settings } = await getShopSettings({ db: deps.db, shop });
  const serviceMode = settings.fulfillment.mode === "fulfillment_service";
  const locations = serviceMode && row?.fsLocationId ? [row.fsLocationId] : warehouseLocations(settings);
  const carrierServiceId = row?.carrierServiceId ?? null;
  if (!carrierServiceId)
    return {
      marketDriven: null,
      coverage: { kind: "unknown", error: "no carrier service", noCarrier: true },
      profiles: [],
      carrierServiceId,
      locations,
    };
  try {
    const { marketDriven } = await readShippingModel(admin);
    const profiles = await listDeliveryProfiles(admin);
    const mexicoMarket = marketDriven ? await readMexicoMarketShipping(admin) : null;
    return {
      marketDriven,
      coverage: shippingCoverage({ profiles, carrierServiceId, warehouseLocations: locations, marketDriven, mexicoMarket }),
      profiles,
      carrierServiceId,
      locations,
    };
  } catch (error) {
    return {
      marketDriven: null,
      coverage: { kind: "unknown", error: messageOf(error), problem: shopifyProblem(error) },
      profiles: [],
      carrierServiceId,
      locations,
    };
  }
}

/** Runs every check, stores the checklist and answers it. */
export async function checkReadiness(deps: ReadinessDeps, shop: string): Promise<StoredReadiness> {
  const now = deps.now();
  const row = await deps.db.shop.findUnique({
    where: { domain: shop },
    select: { svcApiKeyCiphertext: true, carrierServiceId: true, carrierServiceState: true, carrierServiceError: true },
  });
  const connection = await checkKey(deps, shop, Boolean(row?.svcApiKeyCiphertext));
  const admin = await deps.adminFor(shop);
  const shipping = await readShipping(deps, shop, admin);
  const previous = await deps.db.checkoutReadiness.findUnique({ where: { shop } });

  const facts: ReadinessFacts = {
    shopHandle: shopHandle(shop),
    connection,
    carrier: await carrierFact(admin, row, deps.logger),
    marketDriven: shipping.marketDriven,
    coverage: shipping.coverage,
    canAddRates: Boolean(shipping.carrierServiceId) && !previous?.addRatesError,
    testQuote: connection === "connected" ? await deps.testQuote(shop) : { kind: "skipped" },
    customerData: await customerDataFact(deps, shop, admin),
  };
  const report = evaluateReadiness(facts);

  const covered = shipping.coverage.kind === "covered";
  const ratesSeenAt = covered ? now : (previous?.ratesSeenAt ?? null);
  // Our rates had reached checkout and now do not: the merchant (or a change in Shopify) removed them.
  const regressedAt = covered
    ? null
    : shipping.coverage.kind === "unknown"
      ? (previous?.regressedAt ?? null) // a failed read proves nothing either way
      : previous?.ratesSeenAt
        ? (previous.regressedAt ?? now)
        : null;
  const data = {
    checkedAt: now,
    ready: report.ready,
    items: report.items as unknown as Prisma.InputJsonValue,
    marketDriven: shipping.marketDriven,
    ratesSeenAt,
    regressedAt,
    // Our rates are there (added by the merchant's steps, or Shopify now allows it): offer the button again.
    ...(covered ? { addRatesError: null } : {}),
  };
  await saveCheckoutReadiness(deps.db, shop, { create: data, update: data });
  if (regressedAt && !previous?.regressedAt) deps.logger.warn({ shop }, "checkout rates removed since the last check");
  return (await readReadiness(deps.db, shop))!;
}

async function checkKey(deps: ReadinessDeps, shop: string, hasKey: boolean): Promise<ReadinessFacts["connection"]> {
  if (!hasKey) return "not_connected";
  const client = await deps.svcClientFor(shop);
  if (!client) return "not_connected";
  try {
    await client.auth({ fresh: true });
    return "connected";
  } catch (error) {
    return error instanceof SvcUnauthorizedError ? "unauthorized" : "unreachable";
  }
}

async function carrierFact(
  admin: AdminGraphql,
  row: {
    carrierServiceId: string | null;
    carrierServiceState: string | null;
    carrierServiceError: string | null;
  } | null,
  logger: Pick<Logger, "warn">,
): Promise<ReadinessFacts["carrier"]> {
  const stored = row?.carrierServiceError ? storedProblem(row.carrierServiceError) : null;
  if (row?.carrierServiceState === "not_allowed_by_plan") return { state: "not_allowed_by_plan", problem: stored };
  if (!row?.carrierServiceId)
    return { state: row?.carrierServiceState === "error" ? "error" : "missing", problem: stored };
  try {
    const active = await readCarrierServiceActive(admin, row.carrierServiceId);
    return active === null
      ? { state: "missing", problem: null }
      : { state: active ? "active" : "inactive", problem: null };
  } catch (error) {
    logger.warn({ err: messageOf(error) }, "could not read the carrier service");
    return { state: "error", problem: shopifyProblem(error) };
  }
}

/** `problem` is worded by the page; Shopify's own text is logged only. */
export type AddRatesOutcome =
  | { ok: true; changed: number }
  | { ok: false; reason: "no_carrier" | "refused" | "failed"; problem: ShopifyProblem | null };

/** What POST /app/readiness answers the checklist's fetcher (app/components/readiness-card.tsx). */
export type ReadinessActionData =
  | { intent: "add_rates"; outcome: AddRatesOutcome }
  | { intent: "recheck"; ok: true }
  | { intent: "unknown"; ok: false };

/**
 * "Add our rates to checkout": in each merchant profile that lacks them, our carrier joins the
 * Mexico zone of the location group the warehouse ships from (a new Mexico zone when there is
 * none). On market-driven shipping merchant profiles no longer count: our carrier becomes a
 * carrier-calculated option of the Mexico market (`marketUpdate`), the one place checkout reads
 * there, never a second, app-owned route to the same rates. Shopify's refusal is kept, and the
 * checklist then offers the manual steps. Checks again afterwards.
 */
export async function addRatesToCheckout(deps: ReadinessDeps, shop: string): Promise<AddRatesOutcome> {
  const admin = await deps.adminFor(shop);
  const shipping = await readShipping(deps, shop, admin);
  const carrierServiceId = shipping.carrierServiceId;
  if (!carrierServiceId) return { ok: false, reason: "no_carrier", problem: null };
  if (shipping.coverage.kind === "unknown") {
    deps.logger.warn({ shop, err: shipping.coverage.error }, "add rates: could not read the shipping settings");
    return { ok: false, reason: "failed", problem: shipping.coverage.problem ?? "unknown" };
  }
  const method = { carrierServiceId, name: METHOD_NAME };
  let changed = 0;
  let outcome: AddRatesOutcome;
  let detail: string | null = null;
  try {
    if (shipping.coverage.kind === "market_driven_uncovered") {
      if (!shipping.coverage.market)
        throw new ShopifyAdminError({
          operation: "AddMarketCarrierOption",
          kind: "user",
          message: "the shop has no market for Mexico to add the rates to",
        });
      await addMarketCarrierOption(admin, {
        marketId: shipping.coverage.market.id,
        carrierServiceId,
        currency: "MXN",
      });
      changed = 1;
    } else if (shipping.coverage.kind === "uncovered") {
      const missing = new Set(shipping.coverage.profiles.map((p) => p.id));
      for (const profile of shipping.profiles.filter((p) => missing.has(p.id))) {
        const group =
          profile.locationGroups.find(
            (g) => shipping.locations === "any" || g.locationIds.some((id) => shipping.locations.includes(id)),
          ) ?? null;
        if (!group)
          throw new ShopifyAdminError({
            operation: "DeliveryProfileUpdate",
            kind: "user",
            message: `profile ${profile.name} ships from none of the warehouse's locations`,
          });
        const zone =
          group.zones.find((z) => z.countries.some((c) => c.code === "MX" && c.provinces.length === 0)) ?? null;
        await addCarrierToProfile(admin, {
          profileId: profile.id,
          locationGroupId: group.id,
          zoneId: zone?.id ?? null,
          zoneName: ZONE_NAME,
          method,
        });
        changed += 1;
      }
    }
    outcome = { ok: true, changed };
  } catch (error) {
    const refused = error instanceof ShopifyAdminError && error.kind === "user";
    outcome = { ok: false, reason: refused ? "refused" : "failed", problem: shopifyProblem(error) };
    detail = messageOf(error);
  }
  const addRatesError = outcome.ok || outcome.reason !== "refused" ? null : outcome.problem;
  await saveCheckoutReadiness(deps.db, shop, {
    create: { checkedAt: deps.now(), ready: false, items: [], addRatesError },
    update: { addRatesError },
  });
  deps.logger.info({ shop, outcome, ...(detail ? { detail } : {}) }, "add rates to checkout");
  await checkReadiness(deps, shop);
  return outcome;
}

/**
 * Starts (or brings forward) the shop's readiness check; the job then books its own next run.
 * While a check runs it may have read the shop before the change that asks for this one (the
 * schedules sweep can start a check mid-connection, before the carrier service is registered): the
 * queue then runs the check again as soon as the running one ends (a wake-up of a running job,
 * app/jobs/queue.server.ts), rather than the change waiting for the next recheck.
 */
export async function scheduleReadinessCheck(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  await enqueueJob(db, { queue: READINESS_QUEUE, key: args.shop, shop: args.shop, runAt: args.now });
}

/** Schedules the check for a connected shop with none queued or running (e.g. connected before it existed). */
export async function ensureReadinessCheck(db: PrismaClient, args: { shop: string; now: Date }): Promise<void> {
  const row = await db.shop.findUnique({ where: { domain: args.shop }, select: { svcApiKeyCiphertext: true } });
  if (!row?.svcApiKeyCiphertext) return;
  if (await isJobActive(db, READINESS_QUEUE, args.shop)) return;
  await scheduleReadinessCheck(db, args);
}

/**
 * A test quote through the very quoter the carrier callback uses, for the shop's first registered
 * variant to Ciudad de México; "answered" only within the shop's deadline.
 */
export async function defaultTestQuote(
  { db, rates }: { db: PrismaClient; rates: Pick<RatesRuntime, "quoteRates"> },
  shop: string,
): Promise<TestQuote> {
  const variant = await db.catalogVariant.findFirst({
    where: { shop, deletedAt: null, sku: { not: null }, status: { in: ["synced", "exists_at_service", "drifted"] } },
    select: { variantId: true, productId: true, sku: true, title: true },
    orderBy: { title: "asc" },
  });
  if (!variant) return { kind: "skipped" };
  const parsed = parseRateRequest({
    rate: {
      origin: null,
      destination: {
        country: "MX",
        postal_code: "06700",
        province: "DF",
        city: "Ciudad de México",
        address1: "Av. Álvaro Obregón 100",
      },
      items: [
        {
          name: variant.title,
          sku: variant.sku,
          quantity: 1,
          requires_shipping: true,
          variant_id: variant.variantId,
          product_id: variant.productId,
        },
      ],
      currency: "MXN",
      locale: "es-MX",
    },
  });
  if (!parsed.ok) throw new Error(`readiness built an invalid rate request: ${parsed.message}`);
  const { settings } = await getShopSettings({ db, shop });
  const started = performance.now();
  const result = await rates.quoteRates({ shop, rate: parsed.rate, receivedAt: Date.now() });
  const durationMs = Math.round(performance.now() - started);
  const deadlineMs = settings.rates.deadlineMs;
  if (result.outcome === "backup" || result.outcome === "rejected") return { kind: "failed", outcome: result.outcome };
  if (durationMs > deadlineMs) return { kind: "late", durationMs, deadlineMs };
  return { kind: "answered", durationMs, deadlineMs, outcome: result.outcome };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What Shopify gives the app of the buyer's protected fields: the latest order read now, else what
 * the last order the app worked on showed (app/shop/customer-data-access.server.ts).
 */
async function customerDataFact(
  deps: { db: PrismaClient },
  shop: string,
  admin: AdminGraphql,
): Promise<CustomerDataAccess> {
  const live = await latestOrderAddress(admin).then(customerDataAccess, () => "unknown" as const);
  if (live !== "unknown") return live;
  const { granted } = await protectedCustomerDataGranted({ db: deps.db, shop });
  return granted === null ? "unknown" : granted ? "granted" : "withheld";
}
