/**
 * Shipping settings through Shopify's delivery profile API (Admin 2026-10): which shipping model
 * the shop is on, every profile with its zones and carrier participants, and adding our carrier's
 * rates to a profile (`deliveryProfileUpdate`) or to an app-owned profile (`deliveryProfileCreate`).
 * Every document here was checked against @shopify/dev-mcp's admin_2026-10 schema.
 */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors, type AdminUserError } from "./errors";

interface ShippingZone {
  id: string;
  name: string;
  /** ISO country codes; "*" is Rest of World. A country with `provinces` empty covers all of it. */
  countries: { code: string; provinces: string[] }[];
  /** Active method definitions priced by a carrier service: the carrier ids. */
  activeCarrierIds: string[];
}

interface ShippingLocationGroup {
  id: string;
  locationIds: string[];
  zones: ShippingZone[];
}

export interface DeliveryProfileSummary {
  id: string;
  name: string;
  isDefault: boolean;
  coversAllItems: boolean;
  variantCount: number;
  /** Up to SAMPLE_PRODUCTS product titles, to name what the profile holds. */
  sampleProducts: string[];
  locationGroups: ShippingLocationGroup[];
}

const SAMPLE_PRODUCTS = 5;
const PROFILES_PAGE = 25;
const ZONES_PAGE = 5;

const SHOP_SHIPPING_MODEL = `#graphql
  query ShopShippingModel {
    shop { features { marketDrivenShipping } }
  }`;

const DELIVERY_PROFILES = `#graphql
  query DeliveryProfiles($first: Int!, $after: String, $merchantOwnedOnly: Boolean, $sampleProducts: Int!) {
    deliveryProfiles(first: $first, after: $after, merchantOwnedOnly: $merchantOwnedOnly) {
      nodes {
        id
        name
        default
        coversAllItems
        productVariantsCount { count }
        profileItems(first: $sampleProducts) { nodes { product { title } } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }`;

const DELIVERY_PROFILE_ZONES = `#graphql
  query DeliveryProfileZones($id: ID!, $locationGroupId: ID, $first: Int!, $after: String) {
    deliveryProfile(id: $id) {
      profileLocationGroups(locationGroupId: $locationGroupId) {
        locationGroup { id locations(first: 25) { nodes { id } } }
        locationGroupZones(first: $first, after: $after) {
          nodes {
            zone { id name countries { code { countryCode restOfWorld } provinces { code } } }
            methodDefinitions(first: 10, type: PARTICIPANT) {
              nodes {
                active
                rateProvider { __typename ... on DeliveryParticipant { carrierService { id } } }
              }
            }
          }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }`;

const DELIVERY_PROFILE_UPDATE = `#graphql
  mutation DeliveryProfileUpdate($id: ID!, $profile: DeliveryProfileInput!) {
    deliveryProfileUpdate(id: $id, profile: $profile) {
      profile { id }
      userErrors { field message }
    }
  }`;

/** Whether the shop is on market-driven shipping (`ShopFeatures.marketDrivenShipping`). */
export async function readShippingModel(admin: AdminGraphql): Promise<{ marketDriven: boolean }> {
  const data = dataOf(
    await admin<{ shop: { features: { marketDrivenShipping: boolean } } }>(SHOP_SHIPPING_MODEL),
    "ShopShippingModel",
  );
  return { marketDriven: data.shop.features.marketDrivenShipping };
}

interface ProfileNode {
  id: string;
  name: string;
  default: boolean;
  coversAllItems: boolean;
  productVariantsCount: { count: number } | null;
  profileItems: { nodes: { product: { title: string } }[] };
}

