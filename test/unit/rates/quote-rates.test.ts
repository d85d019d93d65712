import { describe, expect, it, vi } from "vitest";
import type { RatesSettings } from "~/shop/shop-settings.server";
import { SingleFlight } from "~/rates/single-flight";
import { TtlLruCache } from "~/rates/ttl-cache";
import { type UpstreamOutcome } from "~/rates/upstream-outcome";
import {
  createRateQuoter,
  DEADLINE_MARGIN_MS,
  ERROR_TTL_MS,
  REFRESH_AHEAD_FRACTION,
  type LastQuote,
} from "~/rates/quote-rates.server";
import type { ShopProfile, ShopProfiles } from "~/rates/shop-profile.server";
import { SvcDestinationNotServedError, type SvcClient } from "~/svc";
import { SvcUnexpectedError } from "~/svc/errors";
import { type SvcQuoteParams } from "~/svc/client";
import { CDMX_QUOTE, rateRequest, rules, WEDNESDAY_NOON } from "./support";

const SHOP = "tienda.myshopify.com";

/** A service client that only quotes, answering with `answer` and counting calls; anything else fails loudly. */
function fakeClient(answer: (params: SvcQuoteParams) => Promise<unknown>) {
  const calls: SvcQuoteParams[] = [];
  const unexpected = () => {
    throw new Error("unexpected call");
  };
  const client = {
    quote: async (params: SvcQuoteParams) => {
      calls.push(params);
      return answer(params);
    },
    auth: unexpected,
    createProducts: unexpected,
    createOrder: unexpected,
    getOrder: unexpected,
    getProduct: unexpected,
    listPickupOrders: unexpected,
    getReception: unexpected,
    getStock: unexpected,
  } as unknown as SvcClient;
  return { client, calls };
}

function setup(
  shopRules: RatesSettings,
  answer: (params: SvcQuoteParams) => Promise<unknown>,
  now = { ms: Date.parse("2026-11-25T18:00:00Z") },
  opts: { fakeClock?: boolean } = {},
) {
  const { client, calls } = fakeClient(answer);
  const profile: ShopProfile = { shop: SHOP, client, connection: "c1", rules: shopRules, settingsVersion: 1 };
  const profiles: ShopProfiles = {
    get: async (shop) => (shop === SHOP ? profile : null),
    cached: () => undefined,
    forget: () => {},
    clear: () => {},
  };
  const cache = new TtlLruCache<UpstreamOutcome>(100, () => now.ms);
  const lastQuotes = new TtlLruCache<LastQuote>(100, () => now.ms);
  const warnings: string[] = [];
  const quoteRates = createRateQuoter({
    profiles,
    cache,
    lastQuotes,
    ...(opts.fakeClock ? { clock: () => now.ms } : {}),
    flights: new SingleFlight(),
    now: () => WEDNESDAY_NOON,
    logger: () => ({ warn: (_o, msg) => warnings.push(String(msg)) }),
  });
  return { quoteRates, calls, cache, now, warnings };
}

const quoted = async () => ({ products: [], services: CDMX_QUOTE, raw: {} });

