import { createHash } from "node:crypto";
import type { SvcUnauthorizedError } from "./errors";

/** A token and the epoch ms until which it may be reused. */
export interface CachedToken {
  token: string;
  usableUntil: number;
}

/** A refused API key, remembered briefly so a burst of calls doesn't hammer the auth endpoint. */
export interface CachedRefusal {
  error: SvcUnauthorizedError;
  until: number;
}

/**
 * Access tokens per (baseUrl, API key), shared by every client built with the same cache (by
 * default one per process), so several client instances for one shop reuse one token. Also holds
 * the auth request in flight, which makes a refresh single-flight across those clients.
 * Keys are hashed: the plain API key is never kept as a map key.
 */
export class SvcTokenCache {
  readonly tokens = new Map<string, CachedToken>();
  readonly refusals = new Map<string, CachedRefusal>();
  readonly flights = new Map<string, Promise<string>>();

  /** `refusedTtlMs`: how long a refused key fails fast without asking the service again. */
  constructor(readonly refusedTtlMs = 5_000) {}

  /** Forgets every token, refusal and flight (tests; key rotation). */
  clear(): void {
    this.tokens.clear();
    this.refusals.clear();
    this.flights.clear();
  }
}

/** Builds the cache key for one service host and API key. */
export function tokenCacheKey(baseUrl: string, apiKey: string): string {
  return `${baseUrl}\u0000${createHash("sha256").update(apiKey).digest("base64url")}`;
}

/** The process-wide cache used when a client is built without one. */
export const sharedTokenCache = new SvcTokenCache();
