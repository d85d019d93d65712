// The words of an action's outcome and of a record's reason, in the merchant's language.
import type { MerchantActionResult } from "~/fulfillment/merchant-actions.server";
import type { ReasonMessage } from "~/fulfillment/reason-codes";
import type { useI18n } from "~/i18n/react";

type Translate = ReturnType<typeof useI18n>;

/** An action's result in the merchant's language (the English text when it has no code). */
export function outcomeText(i18n: Translate, result: MerchantActionResult): string {
  const text = result.code ? i18n.messages.orders.outcomes[result.code] : undefined;
  if (text) return i18n.format(text, result.params ?? {});
  return result.ok ? result.message : result.error;
}

/** A reason or history detail in the merchant's language (as written when no code is known). */
export function reasonText(i18n: Translate, message: ReasonMessage | null, written: string | null): string | null {
  if (!message) return written;
  const params = { ...message.params };
  for (const name of ["at", "until"]) {
    if (params[name] && !Number.isNaN(Date.parse(params[name]!))) params[name] = i18n.dateTime(params[name]!);
  }
  let text = i18n.format(i18n.messages.orders.reasons[message.code], params);
  // A missing optional part leaves "()" or "(): " behind.
  text = text.replace(/ \(\)/g, "");
  return text;
}
