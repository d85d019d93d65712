/**
 * The one typed client of the fulfilment service: one method per endpoint, each validated against
 * the contract in both directions, authenticated with a cached JWT, bounded by timeouts and
 * retried only where repeating is safe.
 */
import { z } from "zod";
import { DEADLINE_PASSED, abortableSleep, timedSignal } from "./abort";
import { createAuthenticator } from "./authenticator";
import { authenticatedCall } from "./call";
import * as endpoints from "./endpoints";
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_SERVICE_NAME,
  DEFAULT_TIMEOUT_MS,
  silentLogger,
  type SvcCallOptions,
  type SvcClientOptions,
} from "./options";
import type { SvcAuthResult, SvcCreateOrderResult, SvcCreateProductsResult, SvcOrder, SvcQuoteResult } from "./results";
import { sharedTokenCache } from "./token-cache";
import { abortError } from "./error-mapping";
import { SvcNotFoundError } from "./errors";
import { createTransport, type RequestSpec } from "./transport";
import { parseParams } from "./validate";
import type { SvcPickupOrder, SvcReception, SvcStockEntry } from "./wire/inventory";
import { createOrderParamsSchema } from "./wire/order";
import { createProductsRequestSchema, type SvcNewProduct, type SvcProductRecord } from "./wire/product";
import { quoteParamsSchema } from "./wire/quote";
import { toWireShipment, type ShipmentOrder, type ShipmentQuote } from "./shipment";

/**
 * Parameters of a quotation (the service is sent as `servicio_<serviceName>`).
 * @internal
 */
export type SvcQuoteParams = ShipmentQuote & SvcCallOptions;

/** Parameters of an order: the quoted products, destination (with its country) and the chosen service. */
type SvcCreateOrderParams = ShipmentOrder & SvcCallOptions;

/** Parameters of a product batch (all-or-nothing). */
interface SvcCreateProductsParams extends SvcCallOptions {
  productos: SvcNewProduct[];
}

/** One method per service endpoint. */
export interface SvcClient {
  /** Returns a valid access token (cached per baseUrl and key); `fresh` forces a new exchange. */
  auth(options?: SvcCallOptions & { fresh?: boolean }): Promise<SvcAuthResult>;
  /** Registers products in one all-or-nothing batch; never retried automatically. */
  createProducts(params: SvcCreateProductsParams): Promise<SvcCreateProductsResult>;
  /** Quotes stock and shipping services for products and a destination. */
  quote(params: SvcQuoteParams): Promise<SvcQuoteResult>;
  /** Creates a fulfilment order; never retried automatically (check `outcomeUnknown` on failure). */
  createOrder(params: SvcCreateOrderParams): Promise<SvcCreateOrderResult>;
  /** Looks an order up by the `orderRef` createOrder answered; null when the service has no such order (404 or empty). */
  getOrder(id: string, options?: SvcCallOptions): Promise<SvcOrder | null>;
  /** Looks a product up by SKU or UPC; an empty array when unknown. */
  getProduct(identifier: string, options?: SvcCallOptions): Promise<SvcProductRecord[]>;
  /** Lists withdrawals of the client's own stock from the warehouse. */
  listPickupOrders(options?: SvcCallOptions): Promise<SvcPickupOrder[]>;
  /** Returns the reception endpoint's answer as is (its shape is undocumented). */
  getReception(options?: SvcCallOptions): Promise<SvcReception>;
  /** Returns stock per product summed over every warehouse. */
  getStock(options?: SvcCallOptions): Promise<SvcStockEntry[]>;
}

const SERVICE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const identifierSchema = z.string().min(1, "expected a non-empty identifier");

/** Builds a client; every dependency (fetch, logger, clock, sleep, random) can be replaced. */
export function createSvcClient(options: SvcClientOptions): SvcClient {
  const serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME;
  if (!SERVICE_NAME.test(serviceName))
    throw new TypeError(`serviceName must be letters, digits or "_", got ${JSON.stringify(serviceName)}`);
  if (!options.apiKey) throw new TypeError("apiKey is required");
  const baseUrl = new URL(options.baseUrl).toString().replace(/\/+$/, "");
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    baseUrl,
    fetch: options.fetch ?? globalThis.fetch,
    logger,
    timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    defaultHeaders: options.defaultHeaders ?? {},
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
    now,
    onAttempt: options.onAttempt,
    requestId: options.requestId,
  });
  const authSpec = endpoints.authSpec(options.apiKey);
  const auth = createAuthenticator({
    cache: options.tokenCache ?? sharedTokenCache,
    baseUrl,
    apiKey: options.apiKey,
    now,
    // The shared flight runs without any one caller's signal: it serves every waiting call.
    requestToken: async () => (await transport.request(authSpec, { signal: new AbortController().signal })).data,
  });
  const context = { serviceName, logger };
  const callDeps = { transport, auth, timeoutMs, now };
  const call = <T>(spec: RequestSpec<T>, callOptions?: SvcCallOptions) =>
    authenticatedCall(callDeps, spec, callOptions ? pickCallOptions(callOptions) : undefined);

  return {
    async auth(callOptions = {}) {
      const { fresh, ...rest } = callOptions;
      const { deadline, signal } = pickCallOptions(rest);
      const wait = timedSignal(
        deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now(),
        DEADLINE_PASSED,
        signal,
      );
      try {
        return { accessToken: await auth.getToken(wait.signal, { fresh }) };
      } catch (error) {
        if (wait.signal.aborted) throw abortError(wait.signal.reason, authSpec, timeoutMs, false);
        throw error;
      } finally {
        wait.dispose();
      }
    },
    async createProducts(params) {
      const { productos } = parseParams("createProducts", createProductsRequestSchema, { productos: params.productos });
      const { data, requestId } = await call(endpoints.createProductsSpec(productos), params);
      return { ...data, requestId };
    },
    async quote(params) {
      const shipment = parseParams("quote", quoteParamsSchema, toWireShipment(params));
      const { data, requestId } = await call(endpoints.quoteSpec(context, shipment), params);
      return { ...data, requestId };
    },
    async createOrder(params) {
      const shipment = parseParams("createOrder", createOrderParamsSchema, toWireShipment(params));
      const { data, requestId } = await call(endpoints.createOrderSpec(context, shipment), params);
      return { ...data, requestId };
    },
    async getOrder(id, callOptions) {
      requireId("getOrder", id);
      try {
        return (await call(endpoints.getOrderSpec(id), callOptions)).data;
      } catch (error) {
        if (error instanceof SvcNotFoundError) return null;
        throw error;
      }
    },
    async getProduct(identifier, callOptions) {
      requireId("getProduct", identifier);
      return (await call(endpoints.getProductSpec(identifier), callOptions)).data;
    },
    async listPickupOrders(callOptions) {
      return (await call(endpoints.listPickupOrdersSpec(), callOptions)).data;
    },
    async getReception(callOptions) {
      return (await call(endpoints.getReceptionSpec(), callOptions)).data;
    },
    async getStock(callOptions) {
      return (await call(endpoints.getStockSpec(), callOptions)).data;
    },
  };
}

// Params objects double as call options; only these three keys are call options.
function pickCallOptions({ signal, deadline, headers }: SvcCallOptions): SvcCallOptions {
  return { signal, deadline, headers };
}

function requireId(endpoint: string, id: string): void {
  parseParams(endpoint, identifierSchema, id);
}
