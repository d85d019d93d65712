/**
 * The carrier-service rate callback as one framework-free function: verify the signature → parse
 * → quote → answer. The Remix route (app/routes/carrier-service.rates.tsx) and the production
 * server's plain node:http fast path (server/rate-callback-http.ts) both call it, so they answer
 * byte for byte the same. Never a 500: bad input is a 4xx and any internal failure is answered by
 * the shop's failure policy (docs/decisions/005).
 */
import type { Logger } from "pino";
import type { Env } from "~/env.server";
import { metrics } from "~/metrics.server";
import { signedShopDomain } from "~/shopify/shop-domain";
import { verifyShopifyHmac } from "~/shopify/verify-hmac.server";
import type { QuoteOutcome } from "./answer";
import { parseRateRequest } from "./rate-request";
import type { RatesAnswer } from "./answer";
import type { RateQuoter } from "./quote-rates.server";
import type { RatesRuntime } from "./runtime.server";

// Building a decoder costs more than decoding a cart; one serves every request.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** "invalid": refused before quoting (bad signature, shop domain, size or method); the rest as QuoteLog. */
type RateAnswerOutcome = QuoteOutcome | "invalid";

export interface RateCallbackRequest {
  method: string;
  header(name: string): string | null | undefined;
  /** The body's bytes, or "too_large" once more than `maxBytes` arrived (reading stops there). */
  body(maxBytes: number): Promise<Uint8Array | "too_large">;
}

export interface RateCallbackAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
}

/**
 * "cached" is the production callback. "naive" is the benchmark's baseline: the same checks and
 * answer, but every request loads the shop and asks the service itself (no rate cache, no
 * profile cache, no sharing of identical requests in flight) and writes no quote log.
 */
export type RateCallbackMode = "cached" | "naive";

/** What the callback uses of the process's services (app/composition.server.ts). */
export interface RateCallbackDeps {
  config: Pick<Env, "MAX_BODY_BYTES" | "SHOPIFY_API_SECRET" | "SHOPIFY_API_SECRET_PREVIOUS">;
  logger: Pick<Logger, "error">;
  rates: { quoteRates: QuoteRates; quoteLog: RatesRuntime["quoteLog"] };
  naiveRates: { quoteRates: QuoteRates };
}

/** The quoter; `repeat` (RateQuoter.repeat) answers a repeated body without parsing it again. */
type QuoteRates = ((...args: Parameters<RateQuoter>) => ReturnType<RateQuoter>) & Partial<Pick<RateQuoter, "repeat">>;

export async function handleRateCallback(
  deps: RateCallbackDeps,
  request: RateCallbackRequest,
  mode: RateCallbackMode = "cached",
): Promise<RateCallbackAnswer> {
  const started = performance.now();
  // What the answer was, for the metrics: set by the quote log's record, "invalid" until then.
  let outcome: RateAnswerOutcome = "invalid";
  const answer = await answerRateCallback(deps, request, mode, started, (answered) => (outcome = answered));
  metrics.rateAnswered(outcome, (performance.now() - started) / 1000);
  return answer;
}

async function answerRateCallback(
  deps: RateCallbackDeps,
  request: RateCallbackRequest,
  mode: RateCallbackMode,
  started: number,
  answered: (outcome: QuoteOutcome) => void,
): Promise<RateCallbackAnswer> {
  const receivedAt = Date.now();
  if (request.method !== "POST") return problem(405, "use POST");

  // The one cap of every route Shopify posts to (MAX_BODY_BYTES, app/http/body-limit.server.ts).
  const limit = deps.config.MAX_BODY_BYTES;
  const declared = Number(request.header("content-length") ?? 0);
  if (declared > limit) return problem(413, `body too large: the limit is ${limit} bytes`);
  const raw = await request.body(limit);
  if (raw === "too_large") return problem(413, `body too large: the limit is ${limit} bytes`);

  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret } = deps.config;
  const signature = request.header("x-shopify-hmac-sha256");
  if (!verifyShopifyHmac({ rawBody: raw, signature, secret, previousSecret })) return problem(401, "invalid signature");

  const shop = signedShopDomain(request.header("x-shopify-shop-domain"));
  if (!shop) return problem(400, "X-Shopify-Shop-Domain: missing or not a myshopify.com domain");

  const runtime: { quoteRates: QuoteRates } & Partial<Pick<RatesRuntime, "quoteLog">> =
    mode === "naive" ? deps.naiveRates : deps.rates;
  const log = (outcome: QuoteOutcome, cacheHit: boolean, services: string[]) => {
    answered(outcome);
    runtime.quoteLog?.record({
      shop,
      at: new Date(receivedAt),
      durationMs: Math.round(performance.now() - started),
      cacheHit,
      outcome,
      services,
    });
  };

  // The verified signature is a digest of these exact bytes: the same body again within the same
  // second, with nothing it was answered from changed, gets the same answer without being parsed.
  const repeatKey = signature!.trim();
  const repeated = runtime.quoteRates.repeat?.({ shop, repeatKey });
  if (repeated) {
    log(repeated.outcome, repeated.cacheHit, repeated.services);
    if (repeated.upstream) metrics.rateCache(repeated.cacheHit);
    return answerOf(repeated.answer);
  }

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
    const result = await runtime.quoteRates({ shop, rate: parsed.rate, receivedAt, repeatKey });
    log(result.outcome, result.cacheHit, result.services);
    if (result.upstream) metrics.rateCache(result.cacheHit);
    return answerOf(result.answer);
  } catch (error) {
    // quoteRates answers its own failures; this is the last guard against a crash on the hot path.
    deps.logger.error({ shop, err: String(error) }, "carrier callback failed");
    log("backup", false, []);
    return problem(503, "rates unavailable: Shopify shows the backup rates");
  }
}

const JSON_HEADERS = { "content-type": "application/json" };

/** The HTTP answer of each rates answer, made once: a repeated answer is the same object (see RateQuoter.repeat). */
const httpAnswers = new WeakMap<RatesAnswer, RateCallbackAnswer>();

function answerOf(answer: RatesAnswer): RateCallbackAnswer {
  let http = httpAnswers.get(answer);
  if (!http) {
    http =
      answer.kind === "backup"
        ? problem(503, "rates unavailable: Shopify shows the backup rates")
        : { status: 200, headers: JSON_HEADERS, body: JSON.stringify({ rates: answer.rates }) };
    httpAnswers.set(answer, http);
  }
  return http;
}

function problem(status: number, error: string): RateCallbackAnswer {
  return {
    status,
    headers: status === 405 ? { ...JSON_HEADERS, allow: "POST" } : JSON_HEADERS,
    body: JSON.stringify({ error }),
  };
}
