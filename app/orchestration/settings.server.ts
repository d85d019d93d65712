// The settings of a shop as the merchant changes them: connecting the service account (which starts
// the catalogue sync and the orders reconciliation), the rate rules, the orders-and-stock settings
// (and the fulfilment mode they imply), and the carrier-service registration after either. The
// settings page's server side (settings-page.server.ts) parses the forms and words the outcomes.
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { startFullSync } from "~/catalog/full-sync.server";
import type { Env } from "~/env.server";
import {
  registerFulfillmentService,
  removeFulfillmentService,
  requestAssignedRead,
} from "~/fulfillment/shopify/fulfillment-service.server";
import { startReconciliation } from "~/fulfillment/jobs/reconcile.server";
import { scheduleReadinessCheck } from "~/orchestration/readiness.server";
import { ensureStockSchedule } from "~/fulfillment/jobs/stock-sync.server";
import type { RatesRuntime } from "~/rates/runtime.server";
import { registerCarrierService, type CarrierRegistration } from "~/shop/carrier-service.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { shopifyProblem, type ShopifyProblem } from "~/shopify/admin/problem";
import { SvcError, SvcUnauthorizedError } from "~/svc";
import {
  getShopSettings,
  updateShopSettings,
  type FulfillmentSettings,
  type SettingsConflict,
  type SettingsReadAt,
  type RatesSettings,
  type ShopSettingsPatch,
} from "../shop/shop-settings.server";
import { carrierServiceName } from "../shop/carrier-name";
import { connectShop, disconnectShop } from "./connect-shop.server";
import { ensureShopRow } from "../shop/shop.server";
import type { SvcConnectionConfig, SvcEnvironment } from "../shop/svc-connection.server";

/** What a settings change uses of the process's services (app/composition.server.ts). */
export interface SettingsDeps {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
  svc: SvcConnectionConfig;
  adminFor(shop: string): Promise<AdminGraphql>;
  config: Pick<Env, "SHOPIFY_APP_URL">;
  /** The rates runtime's caches, emptied for a shop whose settings or connection changed. */
  rates: Pick<RatesRuntime, "forget">;
}
type Deps = SettingsDeps;

export type ConnectOutcome =
  { ok: true; carrierService: CarrierRegistration } | { ok: false; reason: "unauthorized" | "unreachable" };

/**
 * Checks the key with the service (one auth call) and stores it; then registers the whole
 * catalogue, starts reconciling paid orders and registers the carrier service.
 */
export async function connectServiceAccount(
  deps: Deps,
  args: { shop: string; apiKey: string; environment: SvcEnvironment },
): Promise<ConnectOutcome> {
  const { db, svc, logger } = deps;
  const { shop } = args;
  try {
    await connectShop({ db, config: svc, shop, apiKey: args.apiKey, environment: args.environment });
  } catch (error) {
    if (error instanceof SvcUnauthorizedError) return { ok: false, reason: "unauthorized" };
    logger.warn({ shop, err: error instanceof SvcError ? error.message : String(error) }, "service connection failed");
    return { ok: false, reason: "unreachable" };
  }
  deps.rates.forget(shop);
  // Connecting is all a merchant should have to do: the whole catalogue is registered from here.
  // A sync already running is left to finish (startFullSync refuses a second one).
  await startFullSync({ db, shop });
  // And every paid order from now on (or of the last N days, as chosen) is reconciled.
  await startReconciliation(db, { shop, now: deps.now() });
  // After a disconnect the stock schedule and the fulfilment requests' reading stopped: back on.
  await ensureStockSchedule(db, { shop, now: deps.now() });
  const { settings } = await getShopSettings({ db, shop });
  if (settings.fulfillment.mode === "fulfillment_service") await requestAssignedRead(db, { shop, now: deps.now() });
  const carrierService = await registerCarrierForShop(deps, shop);
  // Since Admin 2026-10 a registered carrier reaches no checkout by itself: check where it does.
  await scheduleReadinessCheck(db, { shop, now: deps.now() });
  return { ok: true, carrierService };
}

/**
 * Forgets the shop's service key. Orders, the catalogue and stock stop at their next run (their
 * handlers find no service client); the rate callback answers no rates. Shopify's registrations
 * (the carrier service, the fulfilment service) are kept, so connecting again resumes everything.
 */
export async function disconnectServiceAccount(deps: Deps, shop: string): Promise<boolean> {
  const disconnected = await disconnectShop({ db: deps.db, shop });
  deps.rates.forget(shop);
  if (disconnected) {
    deps.logger.info({ shop }, "service account disconnected");
    // The checklist is checked once more, saying the key is gone; the pages already read the
    // disconnect from the shop's state (app/orchestration/shop-state.ts).
    await scheduleReadinessCheck(deps.db, { shop, now: deps.now() });
  }
  return disconnected;
}

