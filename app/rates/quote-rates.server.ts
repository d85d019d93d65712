/**
 * quoteRates: one checkout rate request → the answer for Shopify, within the shop's deadline.
 * Identical requests are answered from a bounded in-memory cache, concurrent identical requests
 * share one upstream call, and failures are cached briefly so a failing service is not hammered
 * (docs/decisions/005-rates-caching-and-deadline.md). With a shared cache (Redis, REDIS_URL) a miss
 * here looks there next, and identical misses on several instances make one upstream call
 * (docs/decisions/027-shared-rate-cache.md).
 */
import { DEFAULT_SETTINGS, type RatesSettings } from "~/shop/shop-settings.server";
import { answerFor, NO_RATES, NOT_QUOTED, type QuoteOutcome, type RatesAnswer } from "./answer";
import { quoteCacheKey } from "./cache-key";
import { toDestination, type Destination } from "~/address";
import { pesoSubtotalCentavos, quotationLines, type QuotationLine } from "./quotation-request";
import type { RateRequest } from "./rate-request";
import type { SharedEntry, SharedRateCache } from "./shared-cache.server";
import type { ShopProfile, ShopProfiles } from "./shop-profile.server";
import type { SingleFlight } from "./single-flight";
import { TtlLruCache } from "./ttl-cache";
import { outcomeOfQuoteError, type UpstreamOutcome } from "./upstream-outcome";

/**
 * How long a failed or refused quotation is reused (whatever the shop's TTL, unless caching is off).
 * @internal
 */
export const ERROR_TTL_MS = 30_000;
const HOUR_MS = 3_600_000;
/** The settings version in the key of the last good quotation (no real version is negative). */
const LAST_QUOTE_VERSION = -1;
/**
 * The wait for the service ends this much before the shop's deadline, which is counted from when
 * the request was read: the answer still has to be written, many may fall due at once (a hung
 * service), and Shopify's clock started when it sent the request. Measured over HTTP, a margin of
 * 0 answered up to ~70 ms late under load (docs/benchmarks.md).
 * @internal
 */
export const DEADLINE_MARGIN_MS = 40;
/**
 * Refresh-ahead: a hit in the last tenth of its entry's life starts one background quotation, so a
 * cart asked for again and again is refreshed before it expires and checkout rarely waits.
 * @internal
 */
export const REFRESH_AHEAD_FRACTION = 0.1;
/** How long past its own deadline an instance's claim on a shared miss lasts (if it dies holding it). */
const CLAIM_MARGIN_MS = 100;
/**
 * Repeats: most requests remembered (see RateQuoter.repeat). An entry holds references to a cached
 * outcome and one answer (about a kilobyte), and lives one second at most: its answer's delivery
 * dates are to the second.
 * @internal
 */
export const REPEAT_MAX_ENTRIES = 2_000;
const SECOND_MS = 1_000;

/** The last rates the service quoted for a cart and destination, kept to answer when it fails. */
export interface LastQuote {
  services: Extract<UpstreamOutcome, { kind: "quoted" }>["services"];
  /** Epoch ms (the quoter's clock). */
  quotedAt: number;
}

interface QuoteRatesResult {
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
  /** Answered with the last rates quoted because the service failed: how old they were (ms). */
  staleAgeMs?: number;
}

interface QuoterLogger {
  warn(obj: object, msg?: string): void;
}

