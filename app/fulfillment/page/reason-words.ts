// The words of what the engine recorded, in the page's language: a reason or timeline code with
// its parameters (app/fulfillment/core/reason-codes.ts) worded from `orders.reasons`, and the
// service's order status from `orders.svcStatuses`. Pages never show the stored English record.
import type { Translator } from "../../i18n/locale";
import type { ReasonMessage } from "../core/reason-codes";

type Words = Pick<Translator, "locale" | "messages" | "format" | "dateTime">;

/** A reason or history entry in the merchant's language; null when nothing was coded. */
export function reasonWords(i18n: Words, message: ReasonMessage | null | undefined): string | null {
  if (!message) return null;
  const params: Record<string, string> = { ...message.params };
  for (const name of ["at", "until"]) {
    const value = params[name];
    if (value && !Number.isNaN(Date.parse(value))) params[name] = i18n.dateTime(value);
  }
  if (params.status !== undefined) params.status = svcStatusWords(i18n, params.status);
  // A service by the name the pages give it («Express»), never its wire code («EXPRESS»).
  const services: Record<string, string> = i18n.messages.settings.services;
  if (params.service && Object.hasOwn(services, params.service)) params.service = services[params.service]!;
  // A country as Shopify's two-letter code reads as its name in the page's language.
  if (params.country && /^[A-Z]{2}$/.test(params.country)) {
    params.country = new Intl.DisplayNames([i18n.locale], { type: "region" }).of(params.country) ?? params.country;
  }
  // A parameter the record lacks reads as a dash, never as "{name}".
  return i18n.format(i18n.messages.orders.reasons[message.code], params).replace(/\{\w+\}/g, "—");
}

/** The service's status of an order in words; one the app does not know is named as received. */
export function svcStatusWords(i18n: Pick<Translator, "messages" | "format">, status: string): string {
  const known = i18n.messages.orders.svcStatuses as Record<string, string>;
  const key = status.trim().toUpperCase();
  return key in known && key !== "OTHER" ? known[key]! : i18n.format(known.OTHER!, { status: status.toLowerCase() });
}