/**
 * Saves the orders-and-stock settings, starts the stock schedule when it was switched on and
 * applies the fulfilment mode; answers Shopify's refusal of the mode change (its own words), or null.
 */
export async function saveOperationsSettings(
  deps: Deps,
  shop: string,
  patch: Required<Pick<ShopSettingsPatch, "fulfillment" | "stock">> & {
    fulfillment: { mode: FulfillmentSettings["mode"] };
  },
  readAt?: SettingsReadAt,
): Promise<ShopifyProblem | SettingsConflict | null> {
  const { db } = deps;
  await ensureShopRow(db, shop);
  // Another session's change to these fields since the form was read is never overwritten.
  const saved = await updateShopSettings({ db, shop, patch, readAt });
  if ("conflict" in saved) return saved;
  await ensureStockSchedule(db, { shop, now: deps.now() });
  return applyFulfillmentMode(deps, shop, patch.fulfillment.mode);
}

/**
 * After a merchant's sign-in (an install, a reinstall, a new offline token): a shop in
 * fulfilment-service mode has its service's ids checked against Shopify and the service registered
 * anew if Shopify no longer has it (a reinstall removes it), without waiting for the merchant to
 * save the mode again. A failure is logged and left to the next sign-in or save: it never stops
 * the sign-in.
 */
export async function afterShopSignIn(deps: Deps, shop: string): Promise<void> {
  const { settings } = await getShopSettings({ db: deps.db, shop });
  if (settings.fulfillment.mode === "fulfillment_service")
    await applyFulfillmentMode(deps, shop, "fulfillment_service");
}

/**
 * Fulfilment-service mode registers the warehouse as the shop's fulfilment service and starts
 * reading its requests; the merchant-managed mode removes it, as Shopify requires. When Shopify
 * refused, what went wrong as a code (the page words it; Shopify's own text goes to the log).
 */
async function applyFulfillmentMode(
  deps: Deps,
  shop: string,
  mode: FulfillmentSettings["mode"],
): Promise<ShopifyProblem | null> {
  try {
    if (mode === "fulfillment_service") {
      await registerFulfillmentService(deps, {
        shop,
        appUrl: deps.config.SHOPIFY_APP_URL,
        name: `Envíos ${deps.svc.serviceName}`,
      });
      await requestAssignedRead(deps.db, { shop, now: deps.now() });
    } else {
      await removeFulfillmentService(deps, { shop });
    }
    return null;
  } catch (error) {
    deps.logger.warn(
      { shop, mode, err: error instanceof Error ? error.message : String(error) },
      "fulfilment mode change failed",
    );
    return shopifyProblem(error);
  }
}

/**
 * Saves the rate rules; re-registers the carrier service when the shop is connected (else null).
 * A conflict (another session changed these rules since the form was read) writes nothing.
 */
export async function saveRatesSettings(
  deps: Deps,
  shop: string,
  rates: RatesSettings,
  readAt?: SettingsReadAt,
): Promise<CarrierRegistration | SettingsConflict | null> {
  const { db } = deps;
  await ensureShopRow(db, shop);
  const saved = await updateShopSettings({ db, shop, patch: { rates }, readAt });
  if ("conflict" in saved) return saved;
  deps.rates.forget(shop);
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { svcApiKeyCiphertext: true } });
  return row?.svcApiKeyCiphertext ? registerCarrierForShop(deps, shop) : null;
}

/** Creates or updates the shop's carrier service; the outcome is also stored on the Shop row. */
export async function registerCarrierForShop(deps: Deps, shop: string): Promise<CarrierRegistration> {
  const { db, svc, adminFor } = deps;
  const register = (admin: Parameters<typeof registerCarrierService>[0]["admin"]) =>
    registerCarrierService({
      db,
      admin,
      shop,
      appUrl: deps.config.SHOPIFY_APP_URL,
      name: carrierServiceName(svc.serviceName),
    });
  let registration: CarrierRegistration;
  try {
    registration = await register(await adminFor(shop));
  } catch (error) {
    // No Admin access at all (e.g. no offline session): record it like any other registration failure.
    registration = await register(() => Promise.reject(error));
  }
  // Shopify's own words go to the logs; the Shop row and the pages have the problem's code.
  if (registration.state !== "active")
    deps.logger.warn(
      { shop, problem: registration.problem, detail: registration.detail },
      "carrier service not registered",
    );
  return registration;
}
