// The words of an action's outcome, in the merchant's language (a record's reason: ~/i18n/reason-words).
import type { MerchantActionResult } from "~/fulfillment/merchant-actions.server";
import type { useI18n } from "~/i18n/react";

type Translate = ReturnType<typeof useI18n>;

/** An action's result in the merchant's language (the English text when it has no code). */
export function outcomeText(i18n: Translate, result: MerchantActionResult): string {
  const text = result.code ? i18n.messages.orders.outcomes[result.code] : undefined;
  if (text) return i18n.format(text, result.params ?? {});
  return result.ok ? result.message : result.error;
}
