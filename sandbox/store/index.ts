import { createBulkAccess, type BulkAccessStatus, type BulkOperationType } from "./access/bulk-access";
import { createIpAllowlist, type IpAllowlistSettings } from "./access/ip-allowlist";
import { createBulkRuntime, type BulkFault, type BulkFinishSubscription } from "./bulk/bulk-operations";
import { createEmbeddedAdmin, type EmbeddedApp } from "./admin/embedded-admin";
import { SIMULATED_SHOP_PATH, createSimulatedShopPage, type ServiceLink } from "./admin/simulated-shop-page";
import { DEMO_CATALOGUE } from "./catalogue/demo-catalogue";
import { createProductsApi, type ProductsApi } from "./catalogue/products-api";
import { createControlHandler, isControlPath } from "./control/control-http";
import { createStoreControl, type StoreControl } from "./control/store-control";
import { createProduct } from "./catalogue/product-writer";
import { executeAdminOperation, type GraphqlResponseBody } from "./graphql/execute-operation";
import { createAdminFetchHandler } from "./http/fetch-handler";
import { createAccessTokens, type AccessTokens } from "./auth/access-tokens";
import { serveFetchHandler } from "./http/node-server";
import { inspectShop, type StoreInspection } from "./inspection";
import { createOrdersApi, type OrdersApi } from "./orders/orders-api";
import { buildRateRequest, type CarrierRateRequest, type RateRequestInput } from "./orders/rate-request";
import { createShopState, takeFault, type AddShopInput, type InjectedFault, type ShopState } from "./state/shop-state";
import type { ThrottleSettings, ThrottleStatus } from "./throttle";
import {
  createWebhookSender,
  type FulfillmentServiceNotification,
  type RateRequestDelivery,
  type WebhookDelivery,
} from "./webhooks/deliver";

const DEFAULT_API_VERSION = "2026-10";

export interface SimulatedStoreOptions {
  apiVersion?: string;
  /** Milliseconds since the epoch; drives timestamps and the throttle's restore. */
  now?: () => number;
  /** Defaults for every shop: Shopify's standard 2000-point bucket restoring 100 points/s. */
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  /** The address in-process calls (`fetch`, `interceptFetch`) come from, for the IP allowlist (127.0.0.1). */
  inProcessAddress?: string;
}

export interface ListeningStore {
  url: string;
  /** The Admin GraphQL URL for a shop on this local server (path form). */
  graphqlUrl(domain: string): string;
  close(): Promise<void>;
}

