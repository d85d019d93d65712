import { DEMO_CATALOGUE } from "./catalogue/demo-catalogue";
import { createProductsApi, type ProductsApi } from "./catalogue/products-api";
import { createProduct } from "./catalogue/product-writer";
import { executeAdminOperation, type GraphqlResponseBody } from "./graphql/execute-operation";
import { createAdminFetchHandler } from "./http/fetch-handler";
import { serveFetchHandler } from "./http/node-server";
import { inspectShop, type StoreInspection } from "./inspection";
import { createOrdersApi, type OrdersApi } from "./orders/orders-api";
import { buildRateRequest, type CarrierRateRequest, type RateRequestInput } from "./orders/rate-request";
import { createShopState, type AddShopInput, type InjectedFault, type ShopState } from "./state/shop-state";
import type { ThrottleSettings, ThrottleStatus } from "./throttle";
import {
  createWebhookSender,
  type FulfillmentServiceNotification,
  type RateRequestDelivery,
  type WebhookDelivery,
} from "./webhooks/deliver";

export const DEFAULT_API_VERSION = "2026-10";

export interface SimulatedStoreOptions {
  apiVersion?: string;
  /** Milliseconds since the epoch; drives timestamps and the throttle's restore. */
  now?: () => number;
  /** Defaults for every shop: Shopify's standard 2000-point bucket restoring 100 points/s. */
  throttle?: { maximumAvailable?: number; restoreRate?: number };
}

export interface ListeningStore {
  url: string;
  /** The Admin GraphQL URL for a shop on this local server (path form). */
  graphqlUrl(domain: string): string;
  close(): Promise<void>;
}

export interface ShopUpdate {
  allowsCarrierCalculatedRates?: boolean;
  planDisplayName?: string;
  accessToken?: string;
}

/** A stateful stand-in for the Shopify Admin GraphQL API of one or more shops. */
export interface SimulatedStore {
  readonly apiVersion: string;
  addShop(shop: AddShopInput): void;
  /** Plan changes; losing calculated rates deactivates the shop's carrier services, as Shopify does. */
  updateShop(domain: string, update: ShopUpdate): void;
  accessToken(domain: string): string;
  /** Loads the Mexican demo catalogue (see catalogue/demo-catalogue-facts.ts for what to expect). */
  seedDemoCatalogue(domain: string): void;
  /** POST /admin/api/{version}/graphql.json on the shop's host, or /shops/{shop}/admin/api/... */
  fetch(request: Request): Promise<Response>;
  /** A fetch that sends Admin API calls for known shops here and everything else to `fallback`. */
  interceptFetch(fallback?: typeof fetch): typeof fetch;
  /** The Admin API in process, with the same validation, cost and throttle, minus the token check. */
  graphql(domain: string, query: string, variables?: Record<string, unknown>): Promise<GraphqlResponseBody>;
  listen(port?: number, host?: string): Promise<ListeningStore>;
  products: ProductsApi;
  orders: OrdersApi;
  /** The `rate` body Shopify would POST to a carrier service for this cart. */
  buildRateRequest(domain: string, input: RateRequestInput): CarrierRateRequest;
  sendWebhook(args: WebhookDelivery): Promise<Response>;
  sendRateRequest(args: RateRequestDelivery): Promise<Response>;
  sendFulfillmentServiceNotification(args: FulfillmentServiceNotification): Promise<Response>;
  inspect(domain: string): StoreInspection;
  throttleStatus(domain: string): ThrottleStatus;
  setThrottle(domain: string, settings: ThrottleSettings): void;
  /** Empties the bucket: the next priced query is THROTTLED until the clock restores points. */
  drainThrottle(domain: string): void;
  /** The next `times` HTTP requests for the shop fail this way (fetch and listen only). */
  failNext(domain: string, fault: InjectedFault, times?: number): void;
}

