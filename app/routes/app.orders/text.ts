// The words of an action's outcome, in the merchant's language (a record's reason: ~/i18n/reason-words).
import type { MerchantActionResult } from "~/fulfillment/actions/merchant-actions.server";
import type { useI18n } from "~/i18n/react";
import type { ServiceErrorCode } from "~/svc/error-codes";
import { svcStatusWords } from "~/fulfillment/page/reason-words";

type Translate = ReturnType<typeof useI18n>;

/** An action's result in the merchant's language, from its code and params. */
export function outcomeText(i18n: Translate, result: Pick<MerchantActionResult, "code" | "params">): string {
  // A service failure travels as its code (`problem`): its words go where the message says {error}.
  const params = { ...result.params };
  const problem = params.problem as ServiceErrorCode | undefined;
  if (problem && Object.hasOwn(i18n.messages.serviceErrors, problem))
    params.error = i18n.format(i18n.messages.serviceErrors[problem], {});
  // The service's status word, in the merchant's language («actualizar estado»).
  if (params.svcStatus !== undefined) params.svcStatus = params.svcStatus ? svcStatusWords(i18n, params.svcStatus) : "—";
  return i18n.format(i18n.messages.orders.outcomes[result.code], params);
}