describe("quoteRates", () => {
  it("quotes the cart and answers Shopify rates", async () => {
    const { quoteRates, calls } = setup(rules(), quoted);
    const result = await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    expect(result).toMatchObject({
      outcome: "rates",
      cacheHit: false,
      services: ["NACIONAL", "EXPRESS", "PROGRAMADO"],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      lines: [{ identifier: "TAZA-AZ", quantity: 2 }],
      destination: { postalCode: "06500" },
    });
    expect(calls[0]?.deadline).toEqual(expect.any(Number));
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("answers an unknown shop with no rates and no upstream call", async () => {
    const { quoteRates, calls } = setup(rules(), quoted);
    const result = await quoteRates({ shop: "otra.myshopify.com", rate: rateRequest(), receivedAt: Date.now() });
    expect(result).toMatchObject({ outcome: "rejected", answer: { kind: "rates", rates: [] } });
    expect(calls).toHaveLength(0);
  });

  it("answers a repeated cart from the cache until the shop's TTL passes", async () => {
    const { quoteRates, calls, now } = setup(rules({ cacheTtlSeconds: 60 }), quoted);
    const ask = () => quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    await ask();
    expect(await ask()).toMatchObject({ cacheHit: true, outcome: "rates" });
    expect(calls).toHaveLength(1);
    now.ms += 60_000;
    expect(await ask()).toMatchObject({ cacheHit: false });
    expect(calls).toHaveLength(2);
  });

  it("applies the rules to a cached quotation afresh (free shipping depends on each cart's subtotal)", async () => {
    const { quoteRates } = setup(
      rules({ freeShipping: { minSubtotalCentavos: 100_000, services: ["NACIONAL"] } }),
      quoted,
    );
    const small = await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    const big = await quoteRates({
      shop: SHOP,
      rate: rateRequest({ order_totals: { subtotal_price: 150_000 } }),
      receivedAt: Date.now(),
    });
    expect(big.cacheHit).toBe(true);
    const nacional = (r: typeof small) =>
      r.answer.kind === "rates" ? r.answer.rates.find((x) => x.service_code === "NACIONAL")?.total_price : undefined;
    expect([nacional(small), nacional(big)]).toEqual(["9900", "0"]);
  });

  it("caches a failure for 30 seconds only", async () => {
    const { quoteRates, calls, now } = setup(rules(), async () => {
      throw new SvcUnexpectedError({ endpoint: "quote", message: "HTTP 500", status: 500 });
    });
    const ask = () => quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    expect(await ask()).toMatchObject({ outcome: "backup", cacheHit: false });
    expect(await ask()).toMatchObject({ outcome: "backup", cacheHit: true });
    now.ms += ERROR_TTL_MS;
    await ask();
    expect(calls).toHaveLength(2);
  });

  it("caches nothing when the shop's TTL is zero", async () => {
    const { quoteRates, calls } = setup(rules({ cacheTtlSeconds: 0 }), async () => {
      throw new SvcDestinationNotServedError({ endpoint: "quote", message: "SHP-003", status: 409 });
    });
    await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    expect(calls).toHaveLength(2);
  });

  it("shares one upstream call among concurrent identical requests", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { quoteRates, calls } = setup(rules(), async () => {
      await gate;
      return quoted();
    });
    const pending = Array.from({ length: 50 }, () =>
      quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const results = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    expect(results.filter((r) => r.cacheHit)).toHaveLength(49);
    expect(new Set(results.map((r) => JSON.stringify(r.answer)))).toHaveProperty("size", 1);
  });

  it("answers by the failure policy just before the deadline when the service hangs", async () => {
    const { quoteRates, warnings } = setup({ ...rules(), deadlineMs: 100 }, () => new Promise(() => {}));
    const started = Date.now();
    const result = await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: started });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ outcome: "backup" });
    // The wait ends DEADLINE_MARGIN_MS early, leaving time to write the answer.
    expect(elapsed).toBeGreaterThanOrEqual(100 - DEADLINE_MARGIN_MS - 5);
    expect(elapsed).toBeLessThan(150);
    // The warning is written once the answer is on its way.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toContain("rate quotation failed");
  });

  it("answers the fallback rates for an item without SKU, without calling the service", async () => {
    const withFallback = rules({
      fallbackRates: [{ service: "NACIONAL", name: "Tarifa fija", priceCentavos: 12_000 }],
    });
    const { quoteRates, calls } = setup(withFallback, quoted);
    const rate = rateRequest({
      items: [{ name: "Sin SKU", sku: null, quantity: 1, requires_shipping: true, price: 100 }],
    });
    expect(await quoteRates({ shop: SHOP, rate, receivedAt: Date.now() })).toMatchObject({
      outcome: "fallback",
      services: ["NACIONAL"],
    });
    expect(calls).toHaveLength(0);
  });

  it("answers by the shop's policy when something of ours throws", async () => {
    const { quoteRates } = setup(
      {
        ...rules(),
        onFailure: "fallback_rates",
        fallbackRates: [{ service: "NACIONAL", name: "Fija", priceCentavos: 1 }],
      },
      async () => ({
        products: [],
        services: [{ service: "NACIONAL", days: 3, totalPricing: "not money", description: "", provider: "" }],
        raw: {},
      }),
    );
    expect(await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() })).toMatchObject({
      outcome: "fallback",
    });
  });

  it("does not cache a failure when the deadline had passed before the service was asked", async () => {
    // GIVEN a request that arrived longer ago than the shop's deadline (e.g. a slow settings load)
    const { quoteRates, calls } = setup(rules({ onFailure: "backup_rates" }), quoted);
    const late = await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() - 60_000 });
    expect(late.outcome).toBe("backup");
    expect(calls).toHaveLength(0);
    // WHEN the same cart comes again in time THEN the service is asked, not a cached failure
    const onTime = await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: Date.now() });
    expect(onTime).toMatchObject({ outcome: "rates", cacheHit: false });
    expect(calls).toHaveLength(1);
  });
});

