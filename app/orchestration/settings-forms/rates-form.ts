/**
 * The rate rules as the settings form shows and sends them: money in pesos ("1,250.50"), markup
 * in percent ("12.5"), one field per service. Converted to and from the stored settings exactly
 * (decimal text ⇄ integer centavos or basis points, never floats) by the one number reader of
 * app/forms; every problem of the form is reported at once, against its field.
 */
import { withoutControlCharacters } from "~/text/control-characters";
import { formatNumberInput } from "~/forms/number-input";
import { es, type Messages } from "~/i18n/messages.es";
import { ratesSettingsSchema, SERVICE_CODES, type RatesSettings, type ServiceCode } from "~/shop/settings-schema";
import { formFields, type SubmittedForm } from "./form-fields";
import { RATE_FIELDS } from "./number-fields";

/** Every form value is text; checkboxes are "on" or absent. */
export type RatesFormValues = Record<string, string>;

export type ParsedRatesForm =
  { ok: true; rates: RatesSettings } | { ok: false; errors: Record<string, string>; values: RatesFormValues };

const MAX_NAME = 80;
const MAX_DESCRIPTION = 200;

/** The stored rules as form values. */
export function ratesFormValues(rates: RatesSettings): RatesFormValues {
  const values: RatesFormValues = {
    deadlineMs: String(rates.deadlineMs),
    markupPercent: formatNumberInput(rates.markupBasisPoints, 2),
    markupFixed: formatNumberInput(rates.markupFixedCentavos, 2),
    rounding: rates.rounding,
    freeShippingMin:
      rates.freeShipping.minSubtotalCentavos === null
        ? ""
        : formatNumberInput(rates.freeShipping.minSubtotalCentavos, 2),
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
    values[`fallbackPrice_${code}`] = fallback ? formatNumberInput(fallback.priceCentavos, 2) : "";
    values[`fallbackDays_${code}`] = fallback?.maxDays === undefined ? "" : String(fallback.maxDays);
  }
  return values;
}

// The form's own hidden fields: what it is and when it was read (read-at.ts), not rule values.
const NOT_VALUES = new Set(["intent", "locale", "version", "basis"]);

/** The submitted form's text fields, as typed (for redisplay after an error). */
export function submittedRatesValues(form: SubmittedForm): RatesFormValues {
  const values: RatesFormValues = {};
  const entries = form instanceof FormData ? [...form.entries()] : Object.entries(form);
  for (const [name, value] of entries) {
    if (typeof value === "string" && !NOT_VALUES.has(name)) values[name] = value.slice(0, 1_000);
  }
  return values;
}

/** Reads the submitted form into rate rules; every problem is reported against its field, in `m`'s language. */
export function parseRatesForm(form: SubmittedForm, m: Messages = es): ParsedRatesForm {
  const t = m.settings.errors;
  // A tampered box's value is refused rather than read as unticked: it never silently turns a rule off.
  const { errors, text: get, checked, number } = formFields(form, m);
  const choice = <T extends string>(name: string, options: readonly T[]): T | undefined => {
    const value = get(name);
    if ((options as readonly string[]).includes(value)) return value as T;
    errors[name] = t.choice;
    return undefined;
  };
  const text = (name: string, max: number): string => {
    // A one-line field never holds line breaks (the browser drops them from what is typed or
    // pasted) nor other control characters, so what is saved is what the page shows again.
    const value = withoutControlCharacters(get(name), { keepTabs: true }).trim();
    if (value.length > max) errors[name] = t.tooLong.replace("{max}", String(max));
    return value;
  };

  const names: Partial<Record<ServiceCode, { name: string; description?: string }>> = {};
  const fallbackRates: RatesSettings["fallbackRates"] = [];
  for (const code of SERVICE_CODES) {
    const name = text(`name_${code}`, MAX_NAME);
    const description = text(`description_${code}`, MAX_DESCRIPTION);
    if (name) names[code] = { name, ...(description ? { description } : {}) };
    else if (description) errors[`name_${code}`] = t.nameForDescription;

    const priceField = `fallbackPrice_${code}`;
    const price = number(priceField, RATE_FIELDS.fallbackPrice);
    const fallbackName = text(`fallbackName_${code}`, MAX_NAME);
    const maxDays = number(`fallbackDays_${code}`, RATE_FIELDS.fallbackDays);
    // A backup rate is its price: a name or days without one would be dropped, so say so instead.
    if (price === null) {
      if (fallbackName || maxDays !== null) errors[priceField] ??= t.fallbackPriceMissing;
      continue;
    }
    if (price === undefined || maxDays === undefined) continue;
    fallbackRates.push({
      service: code,
      name: fallbackName || `${m.settings.services[code]} (${m.settings.rules.fallbackSuffix})`,
      priceCentavos: price,
      ...(maxDays === null ? {} : { maxDays }),
    });
  }

  const candidate = {
    deadlineMs: number("deadlineMs", RATE_FIELDS.deadlineMs),
    markupBasisPoints: number("markupPercent", RATE_FIELDS.markupPercent),
    markupFixedCentavos: number("markupFixed", RATE_FIELDS.markupFixed),
    rounding: choice("rounding", ["none", "up_to_peso", "up_to_99"] as const),
    freeShipping: {
      minSubtotalCentavos: number("freeShippingMin", RATE_FIELDS.freeShippingMin) ?? null,
      services: SERVICE_CODES.filter((code) => checked(`freeShipping_${code}`)),
    },
    hiddenServices: SERVICE_CODES.filter((code) => checked(`hidden_${code}`)),
    names,
    handlingDays: number("handlingDays", RATE_FIELDS.handlingDays),
    onInsufficientStock: choice("onInsufficientStock", ["no_rates", "quote_anyway"] as const),
    onFailure: choice("onFailure", ["backup_rates", "fallback_rates"] as const),
    fallbackRates,
    cacheTtlSeconds: number("cacheTtlSeconds", RATE_FIELDS.cacheTtlSeconds),
    staleMaxAgeHours: number("staleMaxAgeHours", RATE_FIELDS.staleMaxAgeHours),
  };
  // A threshold with no service ticked to ship free never applies: refused next to the amount
  // rather than saved as a rule that silently does nothing.
  const { minSubtotalCentavos: threshold, services: freeServices } = candidate.freeShipping;
  if (threshold !== null && freeServices.length === 0) errors.freeShippingMin ??= m.settings.freeShipping.noService;
  if (Object.keys(errors).length) return { ok: false, errors, values: submittedRatesValues(form) };

  // The fields above already hold every stored rule's range; the schema is the last word.
  const parsed = ratesSettingsSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, errors: { form: t.unexpected }, values: submittedRatesValues(form) };
  return { ok: true, rates: parsed.data };
}
