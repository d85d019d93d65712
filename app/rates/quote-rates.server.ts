/**
 * quoteRates: one checkout rate request → the answer for Shopify, within the shop's deadline.
 * Identical requests are answered from a bounded in-memory cache, concurrent identical requests
 * share one upstream call, and failures are cached briefly so a failing service is not hammered
 * (docs/decisions/005-rates-caching-and-deadline.md).
 */
import { DEFAULT_SETTINGS, type RatesSettings } from "~/models/shop-settings.server";
import { answerFor, NO_RATES, NOT_QUOTED, type QuoteOutcome, type RatesAnswer } from "./answer";
import { quoteCacheKey } from "./cache-key";
import { toDestination, type Destination } from "~/address";
import { pesoSubtotalCentavos, quotationLines, type QuotationLine } from "./quotation-request";
import type { RateRequest } from "./rate-request";
import type { ShopProfile, ShopProfiles } from "./shop-profile.server";
import type { SingleFlight } from "./single-flight";
import type { TtlLruCache } from "./ttl-cache";
import { outcomeOfQuoteError, type UpstreamOutcome } from "./upstream-outcome";

/** How long a failed or refused quotation is reused (whatever the shop's TTL, unless caching is off). */
export const ERROR_TTL_MS = 30_000;
/**
 * The wait for the service ends this much before the shop's deadline, which is counted from when
 * the request was read: the answer still has to be written, many may fall due at once (a hung
 * service), and Shopify's clock started when it sent the request. Measured over HTTP, a margin of
 * 0 answered up to ~70 ms late under load (docs/benchmarks.md).
 */
export const DEADLINE_MARGIN_MS = 40;

export interface QuoteRatesResult {
  answer: RatesAnswer;
  /** What QuoteLog records: "rejected" for a shop we do not quote for. */
  outcome: QuoteOutcome;
  /** Answered without an upstream call of its own (from the cache, or by joining one in flight). */
  cacheHit: boolean;
  /** Service codes of the rates answered. */
  services: string[];
  /**
   * What the service answered (or the cache held) before the shop's rules were applied; absent
   * when the service was not asked (nothing to ship, an item without SKU, outside Mexico, a shop
   * we do not quote for). The rate tester uses it to show which rules changed each rate.
   */
  upstream?: UpstreamOutcome;
}

interface QuoterLogger {
  warn(obj: object, msg?: string): void;
}

export interface RateQuoterDeps {
  profiles: ShopProfiles;
  cache: Pick<TtlLruCache<UpstreamOutcome>, "get" | "set">;
  flights: Pick<SingleFlight<UpstreamOutcome>, "run">;
  /** The calendar the delivery dates are counted on. */
  now: () => Date;
  /** Epoch ms for deadlines (the service client measures its deadline on the same clock). */
  clock?: () => number;
  logger: () => QuoterLogger;
  /** Extra headers on every quotation call (the bench and tests use sandbox scenarios). */
  headers?: Record<string, string>;
}

export type RateQuoter = (request: {
  shop: string;
  rate: RateRequest;
  receivedAt: number;
}) => Promise<QuoteRatesResult>;

