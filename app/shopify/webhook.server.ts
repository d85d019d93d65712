// authenticate.webhook checks the signature, then parses the body; a correctly signed body that is
// not JSON makes it throw a SyntaxError, which would surface as a 500. Bad input gets a 400.
// Before it, the signature is checked here by the app's one verification function, which also
// accepts the previous client secret during a rotation (SHOPIFY_API_SECRET_PREVIOUS), and the shop
// header must be a shop domain (the library's invalid-shop error would otherwise be a 500).
import { env } from "../env.server";
import { authenticate } from "../shopify.server";
import { shopifyHmac, shopifyHmacSignedWith } from "./verify-hmac.server";

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** authenticate.webhook, answering 401 to a bad signature and 400 (not 500) to a bad shop or body. */
export async function authenticateWebhook(request: Request) {
  const verified = await verifiedRequest(request);
  try {
    return await authenticate.webhook(verified);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const topic = request.headers.get("x-shopify-topic") ?? "webhook";
    throw Response.json({ error: `malformed ${topic} payload: the body is not JSON` }, { status: 400 });
  }
}

// The request to hand to the library: as received when signed with the current secret; during a
// rotation, one signed with the previous secret is verified here and handed on re-signed with the
// current one (the library knows only one secret).
async function verifiedRequest(request: Request): Promise<Request> {
  const rawBody = new Uint8Array(await request.clone().arrayBuffer());
  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret, SHOP_CUSTOM_DOMAIN } = env();
  const signedWith = shopifyHmacSignedWith({
    rawBody,
    signature: request.headers.get("x-shopify-hmac-sha256"),
    secret,
    previousSecret,
  });
  if (!signedWith) throw new Response(undefined, { status: 401, statusText: "Unauthorized" });
  const shop = request.headers.get("x-shopify-shop-domain")?.trim().toLowerCase() ?? "";
  if (!SHOP_DOMAIN.test(shop) && shop !== SHOP_CUSTOM_DOMAIN?.toLowerCase()) {
    throw Response.json({ error: "X-Shopify-Shop-Domain: missing or not a myshopify.com domain" }, { status: 400 });
  }
  if (signedWith === "current") return request;
  const headers = new Headers(request.headers);
  headers.set("x-shopify-hmac-sha256", shopifyHmac(rawBody, secret));
  return new Request(request.url, { method: request.method, headers, body: rawBody });
}

/**
 * The shop a shop-level payload names (shop/redact: shop_domain; app/uninstalled: myshopify_domain)
 * must be the signed header's shop: a null or foreign body never erases anything.
 */
export function payloadNamesShop(payload: unknown, field: "shop_domain" | "myshopify_domain", shop: string): boolean {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return false;
  const named = (payload as Record<string, unknown>)[field];
  return typeof named === "string" && named.trim().toLowerCase() === shop.toLowerCase();
}

/** The 400 for a shop-level payload that does not name the header's shop. */
export function wrongShopPayload(topic: string, field: string): Response {
  return Response.json(
    { error: `malformed ${topic} payload: ${field} must name the shop of X-Shopify-Shop-Domain` },
    { status: 400 },
  );
}
