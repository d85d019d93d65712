/**
 * The rate rules as the settings form shows and sends them: money in pesos ("149.00"), markup in
 * percent ("12.5"), one field per service. Converted to and from the stored settings exactly
 * (decimal text ⇄ integer centavos or basis points, never floats).
 */
import { es, type Messages } from "~/i18n/messages.es";
import { formatSubunits, parseDecimalToSafeSubunits } from "~/money";
import {
  ratesSettingsSchema,
  SERVICE_CODES,
  type RatesSettings,
  type ServiceCode,
} from "~/models/shop-settings.server";

/** Every form value is text; checkboxes are "on" or absent. */
export type RatesFormValues = Record<string, string>;

/** The settings page's error messages, in the merchant's language. */
export type SettingsErrors = Messages["settings"]["errors"];

export type ParsedRatesForm = { ok: true; rates: RatesSettings } | { ok: false; errors: Record<string, string> };

/** The stored rules as form values. */
export function ratesFormValues(rates: RatesSettings): RatesFormValues {
  const values: RatesFormValues = {
    deadlineMs: String(rates.deadlineMs),
    markupPercent: formatSubunits(rates.markupBasisPoints, 2),
    markupFixed: formatSubunits(rates.markupFixedCentavos, 2),
    rounding: rates.rounding,
    freeShippingMin:
      rates.freeShipping.minSubtotalCentavos === null ? "" : formatSubunits(rates.freeShipping.minSubtotalCentavos, 2),
    handlingDays: String(rates.handlingDays),
    onInsufficientStock: rates.onInsufficientStock,
    onFailure: rates.onFailure,
    cacheTtlSeconds: String(rates.cacheTtlSeconds),
    staleMaxAgeHours: String(rates.staleMaxAgeHours),
  };
  for (const code of SERVICE_CODES) {
    const fallback = rates.fallbackRates.find((rate) => rate.service === code);
    if (rates.freeShipping.services.includes(code)) values[`freeShipping_${code}`] = "on";
    if (rates.hiddenServices.includes(code)) values[`hidden_${code}`] = "on";
    values[`name_${code}`] = rates.names[code]?.name ?? "";
    values[`description_${code}`] = rates.names[code]?.description ?? "";
    values[`fallbackName_${code}`] = fallback?.name ?? "";
    values[`fallbackPrice_${code}`] = fallback ? formatSubunits(fallback.priceCentavos, 2) : "";
    values[`fallbackDays_${code}`] = fallback?.maxDays === undefined ? "" : String(fallback.maxDays);
  }
  return values;
}

// Where each stored setting is edited, to put a validation message next to the right field.
const FIELD_OF: Record<string, string> = {
  markupBasisPoints: "markupPercent",
  markupFixedCentavos: "markupFixed",
  freeShipping: "freeShippingMin",
};

/** Reads the submitted form into rate rules; every problem is reported against its field, in `t`'s language. */
export function parseRatesForm(
  form: FormData | RatesFormValues,
  t: SettingsErrors = es.settings.errors,
): ParsedRatesForm {
  const get = (name: string) => String((form instanceof FormData ? form.get(name) : form[name]) ?? "").trim();
  const checked = (name: string) => get(name) === "on" || get(name) === "true";
  const errors: Record<string, string> = {};

  const integer = (name: string): number | undefined => {
    const text = get(name);
    if (!/^-?\d+$/.test(text)) {
      errors[name] = t.integer;
      return undefined;
    }
    return Number(text);
  };
  const decimal = (name: string, { optional = false, negative = false } = {}): number | null | undefined => {
    const text = get(name)
      .replace(/^\$\s*/, "")
      .replaceAll(",", "");
    if (text === "" && optional) return null;
    if (!(negative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/).test(text)) {
      errors[name] = negative ? t.signedAmount : t.amount;
      return undefined;
    }
    return parseDecimalToSafeSubunits(text, 2);
  };

  const names: Partial<Record<ServiceCode, { name: string; description?: string }>> = {};
  const fallbackRates: RatesSettings["fallbackRates"] = [];
  for (const code of SERVICE_CODES) {
    const name = get(`name_${code}`);
    const description = get(`description_${code}`);
    if (name) names[code] = { name, ...(description ? { description } : {}) };
    else if (description) errors[`name_${code}`] = t.nameForDescription;

    const price = decimal(`fallbackPrice_${code}`, { optional: true });
    if (price === null || price === undefined) continue;
    const days = get(`fallbackDays_${code}`);
    const maxDays = days === "" ? undefined : integer(`fallbackDays_${code}`);
    fallbackRates.push({
      service: code,
      name: get(`fallbackName_${code}`) || `${code} (tarifa fija)`,
      priceCentavos: price,
      ...(maxDays === undefined ? {} : { maxDays }),
    });
  }

  const candidate = {
    deadlineMs: integer("deadlineMs"),
    markupBasisPoints: decimal("markupPercent", { negative: true }),
    markupFixedCentavos: decimal("markupFixed", { negative: true }),
    rounding: get("rounding"),
    freeShipping: {
      minSubtotalCentavos: decimal("freeShippingMin", { optional: true }) ?? null,
      services: SERVICE_CODES.filter((code) => checked(`freeShipping_${code}`)),
    },
    hiddenServices: SERVICE_CODES.filter((code) => checked(`hidden_${code}`)),
    names,
    handlingDays: integer("handlingDays"),
    onInsufficientStock: get("onInsufficientStock"),
    onFailure: get("onFailure"),
    fallbackRates,
    cacheTtlSeconds: integer("cacheTtlSeconds"),
    staleMaxAgeHours: integer("staleMaxAgeHours"),
  };
  if (Object.keys(errors).length) return { ok: false, errors };

  const parsed = ratesSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, second, third] = issue.path.map(String);
      const field =
        head === "fallbackRates"
          ? `fallbackPrice_${fallbackRates[Number(second)]?.service}`
          : head === "names"
            ? `name_${second}`
            : (FIELD_OF[head ?? ""] ?? head ?? "form");
      errors[field] ??= outOfRange(t, issue.message, third);
    }
    return { ok: false, errors };
  }
  return { ok: true, rates: parsed.data };
}

function outOfRange(t: SettingsErrors, message: string, subfield?: string): string {
  if (/too (big|small)|must be|expected number to be/i.test(message))
    return subfield ? t.outOfRangeField.replace("{field}", subfield) : t.outOfRange;
  return t.invalid.replace("{message}", message);
}
