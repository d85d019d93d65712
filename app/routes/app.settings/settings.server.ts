// What the settings page does with its forms: parse them, hand the values to the shop's settings
// (app/models/settings.server.ts) and word the outcome for the merchant.
import { appContext } from "~/context.server";
import {
  connectServiceAccount,
  registerCarrierForShop,
  saveOperationsSettings,
  saveRatesSettings,
  shopSettingsView,
} from "~/models/settings.server";
import type { SvcEnvironment } from "~/models/svc-connection.server";
import type { CarrierRegistration, CarrierServiceState } from "~/shopify/carrier-service.server";
import { es } from "~/i18n/messages.es";
import { readReadiness, type StoredReadiness } from "~/shop/readiness.server";
import { operationsFormValues, parseOperationsForm, type OperationsFormValues } from "./operations-form";
import { parseRatesForm, ratesFormValues, type RatesFormValues, type SettingsErrors } from "./rates-form";

export interface SettingsPageData {
  connected: boolean;
  environment: SvcEnvironment;
  carrierService: { state: CarrierServiceState | null; message: string | null };
  rates: RatesFormValues;
  operations: OperationsFormValues;
  /** The shop's locations, for the stock location; empty when Shopify could not be asked. */
  locations: { id: string; name: string }[];
  /** The checkout readiness checklist (app/shop/readiness.server.ts); null before the first check. */
  readiness: StoredReadiness | null;
}

export type SettingsActionResult =
  | { intent: "connect" | "rates" | "register" | "operations"; ok: true; carrierService: CarrierRegistration | null }
  | { intent: "connect" | "rates" | "register" | "operations"; ok: false; errors: Record<string, string> };

/** Everything the page shows for `shop`. */
export async function loadSettingsPage(shop: string): Promise<SettingsPageData> {
  const context = appContext();
  const [view, readiness] = await Promise.all([shopSettingsView(context, shop), readReadiness(context.db, shop)]);
  return {
    readiness,
    connected: view.connected,
    environment: view.environment,
    carrierService: view.carrierService,
    rates: ratesFormValues(view.settings.rates),
    operations: operationsFormValues(view.settings.fulfillment, view.settings.stock),
    locations: view.locations,
  };
}

/** Checks the key with the service (one auth call), stores it, then registers the carrier service. */
export async function connectAccount(
  shop: string,
  form: FormData,
  t: SettingsErrors = es.settings.errors,
): Promise<SettingsActionResult> {
  const apiKey = String(form.get("apiKey") ?? "").trim();
  const environment = form.get("environment") === "production" ? "production" : "qa";
  if (!apiKey) return { intent: "connect", ok: false, errors: { apiKey: t.apiKeyRequired } };
  const outcome = await connectServiceAccount(appContext(), { shop, apiKey, environment });
  if (outcome.ok) return { intent: "connect", ok: true, carrierService: outcome.carrierService };
  const apiKeyError =
    outcome.reason === "unauthorized"
      ? environment === "qa"
        ? t.apiKeyRefusedQa
        : t.apiKeyRefusedProduction
      : t.unreachable;
  return { intent: "connect", ok: false, errors: { apiKey: apiKeyError } };
}

/** Saves the orders-and-stock settings and starts the stock schedule when it was switched on. */
export async function saveOperations(
  shop: string,
  form: FormData,
  t: SettingsErrors = es.settings.errors,
): Promise<SettingsActionResult> {
  const parsed = parseOperationsForm(form, t);
  if (!parsed.ok) return { intent: "operations", ok: false, errors: parsed.errors };
  const modeError = await saveOperationsSettings(appContext(), shop, {
    fulfillment: parsed.fulfillment,
    stock: parsed.stock,
  });
  if (modeError)
    return { intent: "operations", ok: false, errors: { mode: t.modeRefused.replace("{reason}", modeError) } };
  return { intent: "operations", ok: true, carrierService: null };
}

/** Validates and saves the rate rules; re-registers the carrier service when the shop is connected. */
export async function saveRateRules(
  shop: string,
  form: FormData,
  t: SettingsErrors = es.settings.errors,
): Promise<SettingsActionResult> {
  const parsed = parseRatesForm(form, t);
  if (!parsed.ok) return { intent: "rates", ok: false, errors: parsed.errors };
  return { intent: "rates", ok: true, carrierService: await saveRatesSettings(appContext(), shop, parsed.rates) };
}

/** Creates or updates the shop's carrier service; the outcome is also stored on the Shop row. */
export function registerForShop(shop: string): Promise<CarrierRegistration> {
  return registerCarrierForShop(appContext(), shop);
}
