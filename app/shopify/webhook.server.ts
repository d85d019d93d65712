// authenticate.webhook checks the signature, then parses the body; a correctly signed body that is
// not JSON makes it throw a SyntaxError, and a signed request whose shop header is not a shop
// domain an InvalidShopError: either would surface as a 500. Bad input gets a 400 instead.
// The body is read under the shared cap first (413 past it, before the library reads it whole).
import { InvalidShopError } from "@shopify/shopify-api";
import { env } from "../env.server";
import { withCappedBody } from "../http/body-limit.server";
import { authenticate } from "../shopify.server";

/** The 4xx a Shopify-signed request deserves when the library rejects its input; rethrows anything else. */
export function asBadShopifyRequest(error: unknown, request: Request, what: string): never {
  if (error instanceof SyntaxError)
    throw Response.json({ error: `malformed ${what} payload: the body is not JSON` }, { status: 400 });
  if (error instanceof InvalidShopError || (error instanceof Error && error.name === "InvalidShopError"))
    throw Response.json(
      { error: `X-Shopify-Shop-Domain: ${JSON.stringify(request.headers.get("x-shopify-shop-domain") ?? "")} is not a shop domain` },
      { status: 400 },
    );
  throw error;
}

/** authenticate.webhook, answering 413 to an oversized body and 400 (not 500) to malformed input. */
export async function authenticateWebhook(original: Request) {
  const request = await withCappedBody(original, env().MAX_BODY_BYTES);
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, request.headers.get("x-shopify-topic") ?? "webhook");
  }
}

/** authenticate.fulfillmentService with the same cap and the same 4xx answers. */
export async function authenticateFulfillmentService(original: Request) {
  const request = await withCappedBody(original, env().MAX_BODY_BYTES);
  try {
    return await authenticate.fulfillmentService(request);
  } catch (error) {
    return asBadShopifyRequest(error, request, "fulfilment-service notification");
  }
}
