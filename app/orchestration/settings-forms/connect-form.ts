// The service account form of the settings page: the API key and the environment it belongs to.
import type { Messages } from "~/i18n/messages.es";
import type { SvcEnvironment } from "~/shop/svc-connection.server";
import { formFields } from "./form-fields";

const MAX_API_KEY = 512;

export type ParsedConnectForm =
  | { ok: true; apiKey: string; environment: SvcEnvironment }
  | { ok: false; errors: Record<string, string>; values: { environment: string } };

/** Validates the submitted form; the key is never sent back, the environment is (as typed, cut short). */
export function parseConnectForm(form: FormData, m: Messages): ParsedConnectForm {
  const t = m.settings.errors;
  const apiKey = normaliseApiKey(form.get("apiKey"));
  const environment = formFields(form, m).text("environment");
  const values = { environment: environment.slice(0, 40) };
  // One of the two the page offers; anything else is refused, never read as QA.
  if (environment !== "qa" && environment !== "production")
    return { ok: false, errors: { environment: t.choice }, values };
  if (!apiKey) return { ok: false, errors: { apiKey: t.apiKeyRequired }, values };
  if (apiKey.length > MAX_API_KEY || !/^[\x21-\x7e]+$/.test(apiKey))
    return { ok: false, errors: { apiKey: t.apiKeyUnreadable }, values };
  return { ok: true, apiKey, environment };
}

/**
 * The key as the service issued it: a key typed or pasted in full-width characters (a Japanese or
 * Chinese keyboard, some password managers) is the same key, so NFKC folds it to ASCII.
 */
function normaliseApiKey(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.normalize("NFKC").trim() : "";
}
