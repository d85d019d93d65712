// What the orders page's loader and action answer (the tests and the components read them).
import type { MerchantActionResult } from "~/fulfillment/merchant-actions.server";
import type { ordersAttention } from "~/attention/orders.server";
import type { listFulfillments } from "~/fulfillment/orders-page.server";
import type { FieldError, OrdersFilter } from "~/fulfillment/orders-query";
import type { AttentionActionData } from "~/attention/job-problems.server";
import type { SupportChannel } from "~/shop/support-channel";

export type OrdersPageData = Awaited<ReturnType<typeof listFulfillments>> & {
  query: { status: OrdersFilter | null; q: string; page: number };
  invalid: FieldError | null;
  attention: Awaited<ReturnType<typeof ordersAttention>>;
  /** The service's support channel (Configuración), for the reasons that need the service. */
  support: SupportChannel | null;
};

/** One action's result, or each record's result of a bulk retry; `field` names refused input. */
export type OrdersActionData =
  | (MerchantActionResult & { kind: "one" })
  | { kind: "bulk"; results: (MerchantActionResult & { id: string; orderName: string | null })[] }
  | { kind: "invalid"; error: FieldError }
  | AttentionActionData;
