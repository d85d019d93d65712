import { raceAbort } from "./abort";
import { SvcError, SvcUnauthorizedError } from "./errors";
import { tokenUsableUntil } from "./jwt";
import { tokenCacheKey, type SvcTokenCache } from "./token-cache";

/** Hands out Bearer tokens for one (baseUrl, apiKey), refreshing them once for all waiting callers. */
export interface Authenticator {
  /**
   * Returns a usable token, fetching one (single-flight) when none is cached; honours `signal`.
   * `fresh` skips the cached token (a flight already under way is fresh enough to join).
   */
  getToken(signal: AbortSignal, options?: { fresh?: boolean }): Promise<string>;
  /** Drops `token` after the service refused it, unless a newer token already replaced it. */
  invalidate(token: string): void;
}

export interface AuthenticatorDeps {
  cache: SvcTokenCache;
  baseUrl: string;
  apiKey: string;
  now: () => number;
  /** Performs POST /api/rest/auth (with its own timeouts and retries) and returns the token. */
  requestToken: () => Promise<string>;
}

/** Builds the authenticator of one client over a (possibly shared) token cache. */
export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  const { cache, now } = deps;
  const key = tokenCacheKey(deps.baseUrl, deps.apiKey);

  async function fly(): Promise<string> {
    try {
      const token = await deps.requestToken();
      cache.tokens.set(key, { token, usableUntil: tokenUsableUntil(token, now()) });
      cache.refusals.delete(key);
      return token;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const refused = new SvcUnauthorizedError({
        endpoint: "auth",
        message: `auth: the service refused the API key (HTTP ${error.status}${error.code ? ` ${error.code}` : ""})`,
        status: error.status,
        code: error.code,
        path: error.path,
        requestId: error.requestId,
        body: error.body,
      });
      cache.refusals.set(key, { error: refused, until: now() + cache.refusedTtlMs });
      throw refused;
    }
  }

  return {
    getToken(signal, options = {}) {
      const at = now();
      const cached = options.fresh ? undefined : cache.tokens.get(key);
      if (cached && at < cached.usableUntil) return Promise.resolve(cached.token);
      const refusal = cache.refusals.get(key);
      if (refusal && at < refusal.until) return Promise.reject(refusal.error);
      let flight = cache.flights.get(key);
      if (!flight) {
        flight = fly();
        cache.flights.set(key, flight);
        const settled = () => {
          if (cache.flights.get(key) === flight) cache.flights.delete(key);
        };
        flight.then(settled, settled);
      }
      // The flight is shared, so it runs on its own timeouts; each caller only stops waiting.
      return raceAbort(flight, signal);
    },
    invalidate(token) {
      if (cache.tokens.get(key)?.token === token) cache.tokens.delete(key);
    },
  };
}

// Any 4xx other than 429 from the auth endpoint means the key itself is not accepted; retrying
// with the same key can't succeed, so it is not retried and is remembered briefly.
function isRefusal(error: unknown): error is SvcError & { status: number } {
  return (
    error instanceof SvcError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}
