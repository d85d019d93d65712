import type { BulkAccess } from "../access/bulk-access";
import type { BulkRuntime } from "../bulk/bulk-view";
import type { ShopState } from "../state/shop-state";

/** What every resolver sees: the shop the request is for and the store's clock. */
export interface StoreContext {
  shop: ShopState;
  now: () => number;
  /** Bulk query operations of the store (absent only in tests that build a context by hand). */
  bulk?: BulkRuntime;
  /** The app's access to bulk operations (absent: always granted, for contexts built by hand). */
  bulkAccess?: BulkAccess;
  /** The Admin API version the request was made with (the store serves one; 2026-10 by default). */
  apiVersion?: string;
  /** Sends the webhooks a mutation causes (topic, payload), as the merchant's changes do. */
  emit?: (events: Array<[string, unknown]>) => void;
}

export interface MoneyBag {
  shopMoney: { amount: string; currencyCode: string };
  presentmentMoney: { amount: string; currencyCode: string };
}

export function moneyBag(amount: string, currencyCode: string): MoneyBag {
  const money = { amount, currencyCode };
  return { shopMoney: money, presentmentMoney: money };
}
