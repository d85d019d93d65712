/**
 * The order-page extensions' calls to the app. In Shopify admin, fetch() to a path is resolved
 * against the app's URL and carries the admin's ID token (Authorization: Bearer …); the app
 * answers with CORS headers (app/routes/api.warehouse.orders.$orderId.tsx).
 */
import type { OrderWarehouseStatus } from "./warehouse-status";

export type ActionRequest =
  | { action: "retry"; recordId: string }
  | { action: "confirm"; recordId: string; exists: true; svcOrderId: string }
  | { action: "confirm"; recordId: string; exists: false }
  | { action: "push" };

/**
 * What the app answered to an action: its outcome's code and params, which the extension words from
 * its locales (warehouse-status.ts, outcomeMessage). An answer without a code (a request the app
 * refused before acting, an app that does not send one) has none.
 */
export interface ActionAnswer {
  ok: boolean;
  code?: string;
  params: Record<string, string>;
}

/** The numeric id of a Shopify order GID (gid://shopify/Order/123 → 123). */
function orderIdOf(gid: string): string {
  const match = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(gid);
  if (!match) throw new Error(`not an order id: ${gid}`);
  return match[1];
}

function pathFor(orderGid: string): string {
  return `/api/warehouse/orders/${orderIdOf(orderGid)}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the app answered ${response.status} without JSON`);
  }
}

/** What the warehouse knows of an order. */
export async function fetchOrderStatus(
  orderGid: string,
  fetchImpl: typeof fetch = fetch,
): Promise<OrderWarehouseStatus> {
  const response = await fetchImpl(pathFor(orderGid), { headers: { accept: "application/json" } });
  const body = await readJson(response);
  if (!response.ok) {
    const error = (body as { error?: unknown }).error;
    throw new Error(typeof error === "string" ? error : `the app answered ${response.status}`);
  }
  return body as OrderWarehouseStatus;
}

/** Asks the app to act on the order (retry, confirm an unknown outcome, push now). */
export async function postOrderAction(
  orderGid: string,
  request: ActionRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<ActionAnswer> {
  const response = await fetchImpl(pathFor(orderGid), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(request),
  });
  const body = (await readJson(response)) as Partial<{ ok: unknown; code: unknown; params: unknown }>;
  const params =
    body.params && typeof body.params === "object" && !Array.isArray(body.params)
      ? Object.fromEntries(
          Object.entries(body.params).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        )
      : {};
  return {
    ok: response.ok && body.ok === true,
    ...(typeof body.code === "string" ? { code: body.code } : {}),
    params,
  };
}
