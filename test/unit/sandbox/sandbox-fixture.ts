// Shared set-up for the sandbox tests: a sandbox on port 0, plain fetch, realistic payloads.
import { startServiceSandbox, type ServiceSandbox, type ServiceSandboxOptions } from "../../../sandbox/service/server";

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON; tests assert on it field by field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface SandboxClient {
  token: string;
  get(path: string, headers?: Record<string, string>): Promise<ApiResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
}

export async function authenticate(baseUrl: string, apiKey = "sandbox-key"): Promise<string> {
  const res = await call(`${baseUrl}/api/rest/auth`, { method: "POST", headers: { "x-api-key": apiKey } });
  if (res.status !== 200) throw new Error(`auth failed: ${res.status} ${res.text}`);
  return res.json.AuthWithAPIkey.accessToken as string;
}

export async function clientOf(baseUrl: string, apiKey = "sandbox-key"): Promise<SandboxClient> {
  const token = await authenticate(baseUrl, apiKey);
  return {
    token,
    get: (path, headers) => call(`${baseUrl}${path}`, { token, headers }),
    post: (path, body, headers) => call(`${baseUrl}${path}`, { method: "POST", token, body, headers }),
  };
}

// Tests jump the sandbox clock by days; a year-long token keeps those jumps from expiring it.
const A_YEAR_S = 365 * 24 * 3600;

/** Starts a sandbox on a free port; each test file closes it in afterEach. */
export function startSandbox(opts: ServiceSandboxOptions = {}): Promise<ServiceSandbox> {
  return startServiceSandbox({ port: 0, tokenTtlS: A_YEAR_S, ...opts });
}

export function product(sku: string, overrides: Record<string, unknown> = {}) {
  return {
    sku,
    upc: "",
    nombre: `Producto ${sku}`,
    imagen_url: `https://cdn.example.com/${sku}.jpg`,
    dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
    ...overrides,
  };
}

export function destination(codigoPostal = "06500", overrides: Record<string, unknown> = {}) {
  return {
    calle: "Río Lerma",
    no_exterior: "232",
    no_interior: "4",
    colonia: "Cuauhtémoc",
    codigo_postal: codigoPostal,
    ciudad: "Ciudad de México",
    estado: "CDMX",
    pais: "Mexico",
    nombre: "Ana López",
    telefono: "+52 55 1234 5678",
    ...overrides,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