interface ShopUpdate {
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
  /** The merchant's side, firing Shopify's webhooks; also served over HTTP under /__sandbox/shops/{shop}/. */
  control: StoreControl;
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
  /**
   * The service sandbox the «Tienda simulada» page (`/admin/simulated-shop`, `listen` only) drives
   * the warehouse and the service's clock through; null unlinks it.
   */
  linkService(link: ServiceLink | null): void;
  /** Installs an embedded app: the admin stand-in (admin/embedded-admin.ts) signs its ID tokens. */
  registerApp(app: EmbeddedApp): void;
  /** An ID token (session token) for the app, signed as Shopify's admin signs it. */
  idToken(domain: string, apiKey: string): string;
  /** The URL that opens the app's page in the admin stand-in (`listen` only). */
  adminUrl(server: ListeningStore, args: { domain: string; apiKey: string; path?: string; locale?: string }): string;
  /** The URL of the «Tienda simulada» page for a shop (`listen` only). */
  simulatedShopUrl(server: ListeningStore, args: { domain: string; locale?: string }): string;
  /**
   * The next `times` HTTP requests for the shop fail this way (fetch and listen only); with
   * `operation`, the next `times` requests running that GraphQL operation (say `CatalogProductVariants`).
   */
  failNext(domain: string, fault: InjectedFault, times?: number, opts?: { operation?: string }): void;
  /** The app's `bulk_operations/finish` subscription (as shopify.app.toml declares it); null removes it. */
  subscribeBulkOperationsFinish(domain: string, subscription: BulkFinishSubscription | null): void;
  /** The shop's next bulk query fails with `errorCode` once it has written `afterObjects` objects. */
  failNextBulkOperation(domain: string, fault: BulkFault): void;
  /**
   * Offline tokens issued through `POST /admin/oauth/access_token` (token exchange of a session
   * token, refresh): the refreshes granted per shop, and revoking all of a shop's tokens.
   */
  tokens: Pick<AccessTokens, "refreshes" | "revoke">;
  /**
   * The app's IP allowlist (Dev Dashboard; off by default): enforced, an Admin request over HTTP
   * from an address outside `ranges` answers 403, as Shopify does since November 2026. The
   * in-process `graphql()` is not an HTTP request and is never refused.
   */
  setIpAllowlist(settings: Partial<IpAllowlistSettings>): void;
  ipAllowlist(): IpAllowlistSettings;
  /**
   * The app's access to bulk queries or bulk mutations (Partner Dashboard); it lapses after 31
   * days without a run of that type on the store's clock.
   */
  setBulkAccess(type: BulkOperationType, enabled: boolean): void;
  bulkAccess(type: BulkOperationType): BulkAccessStatus;
  /** Resolves when no bulk operation is running. */
  bulkOperationsIdle(): Promise<void>;
  /** Removes the bulk operations' result files. */
  close(): void;
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
  const sender = createWebhookSender({ apiVersion, now });
  let listeningUrl: string | null = null;
  const bulk = createBulkRuntime({
    now,
    apiVersion,
    // Before listen(), results are addressed on the shop's host, which interceptFetch serves.
    baseUrl: (domain) => (listeningUrl ? `${listeningUrl}/shops/${domain}` : `https://${domain}`),
    async sendFinishWebhook({ domain, subscription, payload }) {
      await sender.sendWebhook({ ...subscription, topic: "bulk_operations/finish", domain, payload });
    },
  });
  const ipAllowlist = createIpAllowlist();
  const bulkAccess = createBulkAccess(now);
  const inProcessAddress = opts.inProcessAddress ?? "127.0.0.1";
  const execute = (
    shop: ShopState,
    body: Parameters<typeof executeAdminOperation>[1],
    o: { forceThrottle?: boolean },
  ) =>
    executeAdminOperation(
      { shop, now, bulk, bulkAccess, apiVersion, emit: (events) => control.emit(shop.domain, events) },
      body,
      o,
    );
  const admin = createEmbeddedAdmin({ hasShop: (domain) => shops.has(domain), now });
  const tokens = createAccessTokens({ now, clients: admin, scopeOf: (domain) => shopOf(domain).scopes });
  const adminHandler = createAdminFetchHandler({
    apiVersion,
    now,
    tokens,
    findShop: (domain) => shops.get(domain),
    execute,
    ipAllowlist,
    bulkFile: (domain, fileName) => bulk.fileFor(domain, fileName),
  });
  const orders = createOrdersApi(shopOf, now);
  const control = createStoreControl({ shopOf, orders, sender, now });
  const controlHandler = createControlHandler(control);
  let serviceLink: ServiceLink | null = null;
  const simulatedShop = createSimulatedShopPage({
    findShop: (domain) => shops.get(domain),
    control,
    service: () => serviceLink,
  });
  const handler = (request: Request, client: { address?: string } = { address: inProcessAddress }) =>
    isControlPath(new URL(request.url).pathname) ? controlHandler(request) : adminHandler(request, client);

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
    fetch: (request) => handler(request),
    interceptFetch(fallback = globalThis.fetch) {
      return (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        const pathShop = /^\/shops\/([^/]+)\/admin\//.exec(url.pathname)?.[1];
        const ours = shops.has(url.hostname) || (pathShop !== undefined && shops.has(decodeURIComponent(pathShop)));
        return ours ? handler(request) : fallback(request);
      };
    },
    async graphql(domain, query, variables) {
      const shop = shopOf(domain);
      const fault = takeFault(shop, { query }, (queued) => queued === "throttled");
      return execute(shop, { query, variables: variables ?? {} }, { forceThrottle: fault === "throttled" });
    },
    async listen(port = 0, host = "127.0.0.1") {
      const server = await serveFetchHandler(
        (request, client) => admin.handle(request) ?? simulatedShop.handle(request) ?? handler(request, client),
        port,
        host,
      );
      listeningUrl = server.url;
      return {
        ...server,
        graphqlUrl: (domain) => `${server.url}/shops/${domain}/admin/api/${apiVersion}/graphql.json`,
      };
    },
    products: createProductsApi(shopOf, now),
    orders,
    control,
    buildRateRequest: (domain, input) => buildRateRequest(shopOf(domain), input),
    sendWebhook: (args) => sender.sendWebhook(args),
    sendRateRequest: (args) => sender.sendRateRequest(args),
    sendFulfillmentServiceNotification: (args) => sender.sendFulfillmentServiceNotification(args),
    inspect: (domain) => inspectShop(shopOf(domain)),
    throttleStatus: (domain) => shopOf(domain).throttle.status(),
    setThrottle: (domain, settings) => shopOf(domain).throttle.set(settings),
    drainThrottle: (domain) => shopOf(domain).throttle.set({ currentlyAvailable: 0 }),
    linkService(link) {
      serviceLink = link ? { ...link } : null;
    },
    registerApp: (app) => admin.registerApp(app),
    idToken: (domain, apiKey) => {
      shopOf(domain);
      return admin.idToken(domain, apiKey);
    },
    adminUrl(server, args) {
      const url = new URL("/admin/apps/open", server.url);
      url.searchParams.set("shop", args.domain);
      url.searchParams.set("api_key", args.apiKey);
      url.searchParams.set("path", args.path ?? "/app");
      url.searchParams.set("locale", args.locale ?? "es");
      return url.toString();
    },
    simulatedShopUrl(server, args) {
      const url = new URL(SIMULATED_SHOP_PATH, server.url);
      url.searchParams.set("shop", args.domain);
      url.searchParams.set("locale", args.locale ?? "es");
      return url.toString();
    },
    failNext(domain, fault, times = 1, opts = {}) {
      const shop = shopOf(domain);
      for (let i = 0; i < times; i++) shop.faults.push({ fault, ...opts });
    },
    subscribeBulkOperationsFinish: (domain, subscription) => bulk.subscribeFinish(shopOf(domain).domain, subscription),
    failNextBulkOperation: (domain, fault) => bulk.failNext(shopOf(domain).domain, fault),
    tokens: {
      refreshes: (domain) => tokens.refreshes(shopOf(domain).domain),
      revoke: (domain) => tokens.revoke(shopOf(domain).domain),
    },
    setIpAllowlist: (settings) => ipAllowlist.set(settings),
    ipAllowlist: () => ipAllowlist.settings(),
    setBulkAccess: (type, enabled) => bulkAccess.set(type, enabled),
    bulkAccess: (type) => bulkAccess.status(type),
    bulkOperationsIdle: () => bulk.idle(),
    close: () => bulk.close(),
  };
}

export type { AddShopInput,   } from "./state/shop-state";
;
;
;
;
;
;
export type { ProductInput,    } from "./catalogue/product-input";
;
;
export type {
  
  AppRegistration,
  
  
  
} from "./control/store-control";
export type {   PaidOrderInput,  } from "./orders/order-input";
export type { OrderPaidPayload } from "./orders/order-payload";
;
;
;
export {
  DEMO_CATALOGUE_FACTS,
  attachDemoIds,
  
  
} from "./catalogue/demo-catalogue-facts";
;
export { PLAN_NOT_ALLOWED_MESSAGE } from "./graphql/mutations/carrier-services";
export {  verifyBody } from "./webhooks/signature";
export { adminSdl } from "./graphql/schema";
;
