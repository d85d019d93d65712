// RateQuoter.repeat (issue 34): a cache hit remembered by its body's key answers the same body
// again without parsing, keying or rendering it, but only while everything the answer was made of
// is unchanged — the second of its delivery dates, the shop's settings and connection, the very
// cache entry — and never past the refresh-ahead point, which the full path still starts.
import { describe, expect, it } from "vitest";
import type { RatesSettings } from "~/shop/shop-settings.server";
import { SingleFlight } from "~/rates/single-flight";
import { TtlLruCache } from "~/rates/ttl-cache";
import type { UpstreamOutcome } from "~/rates/upstream-outcome";
import { createRateQuoter, REFRESH_AHEAD_FRACTION, REPEAT_MAX_ENTRIES } from "~/rates/quote-rates.server";
import type { ShopProfile, ShopProfiles } from "~/rates/shop-profile.server";
import type { SvcClient } from "~/svc";
import { CDMX_QUOTE, rateRequest, rules, WEDNESDAY_NOON } from "./support";

const SHOP = "tienda.myshopify.com";
const BODY = "c2lnbmF0dXJlLW9mLXRoZS1ib2R5LWJ5dGVzLi4uLi4uLi4=";

function setup(shopRules: RatesSettings = rules({ cacheTtlSeconds: 60 }), opts: { repeats?: boolean } = {}) {
  const calls: unknown[] = [];
  const client = {
    quote: async (params: unknown) => {
      calls.push(params);
      return { products: [], services: CDMX_QUOTE, raw: {} };
    },
  } as unknown as SvcClient;
  const state = {
    profile: { shop: SHOP, client, connection: "c1", rules: shopRules, settingsVersion: 1 } as ShopProfile,
  };
  const profiles: ShopProfiles = {
    get: async (shop) => (shop === SHOP ? state.profile : null),
    cached: (shop) => (shop === SHOP ? state.profile : undefined),
    forget: () => {},
    clear: () => {},
  };
  const clock = { ms: WEDNESDAY_NOON.getTime() };
  const cache = new TtlLruCache<UpstreamOutcome>(100, () => clock.ms);
  const quoteRates = createRateQuoter({
    profiles,
    cache,
    clock: () => clock.ms,
    flights: new SingleFlight(),
    now: () => new Date(clock.ms),
    logger: () => ({ warn: () => {} }),
    repeats: opts.repeats ?? true,
  });
  const ask = (repeatKey: string | undefined = BODY, rate = rateRequest()) =>
    quoteRates({ shop: SHOP, rate, receivedAt: clock.ms, ...(repeatKey ? { repeatKey } : {}) });
  const again = (repeatKey = BODY, shop = SHOP) => quoteRates.repeat({ shop, repeatKey });
  return { quoteRates, ask, again, calls, clock, cache, state };
}

describe("RateQuoter.repeat", () => {
  it("answers a repeated body within the same second with the full path's very answer", async () => {
    const { ask, again, calls } = setup();
    // GIVEN a miss (not remembered) then a hit (remembered under the body's key)
    await ask();
    expect(again()).toBeUndefined();
    const hit = await ask();
    expect(hit.cacheHit).toBe(true);
    // THEN the same body is answered again, identical to what the full path answers now
    const repeated = again();
    expect(repeated).toBe(hit);
    expect(repeated).toEqual(await ask());
    expect(repeated).toMatchObject({
      outcome: "rates",
      cacheHit: true,
      services: ["NACIONAL", "EXPRESS", "PROGRAMADO"],
    });
    expect(calls).toHaveLength(1);
  });

  it("answers nothing for another body, another shop, or a quoter without repeats", async () => {
    const { ask, again } = setup();
    await ask();
    await ask();
    expect(again("b3RoZXI=")).toBeUndefined();
    expect(again(BODY, "otra.myshopify.com")).toBeUndefined();
    const off = setup(undefined, { repeats: false });
    await off.ask();
    await off.ask();
    expect(off.again()).toBeUndefined();
  });

  it("renders the delivery dates again once the second has passed", async () => {
    const { ask, again, clock } = setup();
    await ask();
    // Remembered half way through a second: its one-second life would outlast the second.
    clock.ms += 500;
    const first = await ask();
    clock.ms += 999 - (clock.ms % 1000);
    expect(again()).toBe(first);
    clock.ms += 1;
    expect(again()).toBeUndefined();
    const later = await ask();
    const dates = (r: typeof first) =>
      r.answer.kind === "rates" ? r.answer.rates.map((x) => x.min_delivery_date) : [];
    expect(dates(later)).not.toEqual(dates(first));
    expect(again()).toBe(later);
  });

  it("answers nothing once the shop's settings version or connection changes", async () => {
    const { ask, again, state } = setup();
    await ask();
    await ask();
    state.profile = {
      ...state.profile,
      settingsVersion: 2,
      rules: rules({ cacheTtlSeconds: 60, markupFixedCentavos: 1_000 }),
    };
    expect(again()).toBeUndefined();
    const repriced = await ask();
    expect(repriced.answer.kind === "rates" && repriced.answer.rates[0]?.total_price).toBe("10900");
    await ask();
    state.profile = { ...state.profile, connection: "c2" };
    expect(again()).toBeUndefined();
  });

  it("answers nothing once the cache entry has expired or been replaced", async () => {
    const { ask, again, cache, clock, calls } = setup(rules({ cacheTtlSeconds: 60 }));
    await ask();
    await ask();
    expect(again()).toBeDefined();
    // replaced: the same key now holds another quotation
    const [key] = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
    cache.set(key!, { kind: "quoted", services: CDMX_QUOTE.slice(0, 1) }, 60_000);
    expect(again()).toBeUndefined();
    expect((await ask()).services).toEqual(["NACIONAL"]);
    // expired: a repeat never outlives the entry it was made from
    clock.ms += 60_000;
    expect(again()).toBeUndefined();
    expect((await ask()).cacheHit).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("leaves a hit due for its refresh-ahead to the full path, which starts the refresh", async () => {
    const ttlMs = 60_000;
    const { ask, again, clock, calls } = setup(rules({ cacheTtlSeconds: ttlMs / 1000 }));
    clock.ms += 500;
    await ask();
    // GIVEN a hit remembered 100 ms before the entry's last tenth begins, in the same second
    const dueAt = clock.ms + ttlMs * (1 - REFRESH_AHEAD_FRACTION);
    clock.ms = dueAt - 100;
    await ask();
    expect(again()).toBeDefined();
    expect(calls).toHaveLength(1);
    // WHEN the last tenth begins THEN the repeat answers nothing (no refresh from it)
    clock.ms = dueAt;
    expect(again()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    // THEN the full path's hit starts one refresh
    await ask();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(2);
  });

  it("keeps at most REPEAT_MAX_ENTRIES bodies", async () => {
    const { ask, again } = setup();
    await ask(undefined);
    for (let i = 0; i <= REPEAT_MAX_ENTRIES; i++) await ask(`body-${i}`);
    expect(again("body-0")).toBeUndefined();
    expect(again(`body-${REPEAT_MAX_ENTRIES}`)).toBeDefined();
  });
});
