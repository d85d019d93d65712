// authenticate.webhook checks the signature, then parses the body; a correctly signed body that is
// not JSON makes it throw a SyntaxError, which would surface as a 500. Bad input gets a 400.
import { authenticate } from "../shopify.server";

/** authenticate.webhook, answering 400 (not 500) to a signed body that is not JSON. */
export async function authenticateWebhook(request: Request) {
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const topic = request.headers.get("x-shopify-topic") ?? "webhook";
    throw Response.json({ error: `malformed ${topic} payload: the body is not JSON` }, { status: 400 });
  }
}
