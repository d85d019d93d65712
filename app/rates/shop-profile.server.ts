/**
 * What the callback needs to know about a shop (its service client and rate rules), cached in
 * memory for a few seconds (and refreshed in the background after that) so that a quote served
 * from the rate cache touches no database. The
 * settings page forgets a shop's profile when it saves, so a change is seen at once in this
 * process; other processes see it within the profile TTL.
 */
import { getShopSettings, type RatesSettings } from "~/shop/shop-settings.server";
import { svcConnectionId } from "~/shop/svc-connection.server";
import type { SvcClient } from "~/svc";
import { SingleFlight } from "./single-flight";
import { TtlLruCache } from "./ttl-cache";

export interface ShopProfile {
  shop: string;
  client: SvcClient;
  /**
   * Changes whenever the shop's connection (key or environment) changes; the same in every process
   * when the source names its connections (the shared rate cache keys on it).
   */
  connection: string;
  rules: RatesSettings;
  settingsVersion: number;
}

export interface ShopProfiles {
  /** The shop's profile; null when the shop is unknown, uninstalled or not connected. */
  get(shop: string): Promise<ShopProfile | null>;
  /** The profile in memory, at once (refreshing it in the background when past its TTL); undefined when none is. */
  cached(shop: string): ShopProfile | null | undefined;
  forget(shop: string): void;
  clear(): void;
}

export interface ShopProfileSource {
  svcClientFor(shop: string): Promise<SvcClient | null>;
  loadSettings(shop: string): Promise<{ rules: RatesSettings; version: number }>;
  /** A process-independent id of the client's connection; without one, a per-process id is used. */
  connectionId?(client: SvcClient): string | undefined;
}

const DEFAULT_PROFILE_TTL_MS = 5_000;
/**
 * How long a profile past its TTL may still answer while a fresh one loads (e.g. the database is
 * slow); while loads fail, each failure keeps it for this long again.
 */
const DEFAULT_PROFILE_STALE_MS = 60_000;

/**
 * Builds the profile cache over `source` (the app context in production). A profile past its TTL
 * is still answered at once while a fresh one loads in the background, so a cached quote never
 * waits on the database; only a shop's first request (or one after `forget`) waits for its load.
 * With `ttlMs: 0` nothing is kept and every call loads on its own (the benchmark's naive baseline).
 */
export function createShopProfiles(opts: {
  source: () => ShopProfileSource;
  ttlMs?: number;
  staleMs?: number;
  maxShops?: number;
  now?: () => number;
}): ShopProfiles {
  const ttlMs = opts.ttlMs ?? DEFAULT_PROFILE_TTL_MS;
  const staleMs = Math.max(ttlMs, opts.staleMs ?? DEFAULT_PROFILE_STALE_MS);
  const now = opts.now ?? Date.now;
  const cache = new TtlLruCache<{ profile: ShopProfile | null; freshUntil: number }>(opts.maxShops ?? 10_000, now);
  const loads = new SingleFlight<ShopProfile | null>();
  const connectionIds = new WeakMap<SvcClient, string>();
  let nextConnection = 0;
  // Bumped by forget/clear so that a load started before them cannot store a stale profile.
  let generation = 0;

  const connectionOf = (client: SvcClient, source: ShopProfileSource) => {
    let id = connectionIds.get(client);
    if (!id) connectionIds.set(client, (id = source.connectionId?.(client) ?? `c${++nextConnection}`));
    return id;
  };

  async function load(shop: string): Promise<ShopProfile | null> {
    const source = opts.source();
    const client = await source.svcClientFor(shop);
    if (!client) return null;
    const { rules, version } = await source.loadSettings(shop);
    return { shop, client, connection: connectionOf(client, source), rules, settingsVersion: version };
  }

  async function refresh(shop: string): Promise<ShopProfile | null> {
    const started = generation;
    const profile = await loads.run(shop, () => load(shop)).promise;
    if (started === generation) cache.set(shop, { profile, freshUntil: now() + ttlMs }, staleMs);
    return profile;
  }

  function cached(shop: string): ShopProfile | null | undefined {
    const entry = ttlMs > 0 ? cache.get(shop) : undefined;
    if (!entry) return undefined;
    // A failed background load (the database is down) keeps the stale profile for another stale
    // period: settings cannot change while their database is unreachable, so the last known ones
    // stay right, and checkout keeps its real rates through an outage of any length. The next
    // request tries the load again.
    if (entry.freshUntil <= now())
      refresh(shop).catch(() => {
        if (cache.get(shop) === entry) cache.set(shop, entry, staleMs);
      });
    return entry.profile;
  }

  return {
    async get(shop) {
      if (ttlMs <= 0) return load(shop);
      const known = cached(shop);
      return known === undefined ? refresh(shop) : known;
    },
    cached,
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
    connectionId: svcConnectionId,
    loadSettings: async (shop) => {
      const { settings, version } = await getShopSettings({ db: ctx.db, shop });
      return { rules: settings.rates, version };
    },
  };
}
