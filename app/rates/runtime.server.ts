/**
 * The rate callback's per-process state: the rate cache, the in-flight map, the shop profiles and
 * the quote log. The composition root (app/composition.server.ts) builds one per process and hands
 * it on as `services.rates`; the settings and readiness code reach it there.
 */
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import type { SvcClient } from "~/svc";
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
  /** Drops what is cached for `shop` (after its settings or connection change). */
  forget(shop: string): void;
  /** Writes the buffered quote log and closes the shared cache's connection (when the process stops). */
  stop(): Promise<void>;
}

/**
 * What the runtime reads at each call. They are read when used, not when built, so one runtime
 * (and its caches) lasts the process while a test swaps a part of its graph (test/helpers/app-services.ts).
 */
export interface RatesRuntimeDeps {
  db(): PrismaClient;
  logger(): Logger;
  now(): Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
  /** The rate cache refreshes an entry ahead of its expiry (RATES_REFRESH_AHEAD). */
  refreshAhead: boolean;
  /** The cache shared by the instances (REDIS_URL); unset, each instance caches alone. */
  redisUrl?: string;
}

function profileSource(deps: RatesRuntimeDeps) {
  return contextProfileSource({ db: deps.db(), svcClientFor: (shop) => deps.svcClientFor(shop) });
}

/** A process's rates runtime (built once, by the composition root). */
export function createRatesRuntime(deps: RatesRuntimeDeps): RatesRuntime {
  const cache = new TtlLruCache<UpstreamOutcome>(RATE_CACHE_MAX_ENTRIES, Date.now, {
    maxBytes: RATE_CACHE_MAX_BYTES,
    sizeOf: approximateEntryBytes,
  });
  const profiles = createShopProfiles({ source: () => profileSource(deps) });
  const lastQuotes = new TtlLruCache<LastQuote>(LAST_QUOTES_MAX_ENTRIES, Date.now, {
    maxBytes: LAST_QUOTES_MAX_BYTES,
    sizeOf: approximateEntryBytes,
  });
  const shared = deps.redisUrl
    ? createRedisRateCache({
        url: deps.redisUrl,
        logger: () => deps.logger(),
        onEvent: (event) => metrics.rateSharedCache(event),
      })
    : undefined;
  const quoteRates = createRateQuoter({
    shared,
    profiles,
    cache,
    lastQuotes,
    refreshAhead: deps.refreshAhead,
    repeats: true,
    flights: new SingleFlight<UpstreamOutcome>(),
    now: () => deps.now(),
    logger: () => deps.logger(),
  });
  const quoteLog = createQuoteLogWriter({ db: () => deps.db(), logger: () => deps.logger() });
  return {
    quoteRates,
    quoteLog,
    profiles,
    cache,
    lastQuotes,
    shared,
    forget(shop) {
      profiles.forget(shop);
      cache.deletePrefix(`${shop}|`);
    },
    async stop() {
      await quoteLog.stop();
      await shared?.close();
    },
  };
}

/**
 * The benchmark's baseline (docs/benchmarks.md): the same quoting, but with nothing kept between
 * requests — every request loads the shop from the database and makes its own upstream call.
 */
export function createNaiveRatesRuntime(deps: RatesRuntimeDeps): Pick<RatesRuntime, "quoteRates"> {
  return {
    quoteRates: createRateQuoter({
      profiles: createShopProfiles({ source: () => profileSource(deps), ttlMs: 0 }),
      cache: { get: () => undefined, set: () => {} },
      flights: { run: (_key, work) => ({ promise: work(), shared: false }) },
      now: () => deps.now(),
      logger: () => deps.logger(),
    }),
  };
}