export function createSimulatedStore(opts: SimulatedStoreOptions = {}): SimulatedStore {
  const apiVersion = opts.apiVersion ?? DEFAULT_API_VERSION;
  const now = opts.now ?? Date.now;
  const shops = new Map<string, ShopState>();
  const shopOf = (domain: string): ShopState => {
    const shop = shops.get(domain);
    if (!shop) throw new Error(`the simulated store has no shop ${domain}; call addShop first`);
    return shop;
  };
  const execute = (
    shop: ShopState,
    body: Parameters<typeof executeAdminOperation>[1],
    o: { forceThrottle?: boolean },
  ) => executeAdminOperation({ shop, now }, body, o);
  const handler = createAdminFetchHandler({ apiVersion, now, findShop: (domain) => shops.get(domain), execute });
  const sender = createWebhookSender({ apiVersion, now });

  return {
    apiVersion,
    addShop(input) {
      if (shops.has(input.domain)) throw new Error(`shop ${input.domain} already exists`);
      shops.set(input.domain, createShopState(input, shops.size, { now, ...opts.throttle }));
    },
    updateShop(domain, update) {
      const shop = shopOf(domain);
      if (update.accessToken !== undefined) shop.accessToken = update.accessToken;
      if (update.planDisplayName !== undefined) shop.planDisplayName = update.planDisplayName;
      if (update.allowsCarrierCalculatedRates !== undefined) {
        shop.allowsCarrierCalculatedRates = update.allowsCarrierCalculatedRates;
        if (!update.allowsCarrierCalculatedRates)
          for (const service of shop.carrierServices.values()) service.active = false;
      }
    },
    accessToken: (domain) => shopOf(domain).accessToken,
    seedDemoCatalogue(domain) {
      const shop = shopOf(domain);
      const at = now();
      for (const product of DEMO_CATALOGUE) createProduct(shop, product, at);
    },
    fetch: handler,
    interceptFetch(fallback = globalThis.fetch) {
      return (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        const pathShop = /^\/shops\/([^/]+)\/admin\/api\//.exec(url.pathname)?.[1];
        const ours = shops.has(url.hostname) || (pathShop !== undefined && shops.has(decodeURIComponent(pathShop)));
        return ours ? handler(request) : fallback(request);
      };
    },
    async graphql(domain, query, variables) {
      const shop = shopOf(domain);
      const fault = shop.faults[0] === "throttled" ? shop.faults.shift() : undefined;
      return execute(shop, { query, variables: variables ?? {} }, { forceThrottle: fault === "throttled" });
    },
    async listen(port = 0, host = "127.0.0.1") {
      const server = await serveFetchHandler(handler, port, host);
      return {
        ...server,
        graphqlUrl: (domain) => `${server.url}/shops/${domain}/admin/api/${apiVersion}/graphql.json`,
      };
    },
    products: createProductsApi(shopOf, now),
    orders: createOrdersApi(shopOf, now),
    buildRateRequest: (domain, input) => buildRateRequest(shopOf(domain), input),
    sendWebhook: (args) => sender.sendWebhook(args),
    sendRateRequest: (args) => sender.sendRateRequest(args),
    sendFulfillmentServiceNotification: (args) => sender.sendFulfillmentServiceNotification(args),
    inspect: (domain) => inspectShop(shopOf(domain)),
    throttleStatus: (domain) => shopOf(domain).throttle.status(),
    setThrottle: (domain, settings) => shopOf(domain).throttle.set(settings),
    drainThrottle: (domain) => shopOf(domain).throttle.set({ currentlyAvailable: 0 }),
    failNext(domain, fault, times = 1) {
      const shop = shopOf(domain);
      for (let i = 0; i < times; i++) shop.faults.push(fault);
    },
  };
}

export type { AddShopInput, InjectedFault, LocationInput } from "./state/shop-state";
export type { StoreInspection } from "./inspection";
export type { ThrottleSettings, ThrottleStatus } from "./throttle";
export { MAX_QUERY_COST, type AdminData, type GraphqlResponseBody } from "./graphql/execute-operation";
export type { ProductsApi } from "./catalogue/products-api";
export type { ProductInput, ProductPatch, VariantInput, VariantPatch } from "./catalogue/product-input";
export type {
  InventoryItemWebhookPayload,
  ProductDeletePayload,
  ProductWebhookPayload,
} from "./catalogue/product-payloads";
export type { OrdersApi } from "./orders/orders-api";
export type { AddressInput, OrderLineInput, PaidOrderInput, ShippingLineInput } from "./orders/order-input";
export type { OrderPaidPayload } from "./orders/order-payload";
export type { CarrierRateRequest, RateRequestInput } from "./orders/rate-request";
export type { FulfillmentServiceNotification, RateRequestDelivery, WebhookDelivery } from "./webhooks/deliver";
export {
  DEMO_CATALOGUE_FACTS,
  attachDemoIds,
  type DemoVariantFact,
  type DemoVariantFactWithIds,
} from "./catalogue/demo-catalogue-facts";
export type { DemoIssue } from "./catalogue/demo-catalogue";
export { PLAN_NOT_ALLOWED_MESSAGE } from "./graphql/mutations/carrier-services";
export { signBody, verifyBody } from "./webhooks/signature";
export { adminSdl } from "./graphql/schema";
export { carrierIdentifier } from "./orders/order-writer";
