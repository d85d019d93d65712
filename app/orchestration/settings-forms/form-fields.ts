// How every settings form reads its fields, said once: text trimmed, a checkbox ticked or not (any
// other value refused), a number by its field's spec (app/forms); each refusal is kept against its
// field, in the merchant's language, so a form reports every problem at once.
import { checkboxValue } from "~/forms/checkbox";
import { parseNumberInput, type NumberFieldSpec } from "~/forms/number-input";
import { describeNumberError } from "~/forms/number-messages";
import type { Messages } from "~/i18n/messages.es";

/** A submitted form, or its values by name (what the page would post). */
export type SubmittedForm = FormData | Record<string, string>;

export function formFields(form: SubmittedForm, m: Messages) {
  const errors: Record<string, string> = {};
  /** The field's text, trimmed; "" when absent or a file. */
  const text = (name: string): string => {
    const value = form instanceof FormData ? form.get(name) : form[name];
    return (typeof value === "string" ? value : "").trim();
  };
  /** A ticked box; a value no checkbox posts is refused rather than read as unticked. */
  const checked = (name: string): boolean => {
    const value = checkboxValue(text(name));
    if (value === null) errors[name] = m.settings.errors.choice;
    return value ?? false;
  };
  /** The number in subunits (null when an optional field is empty); undefined when refused. */
  const number = (name: string, spec: NumberFieldSpec): number | null | undefined => {
    const result = parseNumberInput(text(name), spec);
    if (result.ok) return result.value;
    errors[name] = describeNumberError(result.error, spec, text(name), m.numbers);
    return undefined;
  };
  return { errors, text, checked, number };
}
