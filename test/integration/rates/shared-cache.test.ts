// The shared rate cache against a real Redis (Debian's redis-server) and the service sandbox over
// HTTP: several "instances" (each its own quoter, in-process cache, single-flight and Redis client,
// as separate processes have) share one Redis. A cart one instance quoted is answered by the
// others; identical misses on several instances at once make one upstream call; a claim whose
// holder never answers is waited on for a bounded time only; and with Redis stopped, frozen or
// holding garbage, checkout still gets the service's rates before the deadline.
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ratesSettingsSchema, type RatesSettings } from "~/shop/settings-schema";
import { parseRateRequest } from "~/rates";
import { quoteCacheKey } from "~/rates/cache-key";
import { quotationLines } from "~/rates/quotation-request";
import { SingleFlight } from "~/rates/single-flight";
import { TtlLruCache } from "~/rates/ttl-cache";
import { type UpstreamOutcome } from "~/rates/upstream-outcome";
import { createRateQuoter, DEADLINE_MARGIN_MS, type LastQuote } from "~/rates/quote-rates.server";
import {
  createRedisRateCache,
  parseSharedValue,
  SHARED_KEY_PREFIX,
  type SharedCacheEvent,
  type SharedRateCache,
} from "~/rates/shared-cache.server";
import type { ShopProfile, ShopProfiles } from "~/rates/shop-profile.server";
import { createSvcClient, SvcTokenCache } from "~/svc";
import fixture from "../../fixtures/carrier-rate-request.mx.json";
import { startRedisServer, type RedisServer } from "../../helpers/redis-server";
import { API_KEY, product, QUOTE_PATH, setupClient, startSandbox, upstreamLog, type Sandbox } from "./support/harness";

const SHOP = "tienda-compartida.myshopify.com";
/** The sandbox's added latency: long enough that misses sent together overlap on every instance. */
const LATENCY_MS = 300;
const DEADLINE_MS = 2_500;

let redis: RedisServer;
let sandbox: Sandbox;
let admin: Redis;
const upstream = upstreamLog();
const instances: Instance[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  sandbox = await startSandbox({ latencyMs: LATENCY_MS, initialStock: 1_000_000 });
  await setupClient(sandbox).createProducts({ productos: [product("TAZA-AZ")] });
  admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  admin.on("error", () => {}); // the test's own client while it stops Redis on purpose
}, 60_000);

afterEach(async () => {
  redis.thaw();
  for (const instance of instances.splice(0)) await instance.shared.close();
  if (admin.status === "ready") await admin.flushall();
  upstream.reset();
});

afterAll(async () => {
  admin?.disconnect();
  await redis?.close();
  await sandbox?.close();
});

interface Instance {
  quote(cart?: number): ReturnType<ReturnType<typeof createRateQuoter>>;
  shared: SharedRateCache;
  events: SharedCacheEvent[];
  cache: TtlLruCache<UpstreamOutcome>;
}

function shopRules(overrides: Partial<RatesSettings> = {}): RatesSettings {
  return ratesSettingsSchema.parse({ deadlineMs: DEADLINE_MS, ...overrides });
}

/** One app instance: its own client, caches and Redis connection; resolves once Redis is connected. */
async function instance(opts: { rules?: RatesSettings; connected?: boolean } = {}): Promise<Instance> {
  const client = createSvcClient({
    baseUrl: sandbox.url,
    apiKey: API_KEY,
    tokenCache: new SvcTokenCache(),
    fetch: upstream.fetch,
  });
  // Every instance names the connection alike (a hash of the stored key in production).
  const profile: ShopProfile = {
    shop: SHOP,
    client,
    connection: "conn-1",
    rules: opts.rules ?? shopRules(),
    settingsVersion: 3,
  };
  const profiles: ShopProfiles = {
    get: async () => profile,
    cached: () => profile,
    forget: () => {},
    clear: () => {},
  };
  const events: SharedCacheEvent[] = [];
  const shared = createRedisRateCache({
    url: redis.url,
    logger: () => ({ info() {}, warn() {} }),
    onEvent: (event) => events.push(event),
    // A frozen Redis is given up on quickly in these tests.
    commandTimeoutMs: 200,
  });
  const cache = new TtlLruCache<UpstreamOutcome>(1_000);
  const quoteRates = createRateQuoter({
    profiles,
    cache,
    lastQuotes: new TtlLruCache<LastQuote>(1_000),
    flights: new SingleFlight(),
    shared,
    now: () => new Date(),
    logger: () => ({ warn() {} }),
  });
  const made: Instance = {
    quote: (cart = 1) => quoteRates({ shop: SHOP, rate: cartRequest(cart), receivedAt: Date.now() }),
    shared,
    events,
    cache,
  };
  instances.push(made);
  if (opts.connected !== false) await connected(shared);
  return made;
}