export interface RateQuoterDeps {
  profiles: ShopProfiles;
  cache: Pick<TtlLruCache<UpstreamOutcome>, "get" | "set"> & Partial<Pick<TtlLruCache<UpstreamOutcome>, "remainingMs">>;
  flights: Pick<SingleFlight<UpstreamOutcome>, "run">;
  /**
   * Stale-if-error: the last quotation per cart and destination (keyed without the settings
   * version: the rules run on every answer). Without it, a failure always answers by the policy.
   */
  lastQuotes?: Pick<TtlLruCache<LastQuote>, "get" | "set">;
  /** The calendar the delivery dates are counted on. */
  now: () => Date;
  /** Epoch ms for deadlines (the service client measures its deadline on the same clock). */
  clock?: () => number;
  logger: () => QuoterLogger;
  /** Refresh-ahead (on unless false: the benchmark measures the cache without it). */
  refreshAhead?: boolean;
  /** Extra headers on every quotation call (the bench and tests use sandbox scenarios). */
  headers?: Record<string, string>;
  /** The second level shared by every instance (Redis); absent, each instance keeps its own. */
  shared?: SharedRateCache;
  /** Remember repeated requests (RateQuoter.repeat); off unless true (the benchmark's naive baseline). */
  repeats?: boolean;
}

/**
 * A request remembered by its body's key (the caller's: the rate callback uses the verified
 * HMAC-SHA256 signature, a digest of the exact bytes) with what its answer was made of. It is
 * answered again only while every one of those is unchanged: the shop's settings version and
 * connection (the rules and the cache key), the very cache entry (same object: not expired, not
 * replaced) and the second its delivery dates were counted from. It keeps nothing of the request
 * itself (no address, no name): only the cache key and the answer.
 */
interface Repeat {
  settingsVersion: number;
  connection: string;
  key: string;
  outcome: UpstreamOutcome;
  second: number;
  result: QuoteRatesResult;
}

export interface RateQuoter {
  (request: {
    shop: string;
    rate: RateRequest;
    receivedAt: number;
    /** Identifies the request's exact body (see `repeat`); a cache hit is then remembered under it. */
    repeatKey?: string;
  }): Promise<QuoteRatesResult>;
  /**
   * The answer of a cache hit made from the same body (`repeatKey`) within the same second, when
   * nothing it was made of has changed since; undefined otherwise (quote it in full). What the
   * full path does on a hit still happens: the entry is touched as recently used and the shop's
   * profile as read; a hit due for the refresh-ahead is left to the full path, which starts it.
   * It saves a repeated body's parsing, cache key, rules, dates and answer (issue 34).
   */
  repeat(request: { shop: string; repeatKey: string }): QuoteRatesResult | undefined;
}

/** What one quoter keeps across requests: its dependencies, its clock and what came from other instances. */
interface Quoter {
  deps: RateQuoterDeps;
  /** Epoch ms for deadlines. */
  clock: () => number;
  /** Outcomes another instance quoted (read from the shared cache): no upstream call of this one's. */
  fromShared: WeakSet<UpstreamOutcome>;
  /** Repeated requests remembered by shop and body key (RateQuoter.repeat); absent unless `deps.repeats`. */
  repeats: TtlLruCache<Repeat> | undefined;
  /** The second (of the calendar clock, `deps.now`) an answer's delivery dates are counted from. */
  second: () => number;
}

/** One shop's cart and destination being answered: what every step after the cache key needs. */
interface CartQuote {
  quoter: Quoter;
  profile: ShopProfile;
  /** The entry of this cart, destination and settings version in the caches (and the flight's key). */
  key: string;
  /** The key of the last good quotation (no settings version: it outlives a rules change). */
  lastKey: () => string;
}

/** A question for the service (or the shared cache) about one cart: a miss, or a refresh ahead. */
interface Ask extends CartQuote {
  request: { lines: QuotationLine[]; destination: Destination };
  /** Epoch ms by which the answer is due. */
  deadlineAt: number;
  /** A refresh ahead of expiry: a failure leaves the still-live answer in place. */
  refreshing: boolean;
}

