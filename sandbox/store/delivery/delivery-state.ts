import type { DeliveryProfileRecord, LocationGroupRecord, ZoneRecord } from "./delivery-records";

/**
 * What of a shop's state (state/shop-state.ts) its delivery profiles need; structural, so that the
 * shop's state can build its General profile without the two modules importing each other.
 */
export interface DeliveryShop {
  domain: string;
  currencyCode: string;
  ids: { next(kind: string): string };
  locations: ReadonlyMap<string, unknown>;
  deliveryProfiles: Map<string, DeliveryProfileRecord>;
}

/** A new shop's General profile: all its locations, a domestic Mexico zone with a flat rate. */
export function createGeneralProfile(shop: DeliveryShop): DeliveryProfileRecord {
  return addMerchantProfile(shop, {
    name: "General profile",
    isDefault: true,
    methodName: "Envío estándar",
    amount: "150.00",
  });
}

/**
 * A merchant profile shipping from every location of the shop to all of Mexico at one flat rate
 * (the General profile, or a custom one the merchant creates).
 */
export function addMerchantProfile(
  shop: DeliveryShop,
  args: { name: string; isDefault: boolean; methodName: string; amount: string },
): DeliveryProfileRecord {
  const zone: ZoneRecord = {
    id: shop.ids.next("DeliveryZone"),
    name: "México",
    countries: [{ id: shop.ids.next("DeliveryCountry"), code: "MX", provinces: "all" }],
    methods: [
      {
        id: shop.ids.next("DeliveryMethodDefinition"),
        name: args.methodName,
        description: null,
        active: true,
        rateProvider: {
          kind: "rate",
          id: shop.ids.next("DeliveryRateDefinition"),
          price: { amount: args.amount, currencyCode: shop.currencyCode },
        },
      },
    ],
  };
  const profile: DeliveryProfileRecord = {
    id: shop.ids.next("DeliveryProfile"),
    name: args.name,
    isDefault: args.isDefault,
    appOwned: false,
    coversAllItems: false,
    variantIds: new Set(),
    version: 1,
    locationGroups: [
      { id: shop.ids.next("DeliveryLocationGroup"), locationIds: [...shop.locations.keys()], zones: [zone] },
    ],
  };
  shop.deliveryProfiles.set(profile.id, profile);
  return profile;
}

/** The merchant profile a variant ships under: the custom one it is assigned to, else General. */
export function merchantProfileOf(shop: DeliveryShop, variantId: string): DeliveryProfileRecord {
  let general: DeliveryProfileRecord | undefined;
  for (const profile of shop.deliveryProfiles.values()) {
    if (profile.appOwned) continue;
    if (profile.isDefault) general = profile;
    else if (profile.variantIds.has(variantId)) return profile;
  }
  if (!general) throw new Error(`shop ${shop.domain} has no General delivery profile`);
  return general;
}

function zoneCovers(zone: ZoneRecord, countryCode: string, provinceCode: string): boolean {
  const country = zone.countries.find((c) => c.code === countryCode);
  if (country) return country.provinces === "all" || country.provinces.includes(provinceCode);
  return zone.countries.some((c) => c.code === null);
}

/** Whether a profile offers the carrier's rates from `locationId` to the destination. */
export function profileOffersCarrier(
  profile: DeliveryProfileRecord,
  args: { carrierServiceId: string; locationId: string; countryCode: string; provinceCode: string },
): boolean {
  return profile.locationGroups.some(
    (group: LocationGroupRecord) =>
      group.locationIds.includes(args.locationId) &&
      group.zones.some(
        (zone) =>
          zoneCovers(zone, args.countryCode, args.provinceCode) &&
          zone.methods.some(
            (method) =>
              method.active &&
              method.rateProvider.kind === "participant" &&
              method.rateProvider.carrierServiceId === args.carrierServiceId,
          ),
      ),
  );
}

/** Every profile a variant belongs to: app-owned ones that cover it, and its merchant profile. */
export function appProfilesOf(shop: DeliveryShop, variantId: string): DeliveryProfileRecord[] {
  return [...shop.deliveryProfiles.values()].filter(
    (p) => p.appOwned && (p.coversAllItems || p.variantIds.has(variantId)),
  );
}

/** Assigns variants to a merchant profile, taking them out of any other merchant profile. */
export function assignVariants(shop: DeliveryShop, profile: DeliveryProfileRecord, variantIds: string[]): void {
  for (const other of shop.deliveryProfiles.values()) {
    if (other !== profile && !other.appOwned) for (const id of variantIds) other.variantIds.delete(id);
  }
  for (const id of variantIds) profile.variantIds.add(id);
}
