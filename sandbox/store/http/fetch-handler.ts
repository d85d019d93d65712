import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { GraphqlRequestBody, GraphqlResponseBody } from "../graphql/execute-operation";
import type { AccessTokens } from "../auth/access-tokens";
import { IP_NOT_ALLOWED_BODY, type IpAllowlist } from "../access/ip-allowlist";
import { takeFault, type ShopState } from "../state/shop-state";

export interface AdminHandlerDeps {
  apiVersion: string;
  now: () => number;
  /** Expiring offline tokens and the token endpoint (auth/access-tokens). */
  tokens: Pick<AccessTokens, "isValid" | "handle">;
  findShop(domain: string): ShopState | undefined;
  execute(shop: ShopState, body: GraphqlRequestBody, opts: { forceThrottle?: boolean }): GraphqlResponseBody;
  /** The app's IP allowlist: an Admin request from outside it answers 403 while it is enforced. */
  ipAllowlist?: Pick<IpAllowlist, "allows">;
  /** The JSONL file behind a bulk operation's result URL, if it exists. */
  bulkFile?(domain: string, fileName: string): string | undefined;
}

const SHOP_PATH = /^\/shops\/([^/]+)\/admin\/api\/([^/]+)\/graphql\.json$/;
const ADMIN_PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;
const BULK_SHOP_PATH = /^\/shops\/([^/]+)\/bulk-operations\/([^/]+)$/;
const BULK_PATH = /^\/bulk-operations\/([^/]+)$/;
const TOKEN_SHOP_PATH = /^\/shops\/([^/]+)\/admin\/oauth\/access_token$/;
const TOKEN_PATH = "/admin/oauth/access_token";
/** Marks a response whose answer is lost: served over HTTP, the connection is dropped instead. */
export const ANSWER_LOST_HEADER = "x-sandbox-answer-lost";
const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

/**
 * The Admin GraphQL endpoint as a fetch handler. The shop comes from the URL host (as the app
 * addresses `https://{shop}/admin/api/...`) or from a `/shops/{shop}` prefix for a plain local
 * server. A test can ask for a fault with `x-sandbox-scenario: throttled|server-error|answer-lost`.
 */
export function createAdminFetchHandler(
  deps: AdminHandlerDeps,
): (request: Request, client?: ClientInfo) => Promise<Response> {
  return async (request, client = {}) => {
    const url = new URL(request.url);
    const bulk = bulkFile(deps, request, url);
    if (bulk !== undefined) return bulk;
    const tokenShop = TOKEN_SHOP_PATH.exec(url.pathname);
    if (tokenShop || url.pathname === TOKEN_PATH) {
      const domain = tokenShop ? decodeURIComponent(tokenShop[1]!) : hostOf(request, url);
      const shop = deps.findShop(domain);
      if (!shop) return json(404, { errors: "Not Found" }, deps.apiVersion);
      return deps.tokens.handle(shop.domain, request);
    }
    const shopPath = SHOP_PATH.exec(url.pathname);
    const adminPath = shopPath ? null : ADMIN_PATH.exec(url.pathname);
    if (!shopPath && !adminPath) return json(404, { errors: "Not Found" }, deps.apiVersion);
    const domain = shopPath ? decodeURIComponent(shopPath[1]!) : hostOf(request, url);
    const version = shopPath ? shopPath[2]! : adminPath![1]!;
    const shop = deps.findShop(domain);
    if (!shop || (version !== deps.apiVersion && version !== "unstable")) {
      return json(404, { errors: "Not Found" }, deps.apiVersion);
    }
    if (request.method !== "POST") return json(405, { errors: "Method Not Allowed" }, deps.apiVersion);
    const body = await readBody(request);
    const token = request.headers.get("x-shopify-access-token") ?? "";
    // The shop's fixed token (a non-expiring offline token) or a live token from the token endpoint;
    // an expired one is refused like any unknown token.
    if (token !== shop.accessToken && !deps.tokens.isValid(shop.domain, token)) {
      shop.operations.push(unrecorded(deps.now(), body, "unauthorized"));
      return json(401, { errors: INVALID_TOKEN }, deps.apiVersion);
    }
    if (deps.ipAllowlist && !deps.ipAllowlist.allows(client.address)) {
      shop.operations.push(unrecorded(deps.now(), body, "ip-not-allowed"));
      return json(403, IP_NOT_ALLOWED_BODY, deps.apiVersion);
    }
    if (!body) return json(400, { errors: { query: "Required parameter missing or invalid" } }, deps.apiVersion);
    const fault = request.headers.get("x-sandbox-scenario") ?? takeFault(shop, body);
    if (fault === "server-error") {
      shop.operations.push(unrecorded(deps.now(), body, "injected-fault"));
      return json(500, { errors: "Internal Server Error" }, deps.apiVersion);
    }
    const answer = deps.execute(shop, body, { forceThrottle: fault === "throttled" });
    if (fault === "answer-lost") {
      // The effect happened; the caller never learns it (node-server drops the connection).
      return new Response(JSON.stringify({ errors: "Gateway Timeout" }), {
        status: 504,
        headers: { "Content-Type": "application/json", [ANSWER_LOST_HEADER]: "1" },
      });
    }
    return json(200, answer, deps.apiVersion);
  };
}

/**
 * A bulk operation's result, streamed as Shopify's storage serves it (no token: the URL is the
 * secret). Null when the path is not a bulk result path.
 */
function bulkFile(deps: AdminHandlerDeps, request: Request, url: URL): Response | undefined {
  const shopPath = BULK_SHOP_PATH.exec(url.pathname);
  const hostPath = shopPath ? null : BULK_PATH.exec(url.pathname);
  if (!shopPath && !hostPath) return undefined;
  if (request.method !== "GET") return new Response("Method Not Allowed", { status: 405 });
  const domain = shopPath ? decodeURIComponent(shopPath[1]!) : hostOf(request, url);
  const file = deps.bulkFile?.(domain, shopPath ? shopPath[2]! : hostPath![1]!);
  if (!file) return new Response("Not Found", { status: 404 });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: { "Content-Type": "application/jsonl" } });
}

function hostOf(request: Request, url: URL): string {
  const host = request.headers.get("host") ?? url.host;
  return host.replace(/:\d+$/, "");
}

async function readBody(request: Request): Promise<GraphqlRequestBody | null> {
  const text = await request.text();
  if ((request.headers.get("content-type") ?? "").includes("application/graphql")) {
    return text.trim() ? { query: text } : null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<GraphqlRequestBody>;
    if (typeof parsed.query !== "string" || !parsed.query.trim()) return null;
    const variables = parsed.variables && typeof parsed.variables === "object" ? parsed.variables : {};
    return { query: parsed.query, variables, operationName: parsed.operationName ?? null };
  } catch {
    return null;
  }
}

/** Where a request came from: the TCP peer over HTTP; undefined when it cannot be confirmed. */
export interface ClientInfo {
  address?: string;
}

function unrecorded(
  at: number,
  body: GraphqlRequestBody | null,
  outcome: "unauthorized" | "injected-fault" | "ip-not-allowed",
) {
  return {
    at,
    operationName: body?.operationName ?? null,
    kind: "unknown" as const,
    rootFields: [],
    variables: body?.variables ?? {},
    query: body?.query ?? "",
    outcome,
    requestedQueryCost: null,
    actualQueryCost: null,
  };
}

function json(status: number, body: unknown, apiVersion: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "X-Shopify-API-Version": apiVersion,
      "X-Request-Id": randomUUID(),
    },
  });
}
