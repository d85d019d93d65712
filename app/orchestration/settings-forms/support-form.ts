// The service's support channel form of the settings page (issue 33) ⇄ `settings.support`: an
// e-mail, a phone and a web address, each optional, each validated and refused naming the field.
import type { Messages } from "~/i18n/messages.es";
import type { ShopSettings } from "~/shop/settings-schema";
import { supportChannelSchema, type SupportChannel } from "~/shop/support-channel";
import { formFields } from "./form-fields";

export interface SupportFormValues {
  supportEmail: string;
  supportPhone: string;
  supportUrl: string;
}

/** The form's values from the stored settings (what the page shows, and the save's basis). */
export function supportFormValues(support: ShopSettings["support"]): SupportFormValues {
  return { supportEmail: support.email ?? "", supportPhone: support.phone ?? "", supportUrl: support.url ?? "" };
}

const FIELDS = { supportEmail: "email", supportPhone: "phone", supportUrl: "url" } as const;

/** Validates the submitted form; an empty field clears that part of the channel. */
export function parseSupportForm(
  form: FormData,
  m: Messages,
): { ok: true; support: SupportChannel } | { ok: false; errors: Record<string, string>; values: SupportFormValues } {
  const t = m.nextSteps.support;
  const { text } = formFields(form, m);
  const values: SupportFormValues = {
    supportEmail: text("supportEmail"),
    supportPhone: text("supportPhone"),
    supportUrl: text("supportUrl"),
  };
  const errors: Record<string, string> = {};
  const support: Record<string, string | null> = {};
  for (const [field, key] of Object.entries(FIELDS) as [keyof SupportFormValues, keyof SupportChannel][]) {
    const value = values[field] || null;
    const parsed = supportChannelSchema.shape[key].safeParse(value);
    if (parsed.success) support[key] = parsed.data;
    else errors[field] = t.errors[key];
  }
  if (Object.keys(errors).length > 0)
    return {
      ok: false,
      errors,
      values: {
        supportEmail: values.supportEmail.slice(0, 300),
        supportPhone: values.supportPhone.slice(0, 300),
        supportUrl: values.supportUrl.slice(0, 600),
      },
    };
  return { ok: true, support: supportChannelSchema.parse(support) };
}
