// Configuración's server side (app/routes/app.settings): what the page shows — the connection, the
// carrier service, the settings as its forms' values (settings-forms/), the shop's locations and its
// one state (readiness, the rates banner, as on Inicio) — and each of its forms: parsed, handed to
// what a settings change starts (settings.server.ts), the outcome worded in the form's language. A
// save is refused when another session changed a field it writes after the form was read
// (settings-forms/read-at.ts), so two tabs never silently undo each other's change.
import { translator, pickLocale } from "~/i18n/locale";
import type { Messages } from "~/i18n/messages.es";
import type { CarrierRegistration, CarrierServiceState } from "~/shop/carrier-service.server";
import { getShopSettings, updateShopSettings, type SettingsConflict } from "~/shop/shop-settings.server";
import type { SvcEnvironment } from "~/shop/svc-connection.server";
import { listLocations } from "~/shopify/admin/locations.server";
import { storedProblem, type ShopifyProblem } from "~/shopify/admin/problem";
import { parseConnectForm } from "./settings-forms/connect-form";
import { operationsFormValues, parseOperationsForm, type OperationsFormValues } from "./settings-forms/operations-form";
import {
  parseRatesForm,
  ratesFormValues,
  submittedRatesValues,
  type RatesFormValues,
} from "./settings-forms/rates-form";
import { conflictMessage, formReadAt } from "./settings-forms/read-at";
import { parseSupportForm, supportFormValues, type SupportFormValues } from "./settings-forms/support-form";
import {
  type SettingsDeps,
  connectServiceAccount,
  disconnectServiceAccount,
  registerCarrierForShop,
  saveOperationsSettings,
  saveRatesSettings,
} from "./settings.server";
import { readShopState } from "./shop-state.server";
import type { RatesBanner, StoredChecklist } from "./shop-state";

export interface SettingsPageData {
  connected: boolean;
  environment: SvcEnvironment;
  carrierService: CarrierStatus;
  rates: RatesFormValues;
  operations: OperationsFormValues;
  /** The shop's locations, for the stock location; empty when Shopify could not be asked. */
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
type FormValues = RatesFormValues | OperationsFormValues | SupportFormValues | { environment: string };

/** A refused form keeps what the merchant typed (`values`), so the page shows it again with its errors. */
export type SettingsActionResult =
  | { intent: Intent; ok: true; carrierService: CarrierStatus | null }
  | {
      intent: Intent;
      ok: false;
      errors: Record<string, string>;
      values?: FormValues;
      /** Another session changed what this form writes after it was read: nothing was saved. */
      conflict?: true;
    };

/** What the page shows of a registration: its state and problem code, never Shopify's own text. */
interface CarrierStatus {
  state: CarrierServiceState | null;
  problem: ShopifyProblem | null;
}

/** Everything the page shows for `shop`. */
export async function loadSettingsPage(services: SettingsDeps, shop: string): Promise<SettingsPageData> {
  const [row, { settings, version }, locations, state] = await Promise.all([
    services.db.shop.findUnique({
      where: { domain: shop },
      select: { svcApiKeyCiphertext: true, svcEnvironment: true, carrierServiceState: true, carrierServiceError: true },
    }),
    getShopSettings({ db: services.db, shop }),
    shopLocations(services, shop),
    readShopState(services.db, shop),
  ]);
  return {
    readiness: state.readiness,
    ratesBanner: state.banner,
    connected: Boolean(row?.svcApiKeyCiphertext),
    environment: row?.svcEnvironment === "production" ? "production" : "qa",
    // `problem`: a ShopifyProblem code, worded by the page (rows from before codes read "unknown").
    carrierService: {
      state: (row?.carrierServiceState as CarrierServiceState | null) ?? null,
      problem: row?.carrierServiceError ? storedProblem(row.carrierServiceError) : null,
    },
    rates: ratesFormValues(settings.rates),
    operations: operationsFormValues(settings.fulfillment, settings.stock),
    locations,
    version,
    support: supportFormValues(settings.support),
  };
}

/** One of the page's forms, by its `intent`; its errors come back in the language the page was in. */
export async function settingsAction(
  services: SettingsDeps,
  shop: string,
  form: FormData,
): Promise<SettingsActionResult> {
  const locale = form.get("locale");
  const m = translator(pickLocale(typeof locale === "string" ? locale : "")).messages;
  const context: FormContext = { services, shop, form, m };
  switch (form.get("intent")) {
    case "connect":
      return connectAccount(context);
    case "disconnect":
      // The merchant's own shop (the session's), never one named by the form.
      await disconnectServiceAccount(services, shop);
      return { intent: "disconnect", ok: true, carrierService: null };
    case "rates":
      return saveRateRules(context);
    case "operations":
      return saveOperations(context);
    case "support":
      return saveSupport(context);
    case "register":
      return {
        intent: "register",
        ok: true,
        carrierService: carrierStatus(await registerCarrierForShop(services, shop)),
      };
    default:
      return { intent: "rates", ok: false, errors: { form: m.settings.errors.unknownAction } };
  }
}

/** What each form's save is given: the process's services, the session's shop, the form, its language. */
interface FormContext {
  services: SettingsDeps;
  shop: string;
  form: FormData;
  m: Messages;
}

/** Checks the key with the service (one auth call), stores it, then registers the carrier service. */
async function connectAccount({ services, shop, form, m }: FormContext): Promise<SettingsActionResult> {
  const parsed = parseConnectForm(form, m);
  if (!parsed.ok) return refused("connect", parsed);
  const { apiKey, environment } = parsed;
  const outcome = await connectServiceAccount(services, { shop, apiKey, environment });
  if (outcome.ok) return saved("connect", carrierStatus(outcome.carrierService));
  const t = m.settings.errors;
  const keyRefused = environment === "qa" ? t.apiKeyRefusedQa : t.apiKeyRefusedProduction;
  const error = outcome.reason === "unauthorized" ? keyRefused : t.unreachable;
  return refused("connect", { errors: { apiKey: error }, values: { environment } });
}

/** Saves the orders-and-stock settings and starts the stock schedule when it was switched on. */
async function saveOperations({ services, shop, form, m }: FormContext): Promise<SettingsActionResult> {
  const t = m.settings.errors;
  const parsed = parseOperationsForm(form, m);
  if (!parsed.ok) return refused("operations", parsed);
  const { stock, fulfillment } = parsed;
  const values = operationsFormValues({ ...fulfillment, reconcileMinutes: 0 }, stock);
  // Only the shop's own locations can be chosen: another id would be saved yet shown as none.
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
    return refused("operations", { errors, values });
  }
  const readAt = formReadAt(form, (stored) => ({ ...operationsFormValues(stored.fulfillment, stored.stock) }));
  const problem = await saveOperationsSettings(services, shop, { fulfillment, stock }, readAt);
  if (problem && typeof problem === "object") return conflicted("operations", problem, values, m);
  if (problem)
    return refused("operations", { errors: { mode: t.modeRefused.replace("{reason}", m.shopifyProblems[problem]) } });
  return saved("operations", null);
}

