// POST /carrier-service/rates: Shopify's live-rates callback at checkout. Thin on purpose:
// verify the signature → parse → quoteRates → respond. Never a 500: bad input is a 4xx and any
// internal failure is answered by the shop's failure policy (docs/decisions/005).
import type { ActionFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { env } from "../env.server";
import { parseRateRequest } from "../rates";
import { ratesRuntime } from "../rates/runtime.server";
import { verifyShopifyHmac } from "../shopify/verify-hmac.server";

const MAX_BODY_BYTES = 1024 * 1024;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
// Building a decoder costs more than decoding a cart; one serves every request.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

// Shopify only POSTs here; a GET (a person or a probe trying the URL) is a clean 405, not Remix's
// "no loader" error with a stack trace in the log.
export const loader = () => problem(405, "use POST");

export const action = async ({ request }: ActionFunctionArgs) => {
  const receivedAt = Date.now();
  const started = performance.now();
  if (request.method !== "POST") return problem(405, "use POST");

  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return problem(413, "body too large");
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) return problem(413, "body too large");

  const signature = request.headers.get("x-shopify-hmac-sha256");
  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret } = env();
  if (!verifyShopifyHmac({ rawBody: raw, signature, secret, previousSecret }))
    return problem(401, "invalid signature");

  const shop = request.headers.get("x-shopify-shop-domain")?.trim().toLowerCase() ?? "";
  if (!SHOP_DOMAIN.test(shop)) return problem(400, "X-Shopify-Shop-Domain: missing or not a myshopify.com domain");

  const { quoteRates, quoteLog } = ratesRuntime();
  const log = (outcome: Parameters<typeof quoteLog.record>[0]["outcome"], cacheHit: boolean, services: string[]) =>
    quoteLog.record({
      shop,
      at: new Date(receivedAt),
      durationMs: Math.round(performance.now() - started),
      cacheHit,
      outcome,
      services,
    });

  let json: unknown;
  try {
    json = JSON.parse(UTF8.decode(raw));
  } catch {
    log("rejected", false, []);
    return problem(400, "body: not valid JSON");
  }
  const parsed = parseRateRequest(json);
  if (!parsed.ok) {
    log("rejected", false, []);
    return problem(400, parsed.message);
  }

  try {
    const result = await quoteRates({ shop, rate: parsed.rate, receivedAt });
    log(result.outcome, result.cacheHit, result.services);
    if (result.answer.kind === "backup") return problem(503, "rates unavailable: Shopify shows the backup rates");
    return Response.json({ rates: result.answer.rates });
  } catch (error) {
    // quoteRates answers its own failures; this is the last guard against a crash on the hot path.
    appContext().logger.error({ shop, err: String(error) }, "carrier callback failed");
    log("backup", false, []);
    return problem(503, "rates unavailable: Shopify shows the backup rates");
  }
};

function problem(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: status === 405 ? { allow: "POST" } : undefined });
}
