import { getOperationAST, parse } from "graphql";
import { newFlowShopState, type FlowShopState } from "../flow/flow";
import { createIdAllocator, gid, type IdAllocator } from "../ids";
import { createThrottleBucket, type ThrottleBucket } from "../throttle";
import { FULL_ACCESS, customerDataAccess, type CustomerDataAccess } from "./protected-customer-data";
import type { DeliveryProfileRecord, ShippingModelState } from "../delivery/delivery-records";
import { createGeneralProfile } from "../delivery/delivery-state";
import type {
  FulfillmentServiceRecord,
  CarrierServiceRecord,
  FulfillmentOrderRecord,
  FulfillmentRecord,
  InventoryAdjustmentGroupRecord,
  InventoryItemRecord,
  InventoryLevelRecord,
  LocationRecord,
  MetafieldRecord,
  OperationRecord,
  OrderRecord,
  PostalAddress,
  ProductRecord,
  VariantRecord,
} from "./records";

/**
 * throttled, server-error: refused before the operation runs. answer-lost: the operation runs (its
 * effect stays), then the answer never reaches the caller — the connection drops over HTTP, a 504
 * through `fetch` — as after an Admin timeout or a network cut.
 */
export type InjectedFault = "throttled" | "server-error" | "answer-lost";

/**
 * A fault waiting for the shop's next Admin request, or for its next request running the named
 * GraphQL operation when `operation` is set (so an app's own background reads cannot take it).
 */
interface QueuedFault {
  fault: InjectedFault;
  operation?: string;
}

/** The operation a GraphQL request runs, chosen as the store's executor chooses it (graphql-js). */
function operationNameOf(body: { query: string; operationName?: string | null }): string | undefined {
  try {
    return getOperationAST(parse(body.query), body.operationName ?? undefined)?.name?.value;
  } catch {
    return undefined; // Not GraphQL: the executor refuses it; no aimed fault is for it.
  }
}

/**
 * Takes the first queued fault that applies to this request; with `accepts`, only when that fault
 * is one the caller can play (it stays queued otherwise). Undefined when none is taken.
 */
export function takeFault(
  shop: Pick<ShopState, "faults">,
  body: { query: string; operationName?: string | null },
  accepts?: (fault: InjectedFault) => boolean,
): InjectedFault | undefined {
  let name: string | null | undefined = null;
  const index = shop.faults.findIndex(({ operation }) => {
    if (operation === undefined) return true;
    if (name === null) name = operationNameOf(body);
    return operation === name;
  });
  if (index < 0 || (accepts && !accepts(shop.faults[index]!.fault))) return undefined;
  return shop.faults.splice(index, 1)[0]!.fault;
}

export interface ShopState {
  id: string;
  domain: string;
  name: string;
  email: string;
  accessToken: string;
  /** The scopes the app was installed with, as the token endpoint reports them. */
  scopes: string;
  currencyCode: string;
  planDisplayName: string;
  allowsCarrierCalculatedRates: boolean;
  strictCallbackUrls: boolean;
  /** The app's protected customer data access on this shop (state/protected-customer-data). */
  customerData: CustomerDataAccess;
  ids: IdAllocator;
  throttle: ThrottleBucket;
  locations: Map<string, LocationRecord>;
  products: Map<string, ProductRecord>;
  variants: Map<string, VariantRecord>;
  inventoryItems: Map<string, InventoryItemRecord>;
  /** Keyed by `${itemId}|${locationId}`. Add and remove levels through state/inventory-store. */
  inventoryLevels: Map<string, InventoryLevelRecord>;
  /** Index of `inventoryLevels` by item, then location: an item's levels without a scan. */
  inventoryLevelsByItem: Map<string, Map<string, InventoryLevelRecord>>;
  /** Keyed by metafield id. Write only through state/metafield-store, which keeps the index. */
  metafields: Map<string, MetafieldRecord>;
  /** Index of `metafields` by owner id, then namespace and key (see metafield-store). */
  metafieldsByOwner: Map<string, Map<string, MetafieldRecord>>;
  orders: Map<string, OrderRecord>;
  fulfillmentOrders: Map<string, FulfillmentOrderRecord>;
  fulfillments: Map<string, FulfillmentRecord>;
  carrierServices: Map<string, CarrierServiceRecord>;
  fulfillmentServices: Map<string, FulfillmentServiceRecord>;
  /** Merchant profiles (General first) and app-owned ones; see delivery/delivery-state.ts. */
  deliveryProfiles: Map<string, DeliveryProfileRecord>;
  shippingModel: ShippingModelState;
  /** Every carrier callback checkout made (orders/checkout.ts), for tests to count. */
  rateCallbacks: { carrierServiceId: string; status: number | null }[];
  adjustmentGroups: Map<string, InventoryAdjustmentGroupRecord>;
  operations: OperationRecord[];
  faults: QueuedFault[];
  nextOrderNumber: number;
  /** Shopify Flow: the app's triggers, what they received, the action requests sent (flow/flow.ts). */
  flow: FlowShopState;
}

