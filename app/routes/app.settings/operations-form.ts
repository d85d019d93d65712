// The "orders and stock" form of the settings page ⇄ the fulfillment and stock settings.
import { es } from "~/i18n/messages.es";
import {
  SERVICE_CODES,
  type FulfillmentSettings,
  type ServiceCode,
  type StockSettings,
} from "~/models/shop-settings.server";
import type { SettingsErrors } from "./rates-form";

export interface OperationsFormValues {
  defaultService: ServiceCode;
  skipTestOrders: boolean;
  notifyCustomer: boolean;
  stockEnabled: boolean;
  stockLocationId: string;
  stockIntervalMinutes: string;
  mode: FulfillmentSettings["mode"];
  /** The locations whose orders go to the warehouse; none chosen: the stock location. */
  locationIds: string[];
  holdBackMinutes: string;
  importDays: string;
}

/** The form's initial values from the stored settings. */
export function operationsFormValues(fulfillment: FulfillmentSettings, stock: StockSettings): OperationsFormValues {
  return {
    defaultService: fulfillment.defaultService,
    skipTestOrders: fulfillment.skipTestOrders,
    notifyCustomer: fulfillment.notifyCustomer,
    stockEnabled: stock.enabled,
    stockLocationId: stock.locationId ?? "",
    stockIntervalMinutes: String(stock.intervalMinutes),
    mode: fulfillment.mode,
    locationIds: fulfillment.locationIds,
    holdBackMinutes: String(fulfillment.holdBackMinutes),
    importDays: String(fulfillment.importDays),
  };
}

export type ParsedOperations =
  | { ok: true; fulfillment: Omit<FulfillmentSettings, "reconcileMinutes">; stock: StockSettings }
  | { ok: false; errors: Record<string, string> };

/** Validates the submitted form; each error is keyed by the field it belongs to, in `t`'s language. */
export function parseOperationsForm(form: FormData, t: SettingsErrors = es.settings.errors): ParsedOperations {
  const errors: Record<string, string> = {};
  const defaultService = String(form.get("defaultService") ?? "");
  if (!(SERVICE_CODES as readonly string[]).includes(defaultService)) {
    errors.defaultService = t.defaultService.replace("{services}", SERVICE_CODES.join(", "));
  }
  const checked = (name: string) => form.get(name) === "true" || form.get(name) === "on";
  const stockEnabled = checked("stockEnabled");
  const stockLocationId = String(form.get("stockLocationId") ?? "").trim();
  if (stockEnabled && !stockLocationId) errors.stockLocationId = t.stockLocation;
  const intervalText = String(form.get("stockIntervalMinutes") ?? "").trim();
  const interval = /^\d+$/.test(intervalText) ? Number(intervalText) : NaN;
  if (!(interval >= 5 && interval <= 1440)) errors.stockIntervalMinutes = t.stockInterval;
  const minutes = (name: string, max: number, message: string) => {
    const text = String(form.get(name) ?? "0").trim() || "0";
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= 0 && value <= max)) errors[name] = message;
    return value;
  };
  const holdBackMinutes = minutes("holdBackMinutes", 1440, t.holdBack);
  const importDays = minutes("importDays", 60, t.importDays);
  const mode = String(form.get("mode") ?? "merchant_managed");
  if (mode !== "merchant_managed" && mode !== "fulfillment_service") errors.mode = t.mode;
  const locationIds = form.getAll("locationIds").map(String).filter(Boolean);
  if (locationIds.some((id) => !/^gid:\/\/shopify\/Location\/\d+$/.test(id))) errors.locationIds = t.locations;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    fulfillment: {
      defaultService: defaultService as ServiceCode,
      skipTestOrders: checked("skipTestOrders"),
      notifyCustomer: checked("notifyCustomer"),
      mode: mode as FulfillmentSettings["mode"],
      locationIds,
      holdBackMinutes,
      importDays,
    },
    stock: { enabled: stockEnabled, locationId: stockLocationId || null, intervalMinutes: interval },
  };
}
