/**
 * A buyer at checkout asking for shipping rates, with Admin API 2026-10 behaviour: Shopify calls a
 * carrier service's callback only when that carrier is a participant of an active method
 * definition, in a zone covering the destination, from a location group holding the origin, in
 * the profile of every item. On a shop on market-driven shipping the merchant's profiles no longer
 * count: app-owned profiles do, and carrier-calculated options the merchant added to the market.
 */
import { marketCarrierServiceIds } from "../delivery/delivery-records";
import { appProfilesOf, merchantProfileOf, profileOffersCarrier } from "../delivery/delivery-state";
import { primaryLocation, type ShopState } from "../state/shop-state";
import type { CarrierServiceRecord } from "../state/records";
import type { WebhookSender } from "../webhooks/deliver";
import { buildRateRequest, type RateRequestInput } from "./rate-request";
import { resolveLine } from "./line-items";

type CarrierSkipReason = "inactive" | "not_in_shipping_settings";

interface CarrierAtCheckout {
  carrierServiceId: string;
  name: string;
  /** Whether Shopify called the callback for this cart. */
  called: boolean;
  skipped: CarrierSkipReason | null;
  /** Variants of the cart for which this carrier's rates are not offered to the destination. */
  uncoveredVariantIds: string[];
  /** The callback's HTTP status; null when not called or unreachable. */
  status: number | null;
  rates: unknown[];
}

export interface CheckoutOutcome {
  /** Every carrier rate the buyer sees (empty: only the merchant's own rates, if any). */
  rates: unknown[];
  carriers: CarrierAtCheckout[];
}

export interface CheckoutInput extends RateRequestInput {
  /** Origin location (name or gid); the primary location by default. */
  location?: string;
}

/** Which cart variants a carrier's rates do not reach: empty means Shopify calls it. */
function uncoveredVariants(
  shop: ShopState,
  carrier: CarrierServiceRecord,
  variantIds: string[],
  where: { locationId: string; countryCode: string; provinceCode: string },
): string[] {
  const args = { carrierServiceId: carrier.id, ...where };
  const viaMarket =
    shop.shippingModel.marketDriven &&
    where.countryCode === "MX" &&
    marketCarrierServiceIds(shop.shippingModel).has(carrier.id);
  return variantIds.filter((variantId) => {
    if (viaMarket) return false;
    if (appProfilesOf(shop, variantId).some((p) => profileOffersCarrier(p, args))) return false;
    // Under market-driven shipping merchant profiles are a stale snapshot: checkout ignores them.
    if (shop.shippingModel.marketDriven) return true;
    return !profileOffersCarrier(merchantProfileOf(shop, variantId), args);
  });
}

export async function checkout(
  shop: ShopState,
  input: CheckoutInput,
  deps: { sender: WebhookSender; secret: string; fetch?: typeof fetch },
): Promise<CheckoutOutcome> {
  const rate = buildRateRequest(shop, input);
  const origin = originLocation(shop, input.location);
  const variantIds = input.items.map((line) => resolveLine(shop, line).variant.id);
  const where = {
    locationId: origin.id,
    countryCode: rate.destination.country,
    provinceCode: rate.destination.province,
  };
  const carriers: CarrierAtCheckout[] = [];
  for (const carrier of shop.carrierServices.values()) {
    const uncovered = uncoveredVariants(shop, carrier, variantIds, where);
    const entry: CarrierAtCheckout = {
      carrierServiceId: carrier.id,
      name: carrier.name,
      called: false,
      skipped: !carrier.active ? "inactive" : uncovered.length ? "not_in_shipping_settings" : null,
      uncoveredVariantIds: uncovered,
      status: null,
      rates: [],
    };
    carriers.push(entry);
    if (entry.skipped) continue;
    entry.called = true;
    try {
      const response = await deps.sender.sendRateRequest({
        url: carrier.callbackUrl,
        secret: deps.secret,
        domain: shop.domain,
        rate: {
          ...rate,
          origin: { ...rate.origin, postal_code: origin.address.zip, province: origin.address.provinceCode },
        },
        fetch: deps.fetch,
      });
      entry.status = response.status;
      // Any non-2xx or an unreadable body: Shopify shows backup rates, none of this carrier's.
      const body = response.ok ? ((await response.json().catch(() => null)) as { rates?: unknown[] } | null) : null;
      entry.rates = Array.isArray(body?.rates) ? body.rates : [];
    } catch {
      entry.rates = [];
    }
    shop.rateCallbacks.push({ carrierServiceId: carrier.id, status: entry.status });
  }
  return { rates: carriers.flatMap((c) => c.rates), carriers };
}

function originLocation(shop: ShopState, location: string | undefined) {
  if (!location) return primaryLocation(shop);
  const found = shop.locations.get(location) ?? [...shop.locations.values()].find((l) => l.name === location);
  if (!found) throw new Error(`no location ${location} in ${shop.domain}`);
  return found;
}
