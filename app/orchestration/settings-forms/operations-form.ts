// The "orders and stock" form of the settings page ⇄ the fulfillment and stock settings.
import { gidPattern } from "~/shopify/gid";
import { es, type Messages } from "~/i18n/messages.es";
import { SERVICE_CODES, type FulfillmentSettings, type ServiceCode, type StockSettings } from "~/shop/settings-schema";
import { formFields } from "./form-fields";
import { OPERATIONS_FIELDS } from "./number-fields";

const LOCATION_ID = gidPattern("Location");

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
  | { ok: false; errors: Record<string, string>; values: OperationsFormValues };

/** Validates the submitted form; each error is keyed by the field it belongs to, in `m`'s language. */
export function parseOperationsForm(form: FormData, m: Messages = es): ParsedOperations {
  const t = m.settings.errors;
  const fields = formFields(form, m);
  const { errors, text, checked } = fields;
  const defaultService = text("defaultService");
  if (!(SERVICE_CODES as readonly string[]).includes(defaultService)) {
    // The services by the names the page shows them (settings.services), never their wire codes.
    const names = SERVICE_CODES.map((code) => m.settings.services[code]).join(", ");
    errors.defaultService = t.defaultService.replace("{services}", names);
  }
  // A hidden "true"/"false" (or a box's "on"); anything else is refused, never read as "off".
  const stockEnabled = checked("stockEnabled");
  const skipTestOrders = checked("skipTestOrders");
  const notifyCustomer = checked("notifyCustomer");
  const stockLocationId = text("stockLocationId");
  // The location is chosen from the shop's list: a value that is no location id would be stored
  // and shown as "no location" by the page's select.
  if ((stockEnabled && !stockLocationId) || (stockLocationId && !LOCATION_ID.test(stockLocationId)))
    errors.stockLocationId = t.stockLocation;
  // An empty optional field, and a refused one (its error kept), read as 0.
  const number = (name: keyof typeof OPERATIONS_FIELDS): number => fields.number(name, OPERATIONS_FIELDS[name]) ?? 0;
  const interval = number("stockIntervalMinutes");
  const holdBackMinutes = number("holdBackMinutes");
  const importDays = number("importDays");
  const mode = text("mode") || "merchant_managed";
  if (mode !== "merchant_managed" && mode !== "fulfillment_service") errors.mode = t.mode;
  const locationIds = form.getAll("locationIds").map(String).filter(Boolean);
  if (locationIds.some((id) => !LOCATION_ID.test(id))) errors.locationIds = t.locations;
  if (Object.keys(errors).length) {
    return {
      ok: false,
      errors,
      values: {
        defaultService: defaultService as ServiceCode,
        skipTestOrders,
        notifyCustomer,
        stockEnabled,
        stockLocationId: stockLocationId.slice(0, 200),
        stockIntervalMinutes: text("stockIntervalMinutes").slice(0, 1_000),
        mode: mode as FulfillmentSettings["mode"],
        locationIds: locationIds.slice(0, 50).map((id) => id.slice(0, 200)),
        holdBackMinutes: text("holdBackMinutes").slice(0, 1_000),
        importDays: text("importDays").slice(0, 1_000),
      },
    };
  }
  return {
    ok: true,
    fulfillment: {
      defaultService: defaultService as ServiceCode,
      skipTestOrders,
      notifyCustomer,
      mode: mode as FulfillmentSettings["mode"],
      locationIds,
      holdBackMinutes,
      importDays,
    },
    stock: { enabled: stockEnabled, locationId: stockLocationId || null, intervalMinutes: interval },
  };
}
