/**
 * What a merchant recognises an order by on Pedidos and in its CSV: when it was placed, the buyer's
 * city, how many items it ships and its total. Read from what the app already keeps: the record's
 * order (request.order, and what was sent) and the order as the orders/paid payload told it
 * (ShopifyOrder: its date and total, decimal text — never a float).
 */
import type { Prisma } from "@prisma/client";
import { readStoredRequest } from "../records/records.server";

export interface OrderFacts {
  /** When the buyer placed the order; else when the app learned of it; null when neither is known. */
  placedAt: string | null;
  city: string | null;
  /** Units the record ships (what was sent, else the order's lines that need shipping); null when unknown. */
  items: number | null;
  /** The order's total as decimal text in its currency; null when the app never saw it. */
  total: { amount: string; currency: string } | null;
}

/** The order's columns OrderFacts reads (select them with ORDER_FACTS_SELECT). */
export interface KeptOrder {
  shopifyOrderId: string;
  createdAt: Date;
  placedAt: Date | null;
  totalPrice: string | null;
  currency: string | null;
}

export const ORDER_FACTS_SELECT = {
  shopifyOrderId: true,
  createdAt: true,
  placedAt: true,
  totalPrice: true,
  currency: true,
} as const;

export function orderFactsOf(request: Prisma.JsonValue | null, order: KeptOrder | undefined): OrderFacts {
  const stored = readStoredRequest(request);
  const lines = stored?.sent?.lines.length
    ? stored.sent.lines.map((line) => line.quantity)
    : stored?.order.line_items.filter((line) => line.requires_shipping).map((line) => line.quantity);
  const placedAt = order?.placedAt ?? (stored?.order.created_at ? new Date(stored.order.created_at) : null);
  return {
    placedAt: (placedAt ?? order?.createdAt)?.toISOString() ?? null,
    city: stored?.order.shipping_address?.city?.trim() || null,
    items: lines ? lines.reduce((sum, n) => sum + n, 0) : null,
    total:
      order?.totalPrice && order.currency
        ? { amount: order.totalPrice, currency: order.currency }
        : stored?.order.total_price && stored.order.currency
          ? { amount: stored.order.total_price, currency: stored.order.currency }
          : null,
  };
}