export interface LocationInput {
  name: string;
  address?: Partial<PostalAddress>;
  fulfillsOnlineOrders?: boolean;
}

export interface AddShopInput {
  domain: string;
  accessToken?: string;
  /** Comma-separated scopes granted to the app (the token endpoint answers them). */
  scopes?: string;
  name?: string;
  email?: string;
  currency?: string;
  /** Whether the plan allows third-party calculated rates (Advanced and up, or a dev store). */
  allowsCarrierCalculatedRates?: boolean;
  planDisplayName?: string;
  /** Apply Shopify's callback URL rules (HTTPS only, no localhost or private hosts). */
  strictCallbackUrls?: boolean;
  /** The app's protected customer data access; full (Level 2, every field) unless given. */
  customerData?: { level: 0 | 1 | 2; fields?: string[] };
  locations?: LocationInput[];
  /** Market-driven shipping: merchant rates live in Markets, not in delivery profiles. */
  marketDrivenShipping?: boolean;
}

// The warehouse from the carrier rate request fixture: the demo ships from Tlalnepantla.
const DEFAULT_LOCATION_ADDRESS: PostalAddress = {
  address1: "Av. Gustavo Baz 180",
  address2: "Col. San Pedro Barrientos",
  city: "Tlalnepantla",
  province: "México",
  provinceCode: "MEX",
  zip: "54060",
  country: "Mexico",
  countryCode: "MX",
  phone: "+52 55 5000 1000",
};

function defaultAccessToken(domain: string): string {
  return `shpat_sim_${domain}`;
}

export function createShopState(
  input: AddShopInput,
  shopIndex: number,
  opts: { now: () => number; maximumAvailable?: number; restoreRate?: number },
): ShopState {
  const ids = createIdAllocator(shopIndex);
  const shopName = input.name ?? titleFromDomain(input.domain);
  const state: ShopState = {
    id: gid("Shop", 61_234_567_890 + shopIndex),
    domain: input.domain,
    name: shopName,
    email: input.email ?? `tienda@${input.domain}`,
    accessToken: input.accessToken ?? defaultAccessToken(input.domain),
    scopes: input.scopes ?? "",
    currencyCode: input.currency ?? "MXN",
    planDisplayName: input.planDisplayName ?? (input.allowsCarrierCalculatedRates === false ? "Basic" : "Advanced"),
    allowsCarrierCalculatedRates: input.allowsCarrierCalculatedRates ?? true,
    strictCallbackUrls: input.strictCallbackUrls ?? false,
    customerData: input.customerData ? customerDataAccess(input.customerData) : FULL_ACCESS,
    ids,
    throttle: createThrottleBucket(opts),
    locations: new Map(),
    products: new Map(),
    variants: new Map(),
    inventoryItems: new Map(),
    inventoryLevels: new Map(),
    inventoryLevelsByItem: new Map(),
    metafields: new Map(),
    metafieldsByOwner: new Map(),
    orders: new Map(),
    fulfillmentOrders: new Map(),
    fulfillments: new Map(),
    carrierServices: new Map(),
    fulfillmentServices: new Map(),
    deliveryProfiles: new Map(),
    shippingModel: {
      marketDriven: input.marketDrivenShipping ?? false,
      coversAllItemsEnabled: input.marketDrivenShipping ?? false,
      mexicoMarket: {
        id: ids.next("Market"),
        regionId: ids.next("MarketRegionCountry"),
        name: "México",
        handle: "mx",
        shippingEnabled: true,
        options: [],
      },
    },
    rateCallbacks: [],
    adjustmentGroups: new Map(),
    operations: [],
    faults: [],
    nextOrderNumber: 1001,
    flow: newFlowShopState(),
  };
  const locations = input.locations?.length ? input.locations : [{ name: "Bodega Tlalnepantla" }];
  for (const location of locations) addLocation(state, location);
  createGeneralProfile(state);
  return state;
}

/** A new active merchant location, with the default address under what is given. */
export function addLocation(shop: ShopState, location: LocationInput): LocationRecord {
  const id = shop.ids.next("Location");
  const record: LocationRecord = {
    id,
    name: location.name,
    isActive: true,
    fulfillsOnlineOrders: location.fulfillsOnlineOrders ?? true,
    address: { ...DEFAULT_LOCATION_ADDRESS, ...location.address },
  };
  shop.locations.set(id, record);
  return record;
}

/** The location orders are assigned to: the first active one that fulfils online orders. */
export function primaryLocation(shop: ShopState): LocationRecord {
  for (const location of shop.locations.values()) {
    if (location.isActive && location.fulfillsOnlineOrders) return location;
  }
  const first = shop.locations.values().next().value;
  if (!first) throw new Error(`shop ${shop.domain} has no locations`);
  return first;
}

export function levelKey(itemId: string, locationId: string): string {
  return `${itemId}|${locationId}`;
}

function titleFromDomain(domain: string): string {
  const handle = domain.replace(/\.myshopify\.com$/, "");
  return handle
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}