interface ZonesData {
  deliveryProfile: {
    profileLocationGroups: {
      locationGroup: { id: string; locations: { nodes: { id: string }[] } };
      locationGroupZones: {
        nodes: {
          zone: {
            id: string;
            name: string;
            countries: { code: { countryCode: string | null; restOfWorld: boolean }; provinces: { code: string }[] }[];
          };
          methodDefinitions: {
            nodes: { active: boolean; rateProvider: { __typename: string; carrierService?: { id: string } } }[];
          };
        }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    }[];
  } | null;
}

/**
 * Every delivery profile of the shop, page by page, with its location groups and zones (paged
 * too). `merchantOwnedOnly` leaves out app-owned profiles.
 */
export async function listDeliveryProfiles(
  admin: AdminGraphql,
  opts: { merchantOwnedOnly?: boolean } = {},
): Promise<DeliveryProfileSummary[]> {
  const profiles: DeliveryProfileSummary[] = [];
  let after: string | null = null;
  do {
    const page: {
      deliveryProfiles: { nodes: ProfileNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    } = dataOf(
      await admin(DELIVERY_PROFILES, {
        first: PROFILES_PAGE,
        after,
        merchantOwnedOnly: opts.merchantOwnedOnly ?? null,
        sampleProducts: SAMPLE_PRODUCTS,
      }),
      "DeliveryProfiles",
    );
    for (const node of page.deliveryProfiles.nodes) {
      profiles.push({
        id: node.id,
        name: node.name,
        isDefault: node.default,
        coversAllItems: node.coversAllItems,
        variantCount: node.productVariantsCount?.count ?? 0,
        sampleProducts: node.profileItems.nodes.map((item) => item.product.title),
        locationGroups: await readLocationGroups(admin, node.id),
      });
    }
    after = page.deliveryProfiles.pageInfo.hasNextPage ? page.deliveryProfiles.pageInfo.endCursor : null;
  } while (after);
  return profiles;
}

async function readLocationGroups(admin: AdminGraphql, profileId: string): Promise<ShippingLocationGroup[]> {
  const first = await zonesPage(admin, profileId, null, null);
  const groups: ShippingLocationGroup[] = [];
  for (const group of first) {
    const zones = [...group.zones];
    let after = group.endCursor;
    while (after) {
      const [more] = await zonesPage(admin, profileId, group.id, after);
      if (!more) break;
      zones.push(...more.zones);
      after = more.endCursor;
    }
    groups.push({ id: group.id, locationIds: group.locationIds, zones });
  }
  return groups;
}

async function zonesPage(
  admin: AdminGraphql,
  profileId: string,
  locationGroupId: string | null,
  after: string | null,
): Promise<(ShippingLocationGroup & { endCursor: string | null })[]> {
  const data = dataOf(
    await admin<ZonesData>(DELIVERY_PROFILE_ZONES, { id: profileId, locationGroupId, first: ZONES_PAGE, after }),
    "DeliveryProfileZones",
  );
  if (!data.deliveryProfile)
    throw new ShopifyAdminError({
      operation: "DeliveryProfileZones",
      kind: "no_data",
      message: `no profile ${profileId}`,
    });
  return data.deliveryProfile.profileLocationGroups.map((group) => ({
    id: group.locationGroup.id,
    locationIds: group.locationGroup.locations.nodes.map((l) => l.id),
    zones: group.locationGroupZones.nodes.map((node) => ({
      id: node.zone.id,
      name: node.zone.name,
      countries: node.zone.countries.map((c) => ({
        code: c.code.restOfWorld ? "*" : (c.code.countryCode ?? "*"),
        provinces: c.provinces.map((p) => p.code),
      })),
      activeCarrierIds: node.methodDefinitions.nodes.flatMap((m) =>
        m.active && m.rateProvider.__typename === "DeliveryParticipant" && m.rateProvider.carrierService
          ? [m.rateProvider.carrierService.id]
          : [],
      ),
    })),
    endCursor: group.locationGroupZones.pageInfo.hasNextPage ? group.locationGroupZones.pageInfo.endCursor : null,
  }));
}

/** Our carrier as a method definition: Shopify asks it for rates, new services of it included. */
export interface CarrierMethod {
  carrierServiceId: string;
  /** The method's name in the merchant's shipping settings. */
  name: string;
}

function carrierMethodInput(method: CarrierMethod) {
  return {
    name: method.name,
    active: true,
    participant: { carrierServiceId: method.carrierServiceId, adaptToNewServices: true, percentageOfRateFee: 0 },
  };
}

/**
 * Adds our carrier's rates to one location group of a profile: into its existing zone covering
 * Mexico (`zoneId`), or a new Mexico zone when it has none.
 */
export async function addCarrierToProfile(
  admin: AdminGraphql,
  args: { profileId: string; locationGroupId: string; zoneId: string | null; zoneName: string; method: CarrierMethod },
): Promise<void> {
  const group = args.zoneId
    ? {
        id: args.locationGroupId,
        zonesToUpdate: [{ id: args.zoneId, methodDefinitionsToCreate: [carrierMethodInput(args.method)] }],
      }
    : {
        id: args.locationGroupId,
        zonesToCreate: [
          {
            name: args.zoneName,
            countries: [{ code: "MX", includeAllProvinces: true }],
            methodDefinitionsToCreate: [carrierMethodInput(args.method)],
          },
        ],
      };
  const data = dataOf(
    await admin<{ deliveryProfileUpdate: { profile: { id: string } | null; userErrors: AdminUserError[] } | null }>(
      DELIVERY_PROFILE_UPDATE,
      { id: args.profileId, profile: { locationGroupsToUpdate: [group] } },
    ),
    "DeliveryProfileUpdate",
  );
  throwOnUserErrors("DeliveryProfileUpdate", data.deliveryProfileUpdate?.userErrors);
}

const CARRIER_SERVICE_ACTIVE = `#graphql
  query CarrierServiceActive($id: ID!) {
    carrierService(id: $id) { id active }
  }`;

const LATEST_ORDER_ADDRESS = `#graphql
  query LatestOrderAddress {
    orders(first: 1, sortKey: CREATED_AT, reverse: true) {
      nodes { shippingAddress { address1 } }
    }
  }`;

/** Whether our carrier service is active; null when Shopify no longer has it. */
export async function readCarrierServiceActive(admin: AdminGraphql, id: string): Promise<boolean | null> {
  const data = dataOf(
    await admin<{ carrierService: { id: string; active: boolean } | null }>(CARRIER_SERVICE_ACTIVE, { id }),
    "CarrierServiceActive",
  );
  return data.carrierService ? data.carrierService.active : null;
}

/**
 * The newest order's shipping address as Shopify returns it to this app: without protected
 * customer data access the address fields come back null. Null when the shop has no order.
 */
export async function latestOrderAddress(
  admin: AdminGraphql,
): Promise<{ hasShippingAddress: boolean; address1: string | null } | null> {
  const data = dataOf(
    await admin<{ orders: { nodes: { shippingAddress: { address1: string | null } | null }[] } }>(LATEST_ORDER_ADDRESS),
    "LatestOrderAddress",
  );
  const order = data.orders.nodes[0];
  if (!order) return null;
  return { hasShippingAddress: order.shippingAddress !== null, address1: order.shippingAddress?.address1 ?? null };
}