export function createRateQuoter(deps: RateQuoterDeps): RateQuoter {
  const clock = deps.clock ?? Date.now;
  const quoter: Quoter = {
    deps,
    clock,
    fromShared: new WeakSet(),
    repeats: deps.repeats ? new TtlLruCache<Repeat>(REPEAT_MAX_ENTRIES, clock) : undefined,
    second: () => Math.floor(deps.now().getTime() / SECOND_MS),
  };

  return Object.assign(quoteRates, {
    repeat: (request: { shop: string; repeatKey: string }) => repeat(quoter, request),
  });

  async function quoteRates({
    shop,
    rate,
    receivedAt,
    repeatKey,
  }: Parameters<RateQuoter>[0]): Promise<QuoteRatesResult> {
    let rules: RatesSettings | undefined;
    try {
      // A known shop's profile is in memory (no timer, no await); until the shop's own deadline is
      // known, the default one bounds the wait for its load.
      const known = deps.profiles.cached(shop);
      const profile =
        known !== undefined
          ? known
          : await beforeDeadline(
              deps.profiles.get(shop),
              receivedAt + DEFAULT_SETTINGS.rates.deadlineMs - DEADLINE_MARGIN_MS,
              quoter.clock,
            );
      if (profile === "deadline") return failed(DEFAULT_SETTINGS.rates, "shop profile not loaded before the deadline");
      if (!profile) return result(NOT_QUOTED, false);
      rules = profile.rules;
      return await quoteForShop(quoter, profile, rate, receivedAt, repeatKey);
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
  }
}

/** RateQuoter.repeat: a remembered answer, while everything it was made of is unchanged. */
function repeat(
  quoter: Quoter,
  { shop, repeatKey }: { shop: string; repeatKey: string },
): QuoteRatesResult | undefined {
  const { deps } = quoter;
  const memo = quoter.repeats?.get(`${shop}|${repeatKey}`);
  if (!memo) return undefined;
  const profile = deps.profiles.cached(shop);
  if (!profile || profile.settingsVersion !== memo.settingsVersion || profile.connection !== memo.connection)
    return undefined;
  if (quoter.second() !== memo.second || deps.cache.get(memo.key) !== memo.outcome) return undefined;
  // Due for its refresh-ahead, the full path starts (or joins) it with the request's cart.
  if (refreshDue(quoter, profile, memo.key)) return undefined;
  return memo.result;
}

/** Whether a hit on `key` starts the refresh-ahead: in the last tenth of its entry's life. */
function refreshDue({ deps }: Quoter, profile: ShopProfile, key: string): boolean {
  const left = deps.refreshAhead !== false ? deps.cache.remainingMs?.(key) : undefined;
  return left !== undefined && left <= profile.rules.cacheTtlSeconds * 1000 * REFRESH_AHEAD_FRACTION;
}

async function quoteForShop(
  quoter: Quoter,
  profile: ShopProfile,
  rate: RateRequest,
  receivedAt: number,
  repeatKey: string | undefined,
): Promise<QuoteRatesResult> {
  const { deps, clock } = quoter;
  const { rules } = profile;
  const deadlineAt = receivedAt + rules.deadlineMs - DEADLINE_MARGIN_MS;
  const now = deps.now();
  const cart = { subtotalCentavos: pesoSubtotalCentavos(rate), now };
  const lines = quotationLines(rate);
  if (!lines.ok) {
    if (lines.reason === "nothing_to_ship") return result(NO_RATES, false);
    return result(answerFor({ kind: "unquotable", detail: `no SKU on ${lines.item}` }, rules, cart), false);
  }

  const keyParts = {
    shop: profile.shop,
    connection: profile.connection,
    lines: lines.lines,
    destination: rate.destination,
  };
  const quote: CartQuote = {
    quoter,
    profile,
    key: quoteCacheKey({ ...keyParts, settingsVersion: profile.settingsVersion }),
    // The last good quotation outlives a rules change: it is the service's answer, not ours.
    lastKey: () => quoteCacheKey({ ...keyParts, settingsVersion: LAST_QUOTE_VERSION }),
  };
  const cached = deps.cache.get(quote.key);
  if (cached) {
    if (cached.kind === "failed")
      return staleAnswer(quote, cart, true) ?? result(answerFor(cached, rules, cart), true, cached);
    // Only quotations are refreshed ahead (and repeated): refusals live 30 s and are asked again on a miss.
    if (cached.kind !== "quoted") return result(answerFor(cached, rules, cart), true, cached);
    if (refreshDue(quoter, profile, quote.key)) refreshAhead(quote, rate);
    const hit = result(answerFor(cached, rules, cart), true, cached);
    if (quoter.repeats && repeatKey !== undefined) {
      const { settingsVersion, connection } = profile;
      const memo = { settingsVersion, connection, key: quote.key, outcome: cached, result: hit };
      quoter.repeats.set(
        `${profile.shop}|${repeatKey}`,
        { ...memo, second: Math.floor(now.getTime() / SECOND_MS) },
        SECOND_MS,
      );
    }
    return hit;
  }

  // Only a miss needs the service's form of the address; outside Mexico there is nothing to ask.
  const address = toDestination(rate.destination);
  if (!address.ok) return result(NO_RATES, false);
  const ask: Ask = {
    ...quote,
    request: { lines: lines.lines, destination: address.destination },
    deadlineAt,
    refreshing: false,
  };
  const flight = deps.flights.run(quote.key, () => obtainOutcome(ask));
  const settled = await beforeDeadline(flight.promise, deadlineAt, clock);
  const outcome: UpstreamOutcome = settled === "deadline" ? { kind: "failed", detail: "deadline passed" } : settled;
  if (outcome.kind === "failed") {
    // Logged after the answers are written: when the service hangs, many requests fail at once
    // and a synchronous log line each would delay the last answers past the deadline.
    const detail = { shop: profile.shop, detail: outcome.detail, shared: flight.shared };
    setImmediate(() => deps.logger().warn(detail, "rate quotation failed"));
    const stale = staleAnswer(quote, cart, flight.shared);
    if (stale) return stale;
  }
  return result(answerFor(outcome, rules, cart), flight.shared || quoter.fromShared.has(outcome), outcome);
}

/** The last rates quoted for this cart and destination, if the shop allows them and they are young enough. */
function staleAnswer(
  { quoter, profile, lastKey }: CartQuote,
  cart: { subtotalCentavos: bigint | null; now: Date },
  cacheHit: boolean,
): QuoteRatesResult | null {
  const { rules } = profile;
  const maxAgeMs = rules.staleMaxAgeHours * HOUR_MS;
  if (!quoter.deps.lastQuotes || maxAgeMs <= 0) return null;
  const last = quoter.deps.lastQuotes.get(lastKey());
  if (!last) return null;
  const ageMs = quoter.clock() - last.quotedAt;
  if (ageMs > maxAgeMs) return null;
  const upstream: UpstreamOutcome = { kind: "quoted", services: last.services };
  const answer = answerFor(upstream, rules, cart);
  // Hidden by today's rules, nothing is left to answer: the failure policy decides.
  if (answer.kind !== "rates" || answer.outcome !== "rates") return null;
  return { ...result({ ...answer, outcome: "stale" }, cacheHit, upstream), staleAgeMs: ageMs };
}

/** One background quotation for a cart about to expire (joined by any request that misses meanwhile). */
function refreshAhead(quote: CartQuote, rate: RateRequest): void {
  const { deps, clock } = quote.quoter;
  const address = toDestination(rate.destination);
  const lines = quotationLines(rate);
  if (!address.ok || !lines.ok) return;
  const ask: Ask = {
    ...quote,
    request: { lines: lines.lines, destination: address.destination },
    deadlineAt: clock() + quote.profile.rules.deadlineMs,
    refreshing: true,
  };
  deps.flights
    .run(quote.key, () => obtainOutcome(ask))
    .promise.catch((error: unknown) =>
      deps.logger().warn({ shop: quote.profile.shop, err: String(error) }, "rate refresh-ahead failed"),
    );
}

/**
 * A miss (or a refresh) of this instance: from the shared cache when another instance has the
 * answer; else, when another instance is asking the service for the same key, its answer once
 * stored (waiting at most half of the time left, then asking itself, so the deadline still holds);
 * else from the service. Without a shared cache, straight from the service.
 */
async function obtainOutcome(ask: Ask): Promise<UpstreamOutcome> {
  const { clock } = ask.quoter;
  const shared = ask.quoter.deps.shared;
  const ttlMs = ask.profile.rules.cacheTtlSeconds * 1000;
  if (!shared || ttlMs <= 0) return fetchOutcome(ask);
  const found = await shared.get(ask.key);
  // A refresh takes only an entry another instance has refreshed already (not the one expiring).
  if (found && (!ask.refreshing || found.remainingMs > ttlMs * REFRESH_AHEAD_FRACTION)) return adopt(ask, found);
  const claim = await shared.claim(ask.key, Math.max(0, ask.deadlineAt - clock()) + CLAIM_MARGIN_MS);
  if (claim.state === "held") {
    const waitUntil = ask.refreshing ? ask.deadlineAt : clock() + Math.max(0, ask.deadlineAt - clock()) / 2;
    const waited = await shared.waitFor(ask.key, waitUntil);
    if (waited) return adopt(ask, waited);
  }
  try {
    return await fetchOutcome(ask);
  } finally {
    if (claim.state === "acquired") claim.release();
  }
}

/** Keeps another instance's answer in this instance's cache (and its quotation for stale-if-error). */
function adopt({ quoter, profile, key, lastKey }: CartQuote, entry: SharedEntry): UpstreamOutcome {
  const { outcome } = entry;
  const ttlMs = profile.rules.cacheTtlSeconds * 1000;
  quoter.deps.cache.set(key, outcome, Math.min(entry.remainingMs, outcome.kind === "quoted" ? ttlMs : ERROR_TTL_MS));
  const maxAgeMs = profile.rules.staleMaxAgeHours * HOUR_MS;
  if (outcome.kind === "quoted" && maxAgeMs > 0) {
    const keepMs = maxAgeMs - (quoter.clock() - entry.quotedAt);
    if (keepMs > 0)
      quoter.deps.lastQuotes?.set(lastKey(), { services: outcome.services, quotedAt: entry.quotedAt }, keepMs);
  }
  quoter.fromShared.add(outcome);
  return outcome;
}

/**
 * Asks the service and caches what it said (in the shared cache too, when there is one). A refresh (`refreshing`) only replaces the entry
 * with a quotation: a failed refresh leaves the still-live answer in place.
 */
async function fetchOutcome({
  quoter,
  profile,
  request,
  key,
  lastKey,
  deadlineAt,
  refreshing,
}: Ask): Promise<UpstreamOutcome> {
  const { deps, clock } = quoter;
  // Time ran out before the service was asked (e.g. a slow settings load): that says nothing
  // about the service, so it is not cached as the service's failure.
  if (deadlineAt <= clock()) return { kind: "failed", detail: "deadline passed before the service was asked" };
  let outcome: UpstreamOutcome;
  try {
    const quotation = await profile.client.quote({
      lines: request.lines,
      destination: request.destination,
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
  const quotedAt = clock();
  if (outcome.kind === "quoted") {
    deps.cache.set(key, outcome, ttlMs);
    deps.shared?.set(key, outcome, quotedAt, ttlMs);
    const maxAgeMs = profile.rules.staleMaxAgeHours * HOUR_MS;
    if (maxAgeMs > 0) deps.lastQuotes?.set(lastKey(), { services: outcome.services, quotedAt }, maxAgeMs);
  } else if (!refreshing) {
    deps.cache.set(key, outcome, Math.min(ttlMs, ERROR_TTL_MS));
    deps.shared?.set(key, outcome, quotedAt, Math.min(ttlMs, ERROR_TTL_MS));
  }
  return outcome;
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