/** Waits until the instance's Redis client is ready (a claim that is not "unavailable"). */
async function connected(shared: SharedRateCache): Promise<void> {
  const started = Date.now();
  for (;;) {
    const claim = await shared.claim(`probe-${Math.random()}`, 1_000);
    if (claim.state === "acquired") return claim.release();
    if (Date.now() - started > 20_000) throw new Error("the instance did not connect to Redis within 20 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The example cart (two mugs), with `cart` mugs so each number is its own cart. */
function cartRequest(cart: number) {
  const items = [{ ...structuredClone(fixture.rate.items[0]!), quantity: cart }];
  const parsed = parseRateRequest({ rate: { ...structuredClone(fixture.rate), items } });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rate;
}

/** Resolves once `check` holds (checked every 10 ms, for up to 20 s). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 20_000) throw new Error("condition not reached within 20 s");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each rate's service and price (the dates move with the clock). */
function prices(result: { answer: unknown }) {
  const answer = result.answer as { rates?: { service_code: string; total_price: string }[] };
  return (answer.rates ?? []).map((r) => `${r.service_code} ${r.total_price}`);
}

/** The shared key of cart `cart` for the test shop, as the quoter builds it. */
function keyOf(cart: number): string {
  const rate = cartRequest(cart);
  const lines = quotationLines(rate);
  if (!lines.ok) throw new Error("unquotable cart");
  return quoteCacheKey({
    shop: SHOP,
    connection: "conn-1",
    settingsVersion: 3,
    lines: lines.lines,
    destination: rate.destination,
  });
}

describe("the shared rate cache (Redis)", () => {
  it("answers a cart one instance quoted from the others, without an upstream call", async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    const first = await a.quote(1);
    expect(first).toMatchObject({ outcome: "rates", cacheHit: false });
    expect(upstream.count(QUOTE_PATH)).toBe(1);

    const fromB = await b.quote(1);
    const fromC = await c.quote(1);
    expect(fromB).toMatchObject({ outcome: "rates", cacheHit: true });
    expect(prices(fromC)).toEqual(prices(first));
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    expect(b.events).toEqual(["hit"]);
    // …and kept in B's own cache: the next ask does not even go to Redis.
    await b.quote(1);
    expect(b.events).toEqual(["hit"]);
    // The entry lives in Redis for the shop's cache TTL.
    const ttl = await admin.pttl(`${SHARED_KEY_PREFIX}q:${keyOf(1)}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(shopRules().cacheTtlSeconds * 1000);
  });

  it("makes one upstream call for identical misses on several instances at once", async () => {
    const all = [await instance(), await instance(), await instance()];
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => all[i % 3]!.quote(2)));
    expect(results.map((r) => r.outcome)).toEqual(Array(30).fill("rates"));
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    // One answer came from the service; the other 29 joined it (in-process or through Redis).
    expect(results.filter((r) => !r.cacheHit)).toHaveLength(1);
    expect(all.flatMap((i) => i.events)).toContain("waited");
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
  });

  it("asks the service itself when the instance holding the claim never answers, before the deadline", async () => {
    const b = await instance();
    // An instance that claimed the cart and died: its claim stays until it expires.
    await admin.set(`${SHARED_KEY_PREFIX}claim:${keyOf(3)}`, "a-dead-instance", "PX", 60_000);
    const started = Date.now();
    const result = await b.quote(3);
    const took = Date.now() - started;
    expect(result).toMatchObject({ outcome: "rates", cacheHit: false });
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    // It waited about half of the time left, then had the other half for its own call.
    expect(took).toBeGreaterThanOrEqual((DEADLINE_MS - DEADLINE_MARGIN_MS) / 2 - 50);
    expect(took).toBeLessThan(DEADLINE_MS);
  });

  it("still answers from the service when Redis is down, and shares again once it is back", async () => {
    const a = await instance();
    const b = await instance();
    await redis.stop();
    try {
      const ra = await a.quote(4);
      const rb = await b.quote(4);
      expect([ra.outcome, rb.outcome]).toEqual(["rates", "rates"]);
      expect(prices(ra)).toEqual(prices(rb));
      // Nothing shared: each instance asked the service.
      expect(upstream.count(QUOTE_PATH)).toBe(2);
      expect(a.events).toContain("unavailable");
    } finally {
      await redis.restart();
    }
    await connected(a.shared);
    await connected(b.shared);
    upstream.reset();
    await a.quote(5);
    expect(await b.quote(5)).toMatchObject({ outcome: "rates", cacheHit: true });
    expect(upstream.count(QUOTE_PATH)).toBe(1);
  });

  it("still answers before the deadline when Redis stops answering (frozen)", async () => {
    const a = await instance();
    redis.freeze();
    const started = Date.now();
    const result = await a.quote(6);
    expect(result).toMatchObject({ outcome: "rates", cacheHit: false });
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    expect(a.events).toContain("unavailable");
  });

  it("starts answering before its Redis connection is up, without waiting for it", async () => {
    redis.freeze();
    const a = await instance({ connected: false });
    const result = await a.quote(7);
    expect(result.outcome).toBe("rates");
    expect(a.events).toEqual(["unavailable"]);
  });

  it("reads what it does not recognise in Redis as no entry, and asks the service", async () => {
    const a = await instance();
    await admin.set(
      `${SHARED_KEY_PREFIX}q:${keyOf(8)}`,
      '{"outcome":{"kind":"quoted","services":"all"}}',
      "PX",
      60_000,
    );
    const result = await a.quote(8);
    expect(result).toMatchObject({ outcome: "rates", cacheHit: false });
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    expect(parseSharedValue("not json", 1_000)).toBeUndefined();
    expect(parseSharedValue('{"outcome":{"kind":"not_served"},"quotedAt":1}', 1_000)).toEqual({
      outcome: { kind: "not_served" },
      quotedAt: 1,
      remainingMs: 1_000,
    });
  });

  it("refreshes a cart about to expire once for every instance, and the others take the refreshed entry", async () => {
    const rules = shopRules({ cacheTtlSeconds: 2 });
    const [a, b] = [await instance({ rules }), await instance({ rules })];
    await a.quote(10);
    expect(await b.quote(10)).toMatchObject({ cacheHit: true });
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    const key = keyOf(10);
    // Into the last tenth of the entry's life on both: each hit starts a refresh.
    await until(() => (b.cache.remainingMs(key) ?? 0) <= 200 && (a.cache.remainingMs(key) ?? 0) <= 200);
    await Promise.all([a.quote(10), b.quote(10)]);
    // One of them refreshed it in Redis for another full TTL…
    await until(async () => (await admin.pttl(`${SHARED_KEY_PREFIX}q:${keyOf(10)}`)) > 1_000);
    await until(() => a.cache.remainingMs(key) === undefined || b.cache.remainingMs(key) === undefined);
    // …and the instance whose own copy ran out takes it from there: two quotations in all.
    const late = [a, b].find((i) => i.cache.remainingMs(key) === undefined)!;
    expect(await late.quote(10)).toMatchObject({ outcome: "rates", cacheHit: true });
    expect(upstream.count(QUOTE_PATH)).toBe(2);
  });

  it("shares nothing for a shop with caching off", async () => {
    const rules = shopRules({ cacheTtlSeconds: 0 });
    const [a, b] = [await instance({ rules }), await instance({ rules })];
    await a.quote(9);
    await b.quote(9);
    expect(upstream.count(QUOTE_PATH)).toBe(2);
    expect(await admin.keys(`${SHARED_KEY_PREFIX}*`)).toEqual([]);
  });
});
