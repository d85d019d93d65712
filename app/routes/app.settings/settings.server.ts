// What the settings page does: connect the service account, save the rate rules, and register the
// carrier service with the shop after either (reporting plainly when the plan does not allow it).
import { appContext } from "~/context.server";
import { env } from "~/env.server";
import { getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { connectShop, type SvcEnvironment } from "~/models/svc-connection.server";
import { forgetShopRates } from "~/rates/runtime.server";
import {
  registerCarrierService,
  type CarrierRegistration,
  type CarrierServiceState,
} from "~/shopify/carrier-service.server";
import { SvcError, SvcUnauthorizedError } from "~/svc";
import { startFullSync } from "~/catalog/full-sync.server";
import { ensureStockSchedule } from "~/fulfillment/stock-sync.server";
import { startReconciliation } from "~/fulfillment/reconcile.server";
import {
  registerFulfillmentService,
  removeFulfillmentService,
  requestAssignedRead,
} from "~/fulfillment/fulfillment-service.server";
import { operationsFormValues, parseOperationsForm, type OperationsFormValues } from "./operations-form";
import { parseRatesForm, ratesFormValues, type RatesFormValues } from "./rates-form";

export interface SettingsPageData {
  connected: boolean;
  environment: SvcEnvironment;
  carrierService: { state: CarrierServiceState | null; message: string | null };
  rates: RatesFormValues;
  operations: OperationsFormValues;
  /** The shop's locations, for the stock location; empty when Shopify could not be asked. */
  locations: { id: string; name: string }[];
}

export type SettingsActionResult =
  | { intent: "connect" | "rates" | "register" | "operations"; ok: true; carrierService: CarrierRegistration | null }
  | { intent: "connect" | "rates" | "register" | "operations"; ok: false; errors: Record<string, string> };

const LOCATIONS_QUERY = `#graphql
  query SettingsLocations { locations(first: 50) { nodes { id name } } }`;

async function shopLocations(shop: string): Promise<{ id: string; name: string }[]> {
  const { adminFor, logger } = appContext();
  try {
    const result = await (await adminFor(shop))<{ locations: { nodes: { id: string; name: string }[] } }>(LOCATIONS_QUERY);
    return result.data?.locations.nodes ?? [];
  } catch (error) {
    logger.warn({ shop, err: error instanceof Error ? error.message : String(error) }, "could not read the shop's locations");
    return [];
  }
}

/** Everything the page shows for `shop`. */
export async function loadSettingsPage(shop: string): Promise<SettingsPageData> {
  const { db } = appContext();
  const [row, { settings }, locations] = await Promise.all([
    db.shop.findUnique({
      where: { domain: shop },
      select: { svcApiKeyCiphertext: true, svcEnvironment: true, carrierServiceState: true, carrierServiceError: true },
    }),
    getShopSettings({ db, shop }),
    shopLocations(shop),
  ]);
  return {
    connected: Boolean(row?.svcApiKeyCiphertext),
    environment: row?.svcEnvironment === "production" ? "production" : "qa",
    carrierService: {
      state: (row?.carrierServiceState as CarrierServiceState | null) ?? null,
      message: row?.carrierServiceError ?? null,
    },
    rates: ratesFormValues(settings.rates),
    operations: operationsFormValues(settings.fulfillment, settings.stock),
    locations,
  };
}

/** Checks the key with the service (one auth call), stores it, then registers the carrier service. */
export async function connectAccount(shop: string, form: FormData): Promise<SettingsActionResult> {
  const apiKey = String(form.get("apiKey") ?? "").trim();
  const environment = form.get("environment") === "production" ? "production" : "qa";
  if (!apiKey)
    return { intent: "connect", ok: false, errors: { apiKey: "Escribe la clave de API de tu cuenta del servicio." } };
  const { db, svc, logger } = appContext();
  try {
    await connectShop({ db, config: svc, shop, apiKey, environment });
  } catch (error) {
    if (error instanceof SvcUnauthorizedError) {
      return {
        intent: "connect",
        ok: false,
        errors: {
          apiKey: `El servicio rechazó esta clave en el entorno ${environment === "qa" ? "de pruebas (QA)" : "de producción"}.`,
        },
      };
    }
    logger.warn({ shop, err: error instanceof SvcError ? error.message : String(error) }, "service connection failed");
    return {
      intent: "connect",
      ok: false,
      errors: { apiKey: "No se pudo contactar al servicio. Inténtalo de nuevo en unos minutos." },
    };
  }
  forgetShopRates(shop);
  // Connecting is all a merchant should have to do: the whole catalogue is registered from here.
  // A sync already running is left to finish (startFullSync refuses a second one).
  await startFullSync({ db, shop });
  // And every paid order from now on (or of the last N days, as chosen) is reconciled.
  await startReconciliation(db, { shop, now: appContext().now() });
  return { intent: "connect", ok: true, carrierService: await registerForShop(shop) };
}

/** Saves the orders-and-stock settings and starts the stock schedule when it was switched on. */
export async function saveOperations(shop: string, form: FormData): Promise<SettingsActionResult> {
  const parsed = parseOperationsForm(form);
  if (!parsed.ok) return { intent: "operations", ok: false, errors: parsed.errors };
  const { db, now } = appContext();
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
  await updateShopSettings({ db, shop, patch: { fulfillment: parsed.fulfillment, stock: parsed.stock } });
  await ensureStockSchedule(db, { shop, now: now() });
  const modeError = await applyFulfillmentMode(shop, parsed.fulfillment.mode);
  if (modeError) return { intent: "operations", ok: false, errors: { mode: modeError } };
  return { intent: "operations", ok: true, carrierService: null };
}

/**
 * Fulfilment-service mode registers the warehouse as the shop's fulfilment service and starts
 * reading its requests; the merchant-managed mode removes it, as Shopify requires. A message for
 * the merchant when Shopify refused.
 */
async function applyFulfillmentMode(shop: string, mode: "merchant_managed" | "fulfillment_service"): Promise<string | null> {
  const deps = appContext();
  try {
    if (mode === "fulfillment_service") {
      await registerFulfillmentService(deps, { shop, appUrl: env().SHOPIFY_APP_URL, name: `Envíos ${deps.svc.serviceName}` });
      await requestAssignedRead(deps.db, { shop, now: deps.now() });
    } else {
      await removeFulfillmentService(deps, { shop });
    }
    return null;
  } catch (error) {
    deps.logger.warn({ shop, mode, err: error instanceof Error ? error.message : String(error) }, "fulfilment mode change failed");
    return `Shopify no aceptó el cambio de modo: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Validates and saves the rate rules; re-registers the carrier service when the shop is connected. */
export async function saveRateRules(shop: string, form: FormData): Promise<SettingsActionResult> {
  const parsed = parseRatesForm(form);
  if (!parsed.ok) return { intent: "rates", ok: false, errors: parsed.errors };
  const { db } = appContext();
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
  await updateShopSettings({ db, shop, patch: { rates: parsed.rates } });
  forgetShopRates(shop);
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { svcApiKeyCiphertext: true } });
  return { intent: "rates", ok: true, carrierService: row?.svcApiKeyCiphertext ? await registerForShop(shop) : null };
}

/** Creates or updates the shop's carrier service; the outcome is also stored on the Shop row. */
export async function registerForShop(shop: string): Promise<CarrierRegistration> {
  const { db, svc, adminFor } = appContext();
  const register = (admin: Parameters<typeof registerCarrierService>[0]["admin"]) =>
    registerCarrierService({ db, admin, shop, appUrl: env().SHOPIFY_APP_URL, name: `Envíos ${svc.serviceName}` });
  try {
    return await register(await adminFor(shop));
  } catch (error) {
    // No Admin access at all (e.g. no offline session): record it like any other registration failure.
    return register(() => Promise.reject(error));
  }
}
