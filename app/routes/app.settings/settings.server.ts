// The settings page's forms: parsed, handed to orchestration/settings.server.ts, the outcome worded.
import {
  type SettingsDeps,
  connectServiceAccount,
  disconnectServiceAccount,
  registerCarrierForShop,
  saveOperationsSettings,
  saveRatesSettings,
  shopSettingsView,
  unknownLocationIds,
} from "~/orchestration/settings.server";
import type { SvcEnvironment } from "~/shop/svc-connection.server";
import type { CarrierRegistration, CarrierServiceState } from "~/shop/carrier-service.server";
import type { ShopifyProblem } from "~/shopify/admin/problem";
import { es, type Messages } from "~/i18n/messages.es";
import { readShopState } from "~/orchestration/shop-state.server";
import type { RatesBanner, StoredChecklist } from "~/orchestration/shop-state";
import { operationsFormValues, parseOperationsForm, type OperationsFormValues } from "~/orchestration/settings-forms/operations-form";
import { parseRatesForm, ratesFormValues, submittedRatesValues, type RatesFormValues } from "~/orchestration/settings-forms/rates-form";
import { conflictMessage, formReadAt } from "~/orchestration/settings-forms/read-at";
import { supportFormValues, type SupportFormValues } from "~/orchestration/settings-forms/support-form";

export interface SettingsPageData {
  connected: boolean;
  environment: SvcEnvironment;
  carrierService: CarrierStatus;
  rates: RatesFormValues;
  operations: OperationsFormValues;
  locations: { id: string; name: string }[];
  /** The checklist (null before the first check) and rates banner: the shop's one state, as on Inicio. */
  readiness: StoredChecklist | null;
  ratesBanner: RatesBanner;
  /** The settings version the forms' values were read at; each form sends it back with its save. */
  version: number;
  /** The service's support channel (shown on Pedidos where the service must be contacted). */
  support: SupportFormValues;
}

type Intent = "connect" | "disconnect" | "rates" | "register" | "operations" | "support";

/** A refused form keeps what the merchant typed (`values`), so the page shows it again with its errors. */
export type SettingsActionResult =
  | { intent: Intent; ok: true; carrierService: CarrierStatus | null }
  | {
      intent: Intent;
      ok: false;
      errors: Record<string, string>;
      values?: RatesFormValues | OperationsFormValues | SupportFormValues | { environment: string };
      /** Another session changed what this form writes after it was read: nothing was saved. */
      conflict?: true;
    };

/** Everything the page shows for `shop`. */
export async function loadSettingsPage(services: SettingsDeps, shop: string): Promise<SettingsPageData> {
  const [view, state] = await Promise.all([shopSettingsView(services, shop), readShopState(services.db, shop)]);
  return {
    readiness: state.readiness,
    ratesBanner: state.banner,
    connected: view.connected,
    environment: view.environment,
    carrierService: view.carrierService,
    rates: ratesFormValues(view.settings.rates),
    operations: operationsFormValues(view.settings.fulfillment, view.settings.stock),
    locations: view.locations,
    version: view.version,
    support: supportFormValues(view.settings.support),
  };
}

/** Checks the key with the service (one auth call), stores it, then registers the carrier service. */
export async function connectAccount(
  services: SettingsDeps,
  shop: string,
  form: FormData,
  m: Messages = es,
): Promise<SettingsActionResult> {
  const t = m.settings.errors;
  const apiKey = normaliseApiKey(form.get("apiKey"));
  const chosen = form.get("environment");
  const environment = typeof chosen === "string" ? chosen.trim() : "";
  const values = { environment: environment.slice(0, 40) };
  // One of the two the page offers; anything else is refused, never read as QA.
  if (environment !== "qa" && environment !== "production")
    return { intent: "connect", ok: false, errors: { environment: t.choice }, values };
  if (!apiKey) return { intent: "connect", ok: false, errors: { apiKey: t.apiKeyRequired }, values };
  if (apiKey.length > MAX_API_KEY || !/^[\x21-\x7e]+$/.test(apiKey))
    return { intent: "connect", ok: false, errors: { apiKey: t.apiKeyUnreadable }, values };
  const outcome = await connectServiceAccount(services, { shop, apiKey, environment });
  if (outcome.ok) return { intent: "connect", ok: true, carrierService: carrierStatus(outcome.carrierService) };
  const apiKeyError =
    outcome.reason === "unauthorized"
      ? environment === "qa"
        ? t.apiKeyRefusedQa
        : t.apiKeyRefusedProduction
      : t.unreachable;
  return { intent: "connect", ok: false, errors: { apiKey: apiKeyError }, values };
}

