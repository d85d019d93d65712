// Saving the service's support channel form of the settings page (issue 33), refused when another
// session changed it after the form was read, like the other settings forms.
import type { SettingsDeps } from "~/orchestration/settings.server";
import { es, type Messages } from "~/i18n/messages.es";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { conflictMessage, formReadAt } from "~/orchestration/settings-forms/read-at";
import type { SettingsActionResult } from "./settings.server";
import { parseSupportForm, supportFormValues } from "~/orchestration/settings-forms/support-form";

/** Saves the service's support channel, unless another session changed it since the form was read. */
export async function saveSupport(
  services: SettingsDeps,
  shop: string,
  form: FormData,
  m: Messages = es,
): Promise<SettingsActionResult> {
  const parsed = parseSupportForm(form, m);
  if (!parsed.ok) return { intent: "support", ok: false, errors: parsed.errors, values: parsed.values };
  const readAt = formReadAt(form, (stored) => ({ ...supportFormValues(stored.support) }));
  const saved = await updateShopSettings({ db: services.db, shop, patch: { support: parsed.support }, readAt });
  if ("conflict" in saved)
    return {
      intent: "support",
      ok: false,
      conflict: true,
      errors: { form: conflictMessage(saved.changed, m) },
      values: supportFormValues(parsed.support),
    };
  return { intent: "support", ok: true, carrierService: null };
}
