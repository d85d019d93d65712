// The callback's shop profiles: cached, and past their TTL refreshed in the background while the
// old profile still answers, so a cached quote never waits on the database.
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/shop/shop-settings.server";
import { createShopProfiles, type ShopProfileSource } from "~/rates/shop-profile.server";
import type { SvcClient } from "~/svc";

const SHOP = "tienda.myshopify.com";

function source() {
  let version = 1;
  let pending: { resolve: () => void }[] = [];
  let hold = false;
  const calls = { loads: 0 };
  const client = {} as SvcClient;
  const src: ShopProfileSource = {
    svcClientFor: async () => client,
    loadSettings: async () => {
      calls.loads += 1;
      if (hold) await new Promise<void>((resolve) => pending.push({ resolve }));
      return { rules: DEFAULT_SETTINGS.rates, version };
    },
  };
  return {
    src,
    calls,
    setVersion: (v: number) => (version = v),
    hold: (on: boolean) => (hold = on),
    release: () => {
      pending.forEach((p) => p.resolve());
      pending = [];
    },
  };
}

describe("shop profiles", () => {
  it("answers a profile past its TTL at once and loads a fresh one in the background", async () => {
    let now = 0;
    const s = source();
    const profiles = createShopProfiles({ source: () => s.src, ttlMs: 5_000, staleMs: 60_000, now: () => now });
    expect((await profiles.get(SHOP))?.settingsVersion).toBe(1);

    // GIVEN the settings changed in another process and the TTL passed, with the database slow
    s.setVersion(2);
    s.hold(true);
    now = 6_000;
    // WHEN the callback asks THEN it gets the old profile without waiting for the load
    const answered = await Promise.race([profiles.get(SHOP), new Promise((r) => setTimeout(() => r("waited"), 50))]);
    expect(answered).toMatchObject({ settingsVersion: 1 });
    expect(s.calls.loads).toBe(2);
    // AND once the load finishes the new profile is answered
    s.release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await profiles.get(SHOP))?.settingsVersion).toBe(2);
    expect(s.calls.loads).toBe(2);
  });

  it("waits for a load once the stale limit passed, and after forget", async () => {
    let now = 0;
    const s = source();
    const profiles = createShopProfiles({ source: () => s.src, ttlMs: 5_000, staleMs: 60_000, now: () => now });
    await profiles.get(SHOP);
    s.setVersion(3);
    now = 61_000;
    expect((await profiles.get(SHOP))?.settingsVersion).toBe(3);
    s.setVersion(4);
    profiles.forget(SHOP);
    expect((await profiles.get(SHOP))?.settingsVersion).toBe(4);
  });

  it("keeps answering the last known profile for as long as the database stays unreachable", async () => {
    let now = 0;
    const s = source();
    let down = false;
    const src: ShopProfileSource = {
      ...s.src,
      loadSettings: async (shop) => {
        if (down) throw new Error("database unreachable");
        return s.src.loadSettings(shop);
      },
    };
    const profiles = createShopProfiles({ source: () => src, ttlMs: 5_000, staleMs: 60_000, now: () => now });
    await profiles.get(SHOP);
    // GIVEN the database goes down, and checkout keeps asking every 30 s for five minutes
    down = true;
    for (now = 30_000; now <= 300_000; now += 30_000) {
      // THEN every answer is the last known profile, well past the 60 s stale limit
      expect((await profiles.get(SHOP))?.settingsVersion).toBe(1);
      await new Promise((r) => setTimeout(r, 0)); // the failed background load settles
    }
    // AND once the database is back, the next loads bring the current settings
    down = false;
    s.setVersion(2);
    await profiles.get(SHOP);
    await new Promise((r) => setTimeout(r, 0));
    expect((await profiles.get(SHOP))?.settingsVersion).toBe(2);
  });

  it("keeps nothing with a TTL of 0 (the naive baseline): every call loads", async () => {
    const s = source();
    const profiles = createShopProfiles({ source: () => s.src, ttlMs: 0 });
    await Promise.all([profiles.get(SHOP), profiles.get(SHOP)]);
    await profiles.get(SHOP);
    expect(s.calls.loads).toBe(3);
  });
});