/** Forgets the service key of the merchant's own shop (the session's, never one named by the form). */
export async function disconnectAccount(services: SettingsDeps, shop: string): Promise<SettingsActionResult> {
  await disconnectServiceAccount(services, shop);
  return { intent: "disconnect", ok: true, carrierService: null };
}

/** Saves the orders-and-stock settings and starts the stock schedule when it was switched on. */
export async function saveOperations(
  services: SettingsDeps,
  shop: string,
  form: FormData,
  m: Messages = es,
): Promise<SettingsActionResult> {
  const t = m.settings.errors;
  const parsed = parseOperationsForm(form, m);
  if (!parsed.ok) return { intent: "operations", ok: false, errors: parsed.errors, values: parsed.values };
  // Only the shop's own locations can be chosen: another id would be saved yet shown as none.
  const { stock, fulfillment } = parsed;
  const unknown = new Set(
    await unknownLocationIds(services, shop, [
      ...(stock.locationId ? [stock.locationId] : []),
      ...fulfillment.locationIds,
    ]),
  );
  if (unknown.size) {
    const errors: Record<string, string> = {};
    if (stock.locationId && unknown.has(stock.locationId)) errors.stockLocationId = t.stockLocation;
    if (fulfillment.locationIds.some((id) => unknown.has(id))) errors.locationIds = t.locations;
    const values = operationsFormValues({ ...fulfillment, reconcileMinutes: 0 }, stock);
    return { intent: "operations", ok: false, errors, values };
  }
  const readAt = formReadAt(form, (stored) => ({ ...operationsFormValues(stored.fulfillment, stored.stock) }));
  const modeProblem = await saveOperationsSettings(services, shop, { fulfillment, stock }, readAt);
  if (modeProblem && typeof modeProblem === "object")
    return {
      intent: "operations",
      ok: false,
      conflict: true,
      errors: { form: conflictMessage(modeProblem.changed, m) },
      values: operationsFormValues({ ...parsed.fulfillment, reconcileMinutes: 0 }, parsed.stock),
    };
  if (modeProblem)
    return {
      intent: "operations",
      ok: false,
      errors: { mode: t.modeRefused.replace("{reason}", m.shopifyProblems[modeProblem]) },
    };
  return { intent: "operations", ok: true, carrierService: null };
}

/** Validates and saves the rate rules; re-registers the carrier service when the shop is connected. */
export async function saveRateRules(
  services: SettingsDeps,
  shop: string,
  form: FormData,
  m: Messages = es,
): Promise<SettingsActionResult> {
  const parsed = parseRatesForm(form, m);
  if (!parsed.ok) return { intent: "rates", ok: false, errors: parsed.errors, values: parsed.values };
  const saved = await saveRatesSettings(
    services,
    shop,
    parsed.rates,
    formReadAt(form, (stored) => ratesFormValues(stored.rates)),
  );
  if (saved && "conflict" in saved)
    return {
      intent: "rates",
      ok: false,
      conflict: true,
      errors: { form: conflictMessage(saved.changed, m) },
      values: submittedRatesValues(form),
    };
  return { intent: "rates", ok: true, carrierService: carrierStatus(saved) };
}

const MAX_API_KEY = 512;

/**
 * The key as the service issued it: a key typed or pasted in full-width characters (a Japanese or
 * Chinese keyboard, some password managers) is the same key, so NFKC folds it to ASCII.
 */
export function normaliseApiKey(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.normalize("NFKC").trim() : "";
}

/** Creates or updates the shop's carrier service; the outcome is also stored on the Shop row. */
/** What the page shows of a registration: its state and problem code, never Shopify's own text. */
export interface CarrierStatus {
  state: CarrierServiceState | null;
  problem: ShopifyProblem | null;
}
function carrierStatus(registration: CarrierRegistration): CarrierStatus;
function carrierStatus(registration: CarrierRegistration | null): CarrierStatus | null;
function carrierStatus(registration: CarrierRegistration | null): CarrierStatus | null {
  if (!registration) return null;
  return { state: registration.state, problem: registration.state === "active" ? null : registration.problem };
}

export async function registerForShop(services: SettingsDeps, shop: string): Promise<CarrierStatus> {
  return carrierStatus(await registerCarrierForShop(services, shop));
}