describe("stale-if-error", () => {
  const HOUR = 3_600_000;
  const failing = { on: false };
  const answer = async () => {
    if (failing.on) throw new SvcUnexpectedError({ endpoint: "quote", message: "HTTP 500", status: 500 });
    return quoted();
  };
  const start = () => {
    failing.on = false;
    const now = { ms: Date.parse("2026-11-25T18:00:00Z") };
    const s = setup(rules({ cacheTtlSeconds: 600, staleMaxAgeHours: 24 }), answer, now, { fakeClock: true });
    return { ...s, ask: () => s.quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms }) };
  };

  it("answers the cart's last real rates, marked stale, when the service fails within the maximum age", async () => {
    const { ask, now, calls } = start();
    const fresh = await ask();
    // WHEN the cache time has run out and the service fails
    now.ms += 23 * HOUR;
    failing.on = true;
    const stale = await ask();
    expect(calls).toHaveLength(2);
    // THEN the same services are answered, recorded as stale with their age
    expect(stale).toMatchObject({
      outcome: "stale",
      answer: { kind: "rates", outcome: "stale" },
      staleAgeMs: 23 * HOUR,
    });
    expect(stale.services).toEqual(fresh.services);
    // AND while the failure is cached, the next cart answers stale too without calling again
    expect(await ask()).toMatchObject({ outcome: "stale", cacheHit: true });
    expect(calls).toHaveLength(2);
  });

  it("falls to the failure policy (Shopify's backup rates) once the last rates are older than the maximum age", async () => {
    const { ask, now } = start();
    await ask();
    now.ms += 24 * HOUR + 1;
    failing.on = true;
    expect(await ask()).toMatchObject({ outcome: "backup", answer: { kind: "backup" } });
  });

  it("is off when the shop's maximum age is 0", async () => {
    const now = { ms: Date.parse("2026-11-25T18:00:00Z") };
    failing.on = false;
    const { quoteRates } = setup(rules({ cacheTtlSeconds: 0, staleMaxAgeHours: 0 }), answer, now, { fakeClock: true });
    await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms });
    failing.on = true;
    expect(await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms })).toMatchObject({
      outcome: "backup",
    });
  });

  it("never answers another cart's rates", async () => {
    const { quoteRates, now } = start();
    await quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms });
    failing.on = true;
    const other = await quoteRates({
      shop: SHOP,
      rate: rateRequest({
        items: [{ name: "Taza", sku: "TAZA-AZ", quantity: 5, grams: 450, price: 24_900, requires_shipping: true }],
      }),
      receivedAt: now.ms,
    });
    expect(other.outcome).toBe("backup");
  });
});

describe("refresh-ahead", () => {
  it("refreshes a cart asked for in the last tenth of its cache time, so it never misses", async () => {
    const now = { ms: Date.parse("2026-11-25T18:00:00Z") };
    const { quoteRates, calls } = setup(rules({ cacheTtlSeconds: 600 }), quoted, now, { fakeClock: true });
    const ask = () => quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms });
    await ask();
    // Before the window: a plain hit.
    now.ms += 600_000 * (1 - REFRESH_AHEAD_FRACTION) - 1_000;
    expect(await ask()).toMatchObject({ cacheHit: true });
    expect(calls).toHaveLength(1);
    // In the window: still a hit, and one background quotation renews the entry.
    now.ms += 2_000;
    expect(await ask()).toMatchObject({ cacheHit: true, outcome: "rates" });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // WHEN the first entry's time has passed THEN the renewed one answers
    now.ms += 120_000;
    expect(await ask()).toMatchObject({ cacheHit: true });
    expect(calls).toHaveLength(2);
  });

  it("keeps the live entry when the refresh fails", async () => {
    const now = { ms: Date.parse("2026-11-25T18:00:00Z") };
    let fail = false;
    const { quoteRates, calls } = setup(
      rules({ cacheTtlSeconds: 600 }),
      async () => {
        if (fail) throw new SvcUnexpectedError({ endpoint: "quote", message: "HTTP 500", status: 500 });
        return quoted();
      },
      now,
      { fakeClock: true },
    );
    const ask = () => quoteRates({ shop: SHOP, rate: rateRequest(), receivedAt: now.ms });
    await ask();
    fail = true;
    now.ms += 590_000;
    expect(await ask()).toMatchObject({ cacheHit: true, outcome: "rates" });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask()).toMatchObject({ cacheHit: true, outcome: "rates" });
  });
});
