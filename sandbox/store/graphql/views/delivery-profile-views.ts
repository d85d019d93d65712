import type {
  DeliveryProfileRecord,
  LocationGroupRecord,
  MethodDefinitionRecord,
  ZoneRecord,
} from "../../delivery/delivery-records";
import { merchantProfileOf } from "../../delivery/delivery-state";
import { gid, numericId } from "../../ids";
import type { ProductRecord, VariantRecord } from "../../state/records";
import { paginate, type ConnectionArgs } from "../connection";
import type { StoreContext } from "../context";
import { carrierServiceView } from "./carrier-service-views";
import { locationView } from "./inventory-views";
import { productView, variantView } from "./product-views";

const byId = <T extends { id: string }>(record: T): [number, number] => [numericId(record.id), numericId(record.id)];

const COUNTRY_NAMES: Record<string, string> = { MX: "Mexico", US: "United States", CA: "Canada", GT: "Guatemala" };

/** The variants a profile holds: General has every variant not assigned to a custom merchant profile. */
function profileVariants(ctx: StoreContext, profile: DeliveryProfileRecord): VariantRecord[] {
  const all = [...ctx.shop.variants.values()].filter(
    (v) => ctx.shop.inventoryItems.get(v.inventoryItemId)?.requiresShipping,
  );
  if (profile.coversAllItems) return all;
  if (profile.isDefault) return all.filter((v) => merchantProfileOf(ctx.shop, v.id) === profile);
  return all.filter((v) => profile.variantIds.has(v.id));
}

export function deliveryProfileView(ctx: StoreContext, profile: DeliveryProfileRecord) {
  const variants = () => profileVariants(ctx, profile);
  const methods = () => profile.locationGroups.flatMap((g) => g.zones.flatMap((z) => z.methods));
  return {
    __typename: "DeliveryProfile",
    id: profile.id,
    name: profile.name,
    default: profile.isDefault,
    coversAllItems: profile.coversAllItems,
    version: profile.version,
    activeMethodDefinitionsCount: () => methods().filter((m) => m.active).length,
    originLocationCount: () => new Set(profile.locationGroups.flatMap((g) => g.locationIds)).size,
    zoneCountryCount: () =>
      new Set(profile.locationGroups.flatMap((g) => g.zones.flatMap((z) => z.countries.map((c) => c.code)))).size,
    locationsWithoutRatesCount: () =>
      profile.locationGroups.filter((g) => g.zones.every((z) => z.methods.length === 0)).flatMap((g) => g.locationIds)
        .length,
    productVariantsCount: () => ({ count: variants().length, precision: "EXACT" }),
    profileItems: (args: ConnectionArgs) => {
      const byProduct = new Map<string, VariantRecord[]>();
      for (const v of variants()) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
      const items = [...byProduct.entries()].map(([productId, vs]) => ({
        id: gid("DeliveryProfileItem", numericId(productId)),
        product: ctx.shop.products.get(productId)!,
        variants: vs,
      }));
      return paginate(items, args, "profileItems", byId, (item) => profileItemView(ctx, item));
    },
    profileLocationGroups: (args: { locationGroupId?: string | null }) =>
      profile.locationGroups
        .filter((g) => !args.locationGroupId || g.id === args.locationGroupId)
        .map((g) => profileLocationGroupView(ctx, g)),
    unassignedLocations: () => {
      const assigned = new Set(profile.locationGroups.flatMap((g) => g.locationIds));
      return [...ctx.shop.locations.values()]
        .filter((l) => l.isActive && !assigned.has(l.id))
        .map((l) => locationView(ctx, l));
    },
  };
}

function profileItemView(ctx: StoreContext, item: { id: string; product: ProductRecord; variants: VariantRecord[] }) {
  return {
    __typename: "DeliveryProfileItem",
    id: item.id,
    product: productView(ctx, item.product),
    variants: (args: ConnectionArgs) => paginate(item.variants, args, "variants", byId, (v) => variantView(ctx, v)),
  };
}

function profileLocationGroupView(ctx: StoreContext, group: LocationGroupRecord) {
  const locations = () => group.locationIds.map((id) => ctx.shop.locations.get(id)!).filter(Boolean);
  return {
    locationGroup: {
      __typename: "DeliveryLocationGroup",
      id: group.id,
      locations: (args: ConnectionArgs & { includeInactive?: boolean }) =>
        paginate(
          locations().filter((l) => l.isActive || args.includeInactive),
          args,
          "locations",
          byId,
          (l) => locationView(ctx, l),
        ),
      locationsCount: () => ({ count: locations().length, precision: "EXACT" }),
    },
    locationGroupZones: (args: ConnectionArgs) =>
      paginate(group.zones, args, "locationGroupZones", byId, (zone) => locationGroupZoneView(ctx, zone)),
  };
}

function locationGroupZoneView(ctx: StoreContext, zone: ZoneRecord) {
  return {
    zone: {
      __typename: "DeliveryZone",
      id: zone.id,
      name: zone.name,
      countries: zone.countries.map((country) => ({
        __typename: "DeliveryCountry",
        id: country.id,
        code: { countryCode: country.code, restOfWorld: country.code === null },
        name: country.code === null ? "Rest of World" : (COUNTRY_NAMES[country.code] ?? country.code),
        translatedName: country.code === null ? "Rest of World" : (COUNTRY_NAMES[country.code] ?? country.code),
        provinces:
          country.provinces === "all" ? [] : country.provinces.map((code, i) => provinceView(country.id, code, i)),
      })),
    },
    methodDefinitionCounts: {
      participantDefinitionsCount: zone.methods.filter((m) => m.rateProvider.kind === "participant").length,
      rateDefinitionsCount: zone.methods.filter((m) => m.rateProvider.kind === "rate").length,
    },
    methodDefinitions: (
      args: ConnectionArgs & { type?: "MERCHANT" | "PARTICIPANT" | null; eligible?: boolean | null },
    ) => {
      const wanted = zone.methods.filter(
        (m) => !args.type || (args.type === "PARTICIPANT") === (m.rateProvider.kind === "participant"),
      );
      return paginate(wanted, args, "methodDefinitions", byId, (m) => methodDefinitionView(ctx, m));
    },
  };
}

function provinceView(countryId: string, code: string, index: number) {
  return {
    __typename: "DeliveryProvince",
    id: gid("DeliveryProvince", numericId(countryId) * 100 + index),
    code,
    name: code,
    translatedName: code,
  };
}

function methodDefinitionView(ctx: StoreContext, method: MethodDefinitionRecord) {
  const provider = method.rateProvider;
  return {
    __typename: "DeliveryMethodDefinition",
    id: method.id,
    name: method.name,
    description: method.description,
    active: method.active,
    rateProvider:
      provider.kind === "rate"
        ? { __typename: "DeliveryRateDefinition", id: provider.id, price: provider.price }
        : {
            __typename: "DeliveryParticipant",
            id: provider.id,
            adaptToNewServicesFlag: provider.adaptToNewServices,
            carrierService: () => {
              const service = ctx.shop.carrierServices.get(provider.carrierServiceId);
              // A deleted carrier service still shows on the method, inactive, as its id is kept.
              return service
                ? carrierServiceView(service)
                : {
                    __typename: "DeliveryCarrierService",
                    id: provider.carrierServiceId,
                    name: null,
                    formattedName: null,
                    callbackUrl: null,
                    active: false,
                    supportsServiceDiscovery: false,
                  };
            },
            fixedFee: provider.fixedFee,
            percentageOfRateFee: provider.percentageOfRateFee,
          },
  };
}
