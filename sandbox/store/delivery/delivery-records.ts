/**
 * Shipping as Shopify models it in delivery profiles: a profile holds products (the General one
 * every product not assigned elsewhere), location groups of origin locations, zones of countries
 * and provinces, and method definitions priced by a fixed rate or by a carrier participant.
 */
interface MoneyRecord {
  /** A decimal string, never a float. */
  amount: string;
  currencyCode: string;
}

type RateProviderRecord =
  | { kind: "rate"; id: string; price: MoneyRecord }
  | {
      kind: "participant";
      id: string;
      carrierServiceId: string;
      adaptToNewServices: boolean;
      fixedFee: MoneyRecord | null;
      percentageOfRateFee: number;
    };

export interface MethodDefinitionRecord {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  rateProvider: RateProviderRecord;
}

export interface ZoneCountryRecord {
  id: string;
  /** ISO code, or null for Rest of World. */
  code: string | null;
  /** "all" covers every province of the country. */
  provinces: "all" | string[];
}

export interface ZoneRecord {
  id: string;
  name: string;
  countries: ZoneCountryRecord[];
  methods: MethodDefinitionRecord[];
}

export interface LocationGroupRecord {
  id: string;
  locationIds: string[];
  zones: ZoneRecord[];
}

export interface DeliveryProfileRecord {
  id: string;
  name: string;
  /** The General profile: every variant not assigned to another merchant profile. */
  isDefault: boolean;
  /** Created by the app (deliveryProfileCreate); the others are the merchant's. */
  appOwned: boolean;
  coversAllItems: boolean;
  /** Variants assigned to this profile (unused for the General profile). */
  variantIds: Set<string>;
  locationGroups: LocationGroupRecord[];
  version: number;
}

/** How the shop configures merchant shipping (market-driven shipping, rolling out from 2026-10). */
export interface ShippingModelState {
  marketDriven: boolean;
  /** Whether app-owned profiles may set `coversAllItems` (Shopify enables it per shop and client). */
  coversAllItemsEnabled: boolean;
  /**
   * The shop's Mexico market: under market-driven shipping its shipping options are what checkout
   * offers (`Market.delivery.shipping`, 2026-10 schema).
   */
  mexicoMarket: MarketRecord;
}

export interface MarketRecord {
  id: string;
  /** Its one region, Mexico (a MarketRegionCountry). */
  regionId: string;
  name: string;
  handle: string;
  shippingEnabled: boolean;
  /** Carrier-calculated options (one rate group each, as Shopify allows for now). */
  options: MarketCarrierOptionRecord[];
}

export interface MarketCarrierOptionRecord {
  id: string;
  rateGroupId: string;
  carrierServiceId: string;
  currency: string;
  isActive: boolean;
  autoIncludeNewServices: boolean;
  percentageAdjustment: number | null;
}

/** The carrier services an active carrier-calculated option of the Mexico market offers. */
export function marketCarrierServiceIds(model: ShippingModelState): Set<string> {
  const market = model.mexicoMarket;
  if (!market.shippingEnabled) return new Set();
  return new Set(market.options.filter((o) => o.isActive).map((o) => o.carrierServiceId));
}