export function createRateQuoter(deps: RateQuoterDeps): RateQuoter {
  const clock = deps.clock ?? Date.now;

  return async function quoteRates({ shop, rate, receivedAt }) {
    let rules: RatesSettings | undefined;
    try {
      // A known shop's profile is in memory (no timer, no await); until the shop's own deadline is
      // known, the default one bounds the wait for its load.
      const known = deps.profiles.cached(shop);
      const profile =
        known !== undefined
          ? known
          : await beforeDeadline(deps.profiles.get(shop), receivedAt + DEFAULT_SETTINGS.rates.deadlineMs - DEADLINE_MARGIN_MS, clock);
      if (profile === "deadline") return failed(DEFAULT_SETTINGS.rates, "shop profile not loaded before the deadline");
      if (!profile) return result(NOT_QUOTED, false);
      rules = profile.rules;
      return await quoteForShop(profile, rate, receivedAt);
    } catch (error) {
      // Our own bug or an unreachable database: still answer by the shop's failure policy.
      deps.logger().warn({ shop, err: String(error) }, "rate quote failed internally");
      return failed(rules ?? DEFAULT_SETTINGS.rates, `internal error: ${String(error)}`);
    }

    function failed(shopRules: RatesSettings, detail: string): QuoteRatesResult {
      return result(
        answerFor({ kind: "failed", detail }, shopRules, {
          subtotalCentavos: pesoSubtotalCentavos(rate),
          now: deps.now(),
        }),
        false,
      );
    }
  };

  async function quoteForShop(profile: ShopProfile, rate: RateRequest, receivedAt: number): Promise<QuoteRatesResult> {
    const { rules } = profile;
    const deadlineAt = receivedAt + rules.deadlineMs - DEADLINE_MARGIN_MS;
    const cart = { subtotalCentavos: pesoSubtotalCentavos(rate), now: deps.now() };
    const lines = quotationLines(rate);
    if (!lines.ok) {
      if (lines.reason === "nothing_to_ship") return result(NO_RATES, false);
      return result(answerFor({ kind: "unquotable", detail: `no SKU on ${lines.item}` }, rules, cart), false);
    }

    const key = quoteCacheKey({
      shop: profile.shop,
      settingsVersion: profile.settingsVersion,
      connection: profile.connection,
      productos: lines.productos,
      destination: rate.destination,
    });
    const cached = deps.cache.get(key);
    if (cached) return result(answerFor(cached, rules, cart), true, cached);

    // Only a miss needs the service's form of the address; outside Mexico there is nothing to ask.
    const address = toDestination(rate.destination);
    if (!address.ok) return result(NO_RATES, false);
    const request = { productos: lines.productos, destination: address.destination };
    const flight = deps.flights.run(key, () => fetchOutcome(profile, request, key, deadlineAt));
    const settled = await beforeDeadline(flight.promise, deadlineAt, clock);
    const outcome: UpstreamOutcome = settled === "deadline" ? { kind: "failed", detail: "deadline passed" } : settled;
    if (outcome.kind === "failed") {
      // Logged after the answers are written: when the service hangs, many requests fail at once
      // and a synchronous log line each would delay the last answers past the deadline.
      const detail = { shop: profile.shop, detail: outcome.detail, shared: flight.shared };
      setImmediate(() => deps.logger().warn(detail, "rate quotation failed"));
    }
    return result(answerFor(outcome, rules, cart), flight.shared, outcome);
  }

  async function fetchOutcome(
    profile: ShopProfile,
    request: { productos: QuotationLine[]; destination: Destination },
    key: string,
    deadlineAt: number,
  ): Promise<UpstreamOutcome> {
    // Time ran out before the service was asked (e.g. a slow settings load): that says nothing
    // about the service, so it is not cached as the service's failure.
    if (deadlineAt <= clock()) return { kind: "failed", detail: "deadline passed before the service was asked" };
    let outcome: UpstreamOutcome;
    try {
      const quotation = await profile.client.quote({
        productos: request.productos,
        consumidor_destino: request.destination,
        deadline: deadlineAt,
        signal: AbortSignal.timeout(Math.max(1, deadlineAt - clock())),
        headers: deps.headers,
      });
      outcome = {
        kind: "quoted",
        services: quotation.services.map(({ service, days, totalPricing, description, provider }) => ({
          service,
          days,
          totalPricing,
          description,
          provider,
        })),
      };
    } catch (error) {
      outcome = outcomeOfQuoteError(error);
    }
    const ttlMs = profile.rules.cacheTtlSeconds * 1000;
    deps.cache.set(key, outcome, outcome.kind === "quoted" ? ttlMs : Math.min(ttlMs, ERROR_TTL_MS));
    return outcome;
  }
}

function result(answer: RatesAnswer, cacheHit: boolean, upstream?: UpstreamOutcome): QuoteRatesResult {
  return {
    answer,
    outcome: answer.outcome,
    cacheHit,
    services: answer.kind === "rates" ? answer.rates.map((rate) => rate.service_code) : [],
    ...(upstream ? { upstream } : {}),
  };
}

/** Resolves like `promise`, or with "deadline" once `deadlineAt` (epoch ms) passes. */
function beforeDeadline<T>(promise: Promise<T>, deadlineAt: number, clock: () => number): Promise<T | "deadline"> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve("deadline"), Math.max(0, deadlineAt - clock()));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
