/** Rate offers → the `rates` Shopify expects from a carrier service. */
import { addBusinessDays, formatShopifyDate } from "./business-days";
import type { RateOffer } from "./rules";

/** The service prices in Mexican pesos; the rates say so, whatever the storefront shows. */
const RATE_CURRENCY = "MXN";

/** One rate of the callback's answer. */
export interface ShopifyRate {
  service_name: string;
  service_code: string;
  description: string;
  currency: string;
  /** Integer subunits (centavos) as text, exact. */
  total_price: string;
  /** The service needs a phone number reachable by a messaging app for every shipment. */
  phone_required: boolean;
  min_delivery_date?: string;
  max_delivery_date?: string;
}

/** Turns offers into Shopify rates, with delivery dates counted from `now`. Pure. */
export function toShopifyRates(offers: readonly RateOffer[], now: Date): ShopifyRate[] {
  return offers.map((offer) => ({
    service_name: offer.name,
    service_code: offer.service,
    description: offer.description,
    currency: RATE_CURRENCY,
    total_price: offer.priceCentavos.toString(),
    phone_required: true,
    ...(offer.window
      ? {
          min_delivery_date: formatShopifyDate(addBusinessDays(now, offer.window.minDays)),
          max_delivery_date: formatShopifyDate(addBusinessDays(now, offer.window.maxDays)),
        }
      : {}),
  }));
}
