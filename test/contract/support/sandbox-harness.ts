/**
 * Runs the service sandbox in this process on a free port and builds clients against it over
 * real HTTP. The client and the sandbox share nothing but the wire; this file only wires them up.
 */
import { startServiceSandbox } from "../../../sandbox/service/server";
import { SvcTokenCache, createSvcClient, type SvcClient, type SvcClientOptions, type ShippingAddress } from "~/svc";
import { type SvcNewProduct } from "~/svc/wire/product";

export const SANDBOX_KEY = "sk_sandbox_contract_1";
export const OTHER_KEY = "sk_sandbox_contract_2";

export type Sandbox = Awaited<ReturnType<typeof startServiceSandbox>>;
export type SandboxOptions = Parameters<typeof startServiceSandbox>[0];

/** Starts a sandbox that knows the two contract keys. */
export function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startServiceSandbox({ port: 0, apiKeys: [SANDBOX_KEY, OTHER_KEY], ...options });
}

/** Every request the client sent, to count attempts per endpoint. */
export interface WireLog {
  fetch: typeof fetch;
  requests: { method: string; path: string; headers: Headers }[];
  count(method: string, path: string): number;
}

/** A fetch that records each request before passing it on unchanged. */
export function recordingFetch(): WireLog {
  const requests: WireLog["requests"] = [];
  return {
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push({ method: init?.method ?? "GET", path: url.pathname, headers: new Headers(init?.headers) });
      return fetch(input, init);
    },
  };
}

/** A client for `sandbox` with its own token cache and a wire log. */
export function clientFor(
  sandbox: Sandbox,
  options: Partial<SvcClientOptions> = {},
): { client: SvcClient; wire: WireLog } {
  const wire = recordingFetch();
  const client = createSvcClient({
    baseUrl: sandbox.url,
    apiKey: SANDBOX_KEY,
    tokenCache: new SvcTokenCache(),
    timeoutMs: 5_000,
    fetch: wire.fetch,
    ...options,
  });
  return { client, wire };
}

/** Calls a sandbox-only control route (/__sandbox/...) with the client's token. */
export async function control(
  sandbox: Sandbox,
  client: SvcClient,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<unknown> {
  const { accessToken } = await client.auth();
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok)
    throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A product with dimensions, as the catalogue sync would register it. */
export function productWithDimensions(sku: string, upc = ""): SvcNewProduct {
  return {
    sku,
    upc,
    nombre: `Producto ${sku}`,
    dimension: { data: { peso: "350", ancho: "9", largo: "12", altura: "10", volumen: "1080" } },
    imagen_url: `https://cdn.example.mx/${sku.toLowerCase()}.jpg`,
  };
}

/** A served destination in Mexico City (EXPRESS and PROGRAMADO covered). */
export const cdmx: ShippingAddress & { country: string } = {
  street: "Avenida Insurgentes Sur",
  exteriorNumber: "1602",
  interiorNumber: "Piso 4",
  neighborhood: "Crédito Constructor",
  postalCode: "03940",
  state: "Ciudad de México",
  city: "Benito Juárez",
  recipient: "María Fernanda López",
  phone: "+525512345678",
  country: "Mexico",
};
