// The support channel's web address: what the field's help promises is what the form accepts.
// Configuración said «Una dirección que empiece con https://» beside a field that saves http://
// addresses too (and whose error names both).
import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { parseSupportForm } from "~/orchestration/settings-forms/support-form";

const save = (url: string, locale: "es" | "en") => {
  const form = new FormData();
  form.set("supportEmail", "");
  form.set("supportPhone", "");
  form.set("supportUrl", url);
  return parseSupportForm(form, translator(locale).messages);
};

describe.each(["es", "en"] as const)("the support address in %s", (locale) => {
  const t = translator(locale).messages.nextSteps.support;

  it.each(["https://", "http://"])("accepts %s addresses, and the help and the error both name the scheme", (scheme) => {
    const saved = save(`${scheme}soporte.ejemplo.mx/ayuda`, locale);
    expect(saved.ok && saved.support.url).toBe(`${scheme}soporte.ejemplo.mx/ayuda`);
    expect(t.urlHelp).toContain(scheme);
    expect(t.errors.url).toContain(scheme);
  });

  it("refuses any other scheme, naming the field", () => {
    const refused = save("javascript:alert(1)", locale);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors).toEqual({ supportUrl: t.errors.url });
  });
});
