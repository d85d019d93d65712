// When a settings form was read: the settings version and the form's values as the page showed
// them (hidden fields "version" and "basis"). A save against a newer version is refused when a field
// the form writes changed since, so two tabs or two people never undo each other's change silently;
// the refusal names the changed fields in the merchant's language.
import type { Messages } from "~/i18n/messages.es";
import type { SettingsReadAt } from "~/shop/shop-settings.server";
import { SERVICE_CODES, type ServiceCode, type ShopSettings } from "~/shop/settings-schema";

const MAX_BASIS = 20_000;

/** The values a form was read with, as the page sent them; null when missing or unreadable. */
function readBasis(form: FormData): Record<string, unknown> | null {
  const raw = form.get("basis");
  if (typeof raw !== "string" || raw.length > MAX_BASIS) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The form's read point; `current(stored)` gives the form's values for stored settings, compared
 * field by field with those the form was read with. A form without a readable version or basis is
 * treated as read at no known version (its save is refused, naming nothing).
 */
export function formReadAt(form: FormData, current: (stored: ShopSettings) => Record<string, unknown>): SettingsReadAt {
  const rawVersion = form.get("version");
  const version = typeof rawVersion === "string" && /^\d{1,9}$/.test(rawVersion.trim()) ? Number(rawVersion) : null;
  const basis = readBasis(form);
  return {
    version: basis ? version : null,
    changedSince: (stored) => {
      const now = current(stored);
      return Object.keys({ ...now, ...basis })
        .filter((name) => JSON.stringify(now[name] ?? "") !== JSON.stringify(basis?.[name] ?? ""))
        .sort();
    },
  };
}

/** The refusal's text: what changed, by the labels the page shows. */
export function conflictMessage(changed: string[], m: Messages): string {
  const t = m.settings.conflict;
  if (changed.length === 0) return `${t.title} ${t.unknown}`;
  const labels = [...new Set(changed.map((name) => fieldLabel(name, m)))];
  return `${t.title} ${t.changed.replace("{fields}", labels.join(", "))}`;
}

/** A field of the rates or the operations form by its label on the page. */
function fieldLabel(name: string, m: Messages): string {
  const rules = m.settings.rules;
  const operations = m.settings.operations;
  const perService = name.match(/^([A-Za-z]+)_([A-Z]+)$/);
  if (perService && (SERVICE_CODES as readonly string[]).includes(perService[2])) {
    const service = m.settings.services[perService[2] as ServiceCode];
    const field = perService[1];
    const withService = (label: string) =>
      m.settings.conflict.fieldOfService.replace("{field}", label).replace("{service}", service);
    if (field === "freeShipping") return rules.free.replace("{service}", service);
    if (field === "hidden") return rules.hide.replace("{service}", service);
    if (field === "name") return rules.name.replace("{service}", service);
    if (field === "fallbackPrice") return rules.fallbackPrice.replace("{service}", service);
    if (field === "description") return withService(rules.description);
    if (field === "fallbackName") return withService(rules.fallbackName);
    if (field === "fallbackDays") return withService(rules.fallbackDays);
  }
  const labels: Record<string, string> = {
    markupPercent: rules.markupPercent,
    markupFixed: rules.markupFixed,
    rounding: rules.rounding,
    freeShippingMin: rules.freeShippingMin,
    handlingDays: rules.handlingDays,
    onInsufficientStock: rules.onInsufficientStock,
    onFailure: rules.onFailure,
    deadlineMs: rules.deadline,
    cacheTtlSeconds: rules.cacheTtl,
    staleMaxAgeHours: rules.staleMaxAge,
    defaultService: operations.defaultService,
    skipTestOrders: operations.skipTestOrders,
    notifyCustomer: operations.notifyCustomer,
    stockEnabled: operations.stockEnabled,
    stockLocationId: operations.stockLocation,
    stockIntervalMinutes: operations.stockInterval,
    mode: operations.mode,
    locationIds: m.settings.conflict.locations,
    holdBackMinutes: operations.holdBack,
    importDays: operations.importDays,
    supportEmail: m.nextSteps.support.email,
    supportPhone: m.nextSteps.support.phone,
    supportUrl: m.nextSteps.support.url,
  };
  return labels[name] ?? m.settings.sections.rates;
}
