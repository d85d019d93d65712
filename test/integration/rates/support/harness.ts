/**
 * Wires the carrier callback to a real service sandbox over HTTP and a real test database: the
 * shop is connected with a sandbox key, products are registered at the sandbox, and requests are
 * signed exactly as Shopify signs them.
 */
import prisma from "../../../helpers/prisma";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createSvcClientResolver } from "~/shop/svc-connection.server";
import { updateShopSettings, type RatesSettings } from "~/shop/shop-settings.server";
import { action } from "~/routes/carrier-service.rates";
import { createSvcClient, SvcTokenCache, type SvcClient } from "~/svc";
import { type SvcNewProduct } from "~/svc/wire/product";
import { startServiceSandbox, type ServiceSandboxOptions } from "../../../../sandbox/service/server";
import fixture from "../../../fixtures/carrier-rate-request.mx.json";
import { signedCarrierRequest, TEST_SHOP } from "../../../helpers/shopify-requests";
import { resetDatabase } from "../../../helpers/test-database";
import { sandboxConnection } from "../../../helpers/app-context";
import { configureTestServices, resetTestRates, routeContext, testServices } from "../../../helpers/app-services";

export const API_KEY = "sk_rates_integration";
export { TEST_SHOP };

export type Sandbox = Awaited<ReturnType<typeof startServiceSandbox>>;

/** Every request that reached the service, to prove what was (not) called upstream. */
export interface UpstreamLog {
  fetch: typeof fetch;
  count(path: string): number;
  reset(): void;
}

export function upstreamLog(): UpstreamLog {
  let paths: string[] = [];
  return {
    fetch: (input, init) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    },
    count: (path) => paths.filter((p) => p === path).length,
    reset: () => {
      paths = [];
    },
  };
}

export const QUOTE_PATH = "/api/rest/services";

export function product(sku: string, dimension = true): SvcNewProduct {
  return {
    sku,
    upc: "",
    nombre: `Producto ${sku}`,
    ...(dimension
      ? { dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } } }
      : {}),
    imagen_url: `https://cdn.example.mx/${sku.toLowerCase()}.jpg`,
  };
}

export async function startSandbox(options: ServiceSandboxOptions = {}): Promise<Sandbox> {
  return startServiceSandbox({ port: 0, apiKeys: [API_KEY], ...options });
}

/** A client of the sandbox for setting up its catalogue (its own token cache). */
export function setupClient(sandbox: Sandbox): SvcClient {
  return createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });
}

/** Empties the database, the sandbox catalogue and the rates runtime; connects TEST_SHOP to the sandbox. */
export async function freshShop(
  sandbox: Sandbox,
  upstream: UpstreamLog,
  products: SvcNewProduct[] = [product("TAZA-AZ")],
): Promise<void> {
  await resetTestRates();
  await resetDatabase();
  const client = setupClient(sandbox);
  await sandboxControl(sandbox, client, "/__sandbox/reset");
  if (products.length) await client.createProducts({ productos: products });
  const ctx = configureTestServices({
    db: prisma,
    svc: sandboxConnection(sandbox.url, { fetch: upstream.fetch }),
  });
  await connectShop({ db: prisma, config: ctx.svc, shop: TEST_SHOP, apiKey: API_KEY, environment: "qa" });
  upstream.reset();
}

export async function sandboxControl(
  sandbox: Sandbox,
  client: SvcClient,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const { accessToken } = await client.auth();
  const response = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Saves rate rules for TEST_SHOP as the settings page does (which also forgets the cached profile). */
export async function setRules(rules: Partial<RatesSettings>): Promise<void> {
  await updateShopSettings({ db: prisma, shop: TEST_SHOP, patch: { rates: rules } });
  testServices().rates.forget(TEST_SHOP);
}

type RatePatch = Partial<Record<keyof typeof fixture.rate, unknown>>;

/** Shopify's example rate request (two mugs to 06500 and a gift card), with `patch` merged into `rate`. */
export function rateBody(patch: RatePatch = {}): { rate: Record<string, unknown> } {
  return { rate: { ...structuredClone(fixture.rate), ...patch } };
}

/** The example request sent to another postal code. */
export function rateTo(postalCode: string, province: string, city: string, patch: RatePatch = {}) {
  return rateBody({ destination: { ...fixture.rate.destination, postal_code: postalCode, province, city }, ...patch });
}

export interface CallbackAnswer {
  status: number;
  body: { rates?: Record<string, unknown>[]; error?: string };
  ms: number;
}

/** Calls the route's action with a signed request, as Shopify would at checkout. */
export async function callback(args: Parameters<typeof signedCarrierRequest>[0]): Promise<CallbackAnswer> {
  const request = signedCarrierRequest(args);
  const started = performance.now();
  const response = await action({ request, params: {}, context: routeContext() });
  const ms = performance.now() - started;
  return { status: response.status, body: (await response.json()) as CallbackAnswer["body"], ms };
}

/** Writes the buffered quote log now. */
export function flushQuoteLog(): Promise<void> {
  return testServices().rates.quoteLog.flush();
}

/** A client of the sandbox whose quotations carry `scenario()` as the sandbox's fault scenario (auth stays healthy). */
function faultyClient(sandbox: Sandbox, upstream: UpstreamLog, scenario: () => string | null): SvcClient {
  return createSvcClient({
    baseUrl: sandbox.url,
    apiKey: API_KEY,
    tokenCache: new SvcTokenCache(),
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init?.headers);
      const current = scenario();
      if (url.pathname === QUOTE_PATH && current) headers.set("x-sandbox-scenario", current);
      return upstream.fetch(input, { ...init, headers });
    },
  });
}

/** Makes every quotation of the shop's client carry a sandbox fault scenario. */
export function withScenario(sandbox: Sandbox, upstream: UpstreamLog, scenario: string): void {
  configureTestServices({ svcClientFor: async () => faultyClient(sandbox, upstream, () => scenario) });
}

/**
 * One client for the shop (one connection, as the app's resolver keeps it) whose quotations
 * carry the fault scenario last set: the service can start failing between two checkouts.
 */
export function switchableFaults(sandbox: Sandbox, upstream: UpstreamLog): { set(scenario: string | null): void } {
  let scenario: string | null = null;
  const client = faultyClient(sandbox, upstream, () => scenario);
  configureTestServices({ svcClientFor: async () => client });
  return {
    set(next) {
      scenario = next;
    },
  };
}

/** The shop's client as the app builds it (no scenario). */
export function restoreClients(): void {
  configureTestServices({ svcClientFor: createSvcClientResolver(prisma, testServices().svc) });
}