/** Validates and saves the rate rules; re-registers the carrier service when the shop is connected. */
async function saveRateRules({ services, shop, form, m }: FormContext): Promise<SettingsActionResult> {
  const parsed = parseRatesForm(form, m);
  if (!parsed.ok) return refused("rates", parsed);
  const readAt = formReadAt(form, (stored) => ratesFormValues(stored.rates));
  const outcome = await saveRatesSettings(services, shop, parsed.rates, readAt);
  if (outcome && "conflict" in outcome) return conflicted("rates", outcome, submittedRatesValues(form), m);
  return saved("rates", carrierStatus(outcome));
}

/** Saves the service's support channel, unless another session changed it since the form was read. */
async function saveSupport({ services, shop, form, m }: FormContext): Promise<SettingsActionResult> {
  const parsed = parseSupportForm(form, m);
  if (!parsed.ok) return refused("support", parsed);
  const readAt = formReadAt(form, (stored) => ({ ...supportFormValues(stored.support) }));
  const outcome = await updateShopSettings({ db: services.db, shop, patch: { support: parsed.support }, readAt });
  if ("conflict" in outcome) return conflicted("support", outcome, supportFormValues(parsed.support), m);
  return saved("support", null);
}

function saved(intent: Intent, carrierService: CarrierStatus | null): SettingsActionResult {
  return { intent, ok: true, carrierService };
}

function refused(
  intent: Intent,
  { errors, values }: { errors: Record<string, string>; values?: FormValues },
): SettingsActionResult {
  return { intent, ok: false, errors, ...(values ? { values } : {}) };
}

/** Nothing was saved: another session changed a field this form writes; the refusal names them. */
function conflicted(intent: Intent, conflict: SettingsConflict, values: FormValues, m: Messages): SettingsActionResult {
  return { intent, ok: false, conflict: true, errors: { form: conflictMessage(conflict.changed, m) }, values };
}

function carrierStatus(registration: CarrierRegistration): CarrierStatus;
function carrierStatus(registration: CarrierRegistration | null): CarrierStatus | null;
function carrierStatus(registration: CarrierRegistration | null): CarrierStatus | null {
  if (!registration) return null;
  return { state: registration.state, problem: registration.state === "active" ? null : registration.problem };
}

async function shopLocations(services: SettingsDeps, shop: string): Promise<{ id: string; name: string }[]> {
  try {
    return await listLocations(await services.adminFor(shop));
  } catch (error) {
    services.logger.warn(
      { shop, err: error instanceof Error ? error.message : String(error) },
      "could not read the shop's locations",
    );
    return [];
  }
}

/**
 * Of `ids`, those that are not among the shop's locations (the page offers only those); none when
 * Shopify could not be asked, so an outage does not refuse a choice the page offered.
 */
async function unknownLocationIds(services: SettingsDeps, shop: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const locations = await shopLocations(services, shop);
  if (locations.length === 0) return [];
  const known = new Set(locations.map((location) => location.id));
  return ids.filter((id) => !known.has(id));
}
