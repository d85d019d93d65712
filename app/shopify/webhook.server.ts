// authenticate.webhook checks the signature, then parses the body; a correctly signed body that is
// not JSON makes it throw a SyntaxError, which would surface as a 500. Bad input gets a 400.
// The body is read under the shared cap first (413 past it, before the library reads it whole).
import { env } from "../env.server";
import { withCappedBody } from "../http/body-limit.server";
import { authenticate } from "../shopify.server";

/** authenticate.webhook, answering 413 to an oversized body and 400 (not 500) to a signed body that is not JSON. */
export async function authenticateWebhook(original: Request) {
  const request = await withCappedBody(original, env().MAX_BODY_BYTES);
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const topic = request.headers.get("x-shopify-topic") ?? "webhook";
    throw Response.json({ error: `malformed ${topic} payload: the body is not JSON` }, { status: 400 });
  }
}
