/**
 * Shopify rate request → the service's quotation lines. Only items that require shipping are
 * quoted, by SKU, with quantities summed per SKU (the destination goes through the address module,
 * in the quote itself).
 */
import type { ShipmentLine } from "~/svc";
import type { RateItem, RateRequest } from "./rate-request";

/** One quoted product: SKU and units. */
export type QuotationLine = ShipmentLine;

export type QuotationLinesResult =
  | { ok: true; lines: QuotationLine[] }
  /** Nothing in the cart ships (all digital, or quantities of 0): no rates are needed. */
  | { ok: false; reason: "nothing_to_ship" }
  /** A shippable item has no SKU, so the service cannot identify it. */
  | { ok: false; reason: "item_without_sku"; item: string };

/** The quotation's lines: shippable items by SKU, quantities summed, sorted by SKU. Pure and cheap. */
export function quotationLines(rate: RateRequest): QuotationLinesResult {
  const quantities = new Map<string, number>();
  for (const item of rate.items) {
    if (item.requires_shipping === false || item.quantity === 0) continue;
    const sku = item.sku?.trim();
    if (!sku) return { ok: false, reason: "item_without_sku", item: describe(item) };
    quantities.set(sku, (quantities.get(sku) ?? 0) + item.quantity);
  }
  if (quantities.size === 0) return { ok: false, reason: "nothing_to_ship" };
  // Sorted so that the same cart in any line order is the same request (and the same cache key).
  const lines = [...quantities]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([identifier, quantity]) => ({ identifier, quantity }));
  return { ok: true, lines };
}

/**
 * The cart subtotal in centavos when the request is in pesos, the currency of the shop's rules
 * (free-shipping threshold): null for a request in another currency, so a subtotal in dollars is
 * never compared with a threshold in pesos. A request without a currency is taken as pesos.
 */
export function pesoSubtotalCentavos(rate: RateRequest): bigint | null {
  const currency = rate.currency?.trim().toUpperCase();
  if (currency && currency !== RULES_CURRENCY) return null;
  return cartSubtotalCentavos(rate);
}

/** The currency the shop's money rules are written in, and the service prices in. */
const RULES_CURRENCY = "MXN";

/**
 * The cart subtotal in centavos: Shopify's `order_totals.subtotal_price`, else Σ price × quantity.
 * @internal
 */
export function cartSubtotalCentavos(rate: RateRequest): bigint {
  const given = rate.order_totals?.subtotal_price;
  if (given !== null && given !== undefined) return BigInt(given);
  return rate.items.reduce((sum, item) => sum + BigInt(item.price ?? 0) * BigInt(item.quantity), 0n);
}

function describe(item: RateItem): string {
  return item.name?.trim() || (item.variant_id != null ? `variant ${item.variant_id}` : "an item");
}
