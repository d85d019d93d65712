// Copies the reasons, the service's order statuses, the address warnings, the address fields and
// the actions' outcomes and the service's names of the admin's message catalogues (app/i18n, `orders.reasons`,
// `orders.svcStatuses`, `orders.warnings`, `orders.fields`, `orders.outcomes`, `settings.services`) into the order-page block's locales
// (extensions/warehouse-status/locales, same names), in Shopify's
// `{{param}}` form, so the block reads the app's reasons in the merchant's language as Pedidos
// does. Run after changing a reason: `npx tsx scripts/extension-reasons.ts`
// (test/unit/extensions/reason-locales.test.ts fails while they differ).
import fs from "node:fs";
import path from "node:path";
import { en } from "../app/i18n/messages.en";
import { es } from "../app/i18n/messages.es";

export const LOCALE_FILES = {
  es: "extensions/warehouse-status/locales/es.json",
  en: "extensions/warehouse-status/locales/en.default.json",
} as const;

/** `{name}` → `{{name}}`, every reason of one catalogue. */
export function extensionReasons(reasons: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(reasons).map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, "{{$1}}")]),
  );
}

function write(file: string, { orders, settings }: Pick<typeof es, "orders" | "settings">) {
  const full = path.resolve(file);
  const locale = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
  locale.reasons = extensionReasons(orders.reasons);
  locale.svcStatuses = extensionReasons(orders.svcStatuses);
  locale.warnings = extensionReasons(orders.warnings);
  locale.fields = extensionReasons({ ...orders.fields, other: orders.otherField });
  // What came of an action the block asked for (the app answers its code), as on Pedidos.
  locale.outcomes = extensionReasons(orders.outcomes);
  // The service's names, as Pedidos and Tarifas show them (one that the app does not know, as received).
  locale.service = extensionReasons({ ...settings.services, other: "{code}" });
  fs.writeFileSync(full, `${JSON.stringify(locale, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/extension-reasons.ts")) {
  write(LOCALE_FILES.es, es);
  write(LOCALE_FILES.en, en);
}
