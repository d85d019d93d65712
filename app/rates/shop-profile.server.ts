/**
 * What the callback needs to know about a shop (its service client and rate rules), cached in
 * memory for a few seconds so that a quote served from the rate cache touches no database. The
 * settings page forgets a shop's profile when it saves, so a change is seen at once in this
 * process; other processes see it within the profile TTL.
 */
import { getShopSettings, type RatesSettings } from "~/models/shop-settings.server";
import type { SvcClient } from "~/svc";
import { SingleFlight } from "./single-flight";
import { TtlLruCache } from "./ttl-cache";

export interface ShopProfile {
  shop: string;
  client: SvcClient;
  /** Changes whenever the shop's connection (key or environment) changes. */
  connection: string;
  rules: RatesSettings;
  settingsVersion: number;
}

export interface ShopProfiles {
  /** The shop's profile; null when the shop is unknown, uninstalled or not connected. */
  get(shop: string): Promise<ShopProfile | null>;
  forget(shop: string): void;
  clear(): void;
}

export interface ShopProfileSource {
  svcClientFor(shop: string): Promise<SvcClient | null>;
  loadSettings(shop: string): Promise<{ rules: RatesSettings; version: number }>;
}

export const DEFAULT_PROFILE_TTL_MS = 5_000;

/** Builds the profile cache over `source` (the app context in production). */
export function createShopProfiles(opts: {
  source: () => ShopProfileSource;
  ttlMs?: number;
  maxShops?: number;
  now?: () => number;
}): ShopProfiles {
  const ttlMs = opts.ttlMs ?? DEFAULT_PROFILE_TTL_MS;
  const cache = new TtlLruCache<ShopProfile | null>(opts.maxShops ?? 10_000, opts.now);
  const loads = new SingleFlight<ShopProfile | null>();
  const connectionIds = new WeakMap<SvcClient, string>();
  let nextConnection = 0;
  // Bumped by forget/clear so that a load started before them cannot store a stale profile.
  let generation = 0;

  const connectionOf = (client: SvcClient) => {
    let id = connectionIds.get(client);
    if (!id) connectionIds.set(client, (id = `c${++nextConnection}`));
    return id;
  };

  async function load(shop: string): Promise<ShopProfile | null> {
    const source = opts.source();
    const client = await source.svcClientFor(shop);
    if (!client) return null;
    const { rules, version } = await source.loadSettings(shop);
    return { shop, client, connection: connectionOf(client), rules, settingsVersion: version };
  }

  return {
    async get(shop) {
      const cached = cache.get(shop);
      if (cached !== undefined) return cached;
      const started = generation;
      const profile = await loads.run(shop, () => load(shop)).promise;
      if (started === generation) cache.set(shop, profile, ttlMs);
      return profile;
    },
    forget(shop) {
      generation += 1;
      cache.delete(shop);
    },
    clear() {
      generation += 1;
      cache.clear();
    },
  };
}

/** The production source: the app context's client resolver and the stored settings. */
export function contextProfileSource(ctx: {
  db: Parameters<typeof getShopSettings>[0]["db"];
  svcClientFor(shop: string): Promise<SvcClient | null>;
}): ShopProfileSource {
  return {
    svcClientFor: (shop) => ctx.svcClientFor(shop),
    loadSettings: async (shop) => {
      const { settings, version } = await getShopSettings({ db: ctx.db, shop });
      return { rules: settings.rates, version };
    },
  };
}
