// Which language the merchant reads: Shopify's admin opens the app with `locale` (the merchant's
// admin language, e.g. "es", "es-MX", "en-US"). Spanish variants read Spanish, every other
// language English (the App Store reviewers'); no parameter means the app's default, Spanish.
import { en } from "./messages.en";
import { es, type Messages } from "./messages.es";

export type Locale = "es" | "en";

export function pickLocale(param: string | null | undefined): Locale {
  if (!param) return "es";
  return param.toLowerCase().startsWith("es") ? "es" : "en";
}

export function localeFromRequest(request: Request): Locale {
  return pickLocale(new URL(request.url).searchParams.get("locale"));
}

const CATALOGUES: Record<Locale, Messages> = { es, en };
/** BCP 47 tags for Intl: Mexican Spanish, and English with the peso still the currency. */
const INTL_TAGS: Record<Locale, string> = { es: "es-MX", en: "en-US" };

export interface Translator {
  locale: Locale;
  messages: Messages;
  /** A message with `{name}` placeholders filled in. */
  format(message: string, values?: Record<string, string | number>): string;
  number(value: number): string;
  /** Money as an exact decimal string (never a float), in Mexican pesos. */
  money(amount: string): string;
  dateTime(value: string | Date): string;
  /** A day, e.g. "mié, 25 nov" (Mexico City calendar). */
  day(value: string | Date): string;
}

export function translator(locale: Locale): Translator {
  const tag = INTL_TAGS[locale];
  const numbers = new Intl.NumberFormat(tag);
  const pesos = new Intl.NumberFormat(tag, { style: "currency", currency: "MXN", currencyDisplay: "symbol" });
  const dates = new Intl.DateTimeFormat(tag, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Mexico_City",
  });
  const days = new Intl.DateTimeFormat(tag, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "America/Mexico_City",
  });
  return {
    locale,
    messages: CATALOGUES[locale],
    format: (message, values = {}) =>
      message.replace(/\{(\w+)\}/g, (whole, name: string, offset: number) => {
        if (!(name in values)) return whole;
        const value = String(values[name]);
        // A value that ends in an abbreviation's period (es-MX times: "6:02 p.m.") ends the
        // sentence too: the message's own period after it would print "p.m..".
        return value.endsWith(".") && message[offset + whole.length] === "." ? value.slice(0, -1) : value;
      }),
    number: (value) => numbers.format(value),
    // Intl formats a decimal string exactly (no conversion through a float).
    money: (amount) => pesos.format(amount as unknown as number),
    dateTime: (value) => dates.format(typeof value === "string" ? new Date(value) : value),
    day: (value) => days.format(typeof value === "string" ? new Date(value) : value),
  };
}
