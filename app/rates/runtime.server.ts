/**
 * The rate callback's per-process state: the rate cache, the in-flight map, the shop profiles and
 * the quote log, built once from the app context. Tests and the settings page reach it here.
 */
import { appContext } from "~/context.server";
import { env } from "~/env.server";
import { metrics } from "~/metrics.server";
import { createQuoteLogWriter, type QuoteLogWriter } from "./quote-log.server";
import { createRateQuoter, type LastQuote, type RateQuoter } from "./quote-rates.server";
import { contextProfileSource, createShopProfiles, type ShopProfiles } from "./shop-profile.server";
import { createRedisRateCache, type SharedRateCache } from "./shared-cache.server";
import { SingleFlight } from "./single-flight";
import { approximateEntryBytes, TtlLruCache } from "./ttl-cache";
import type { UpstreamOutcome } from "./upstream-outcome";

/** Most quotations kept per process; each entry is about a kilobyte. */
const RATE_CACHE_MAX_ENTRIES = 10_000;
/**
 * …and at most this many bytes of them, as approximateEntryBytes counts them (a cart's answer can
 * be larger than usual: a long failure detail, many services), so the serving heap's share of the
 * cache is bounded whatever the carts look like.
 */
const RATE_CACHE_MAX_BYTES = 8 * 2 ** 20;
/**
 * Most last-good quotations kept per process for stale-if-error (one per cart and destination,
 * up to the shops' maximum age), by count and by approximate bytes.
 */
const LAST_QUOTES_MAX_ENTRIES = 20_000;
const LAST_QUOTES_MAX_BYTES = 8 * 2 ** 20;

export interface RatesRuntime {
  quoteRates: RateQuoter;
  quoteLog: QuoteLogWriter;
  profiles: ShopProfiles;
  cache: TtlLruCache<UpstreamOutcome>;
  lastQuotes: TtlLruCache<LastQuote>;
  /** The cache shared with the other instances (REDIS_URL), if any. */
  shared?: SharedRateCache;
}

let runtime: RatesRuntime | undefined;

function build(): RatesRuntime {
  const cache = new TtlLruCache<UpstreamOutcome>(RATE_CACHE_MAX_ENTRIES, Date.now, {
    maxBytes: RATE_CACHE_MAX_BYTES,
    sizeOf: approximateEntryBytes,
  });
  const profiles = createShopProfiles({ source: () => contextProfileSource(appContext()) });
  const lastQuotes = new TtlLruCache<LastQuote>(LAST_QUOTES_MAX_ENTRIES, Date.now, {
    maxBytes: LAST_QUOTES_MAX_BYTES,
    sizeOf: approximateEntryBytes,
  });
  const redisUrl = env().REDIS_URL;
  const shared = redisUrl
    ? createRedisRateCache({
        url: redisUrl,
        logger: () => appContext().logger,
        onEvent: (event) => metrics.rateSharedCache(event),
      })
    : undefined;
  const quoteRates = createRateQuoter({
    shared,
    profiles,
    cache,
    lastQuotes,
    refreshAhead: env().RATES_REFRESH_AHEAD,
    flights: new SingleFlight<UpstreamOutcome>(),
    now: () => appContext().now(),
    logger: () => appContext().logger,
  });
  const quoteLog = createQuoteLogWriter({ db: () => appContext().db, logger: () => appContext().logger });
  return { quoteRates, quoteLog, profiles, cache, lastQuotes, shared };
}

let naive: Pick<RatesRuntime, "quoteRates"> | undefined;

/**
 * The benchmark's baseline (docs/benchmarks.md): the same quoting, but with nothing kept between
 * requests — every request loads the shop from the database and makes its own upstream call.
 */
export function naiveRatesRuntime(): Pick<RatesRuntime, "quoteRates"> {
  naive ??= {
    quoteRates: createRateQuoter({
      profiles: createShopProfiles({ source: () => contextProfileSource(appContext()), ttlMs: 0 }),
      cache: { get: () => undefined, set: () => {} },
      flights: { run: (_key, work) => ({ promise: work(), shared: false }) },
      now: () => appContext().now(),
      logger: () => appContext().logger,
    }),
  };
  return naive;
}

/** This process's rates runtime, built on first use. */
export function ratesRuntime(): RatesRuntime {
  runtime ??= build();
  return runtime;
}

/** Drops what is cached for `shop` (after its settings or connection change). */
export function forgetShopRates(shop: string): void {
  if (!runtime) return;
  runtime.profiles.forget(shop);
  runtime.cache.deletePrefix(`${shop}|`);
}

/** Writes the buffered quote log and forgets every cache; the next call builds a fresh runtime. */
export async function stopRatesRuntime(): Promise<void> {
  const current = runtime;
  runtime = undefined;
  await current?.quoteLog.stop();
  await current?.shared?.close();
}
