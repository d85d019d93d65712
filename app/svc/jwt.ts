/**
 * Reads the time claims of a JWT. The signature is not checked: the client only needs to know when
 * to fetch a new token, and the service is the one that verifies it.
 */

/**
 * `exp` and `iat` in seconds since the epoch, when the token carries them.
 * @internal
 */
export interface JwtTimes {
  exp?: number;
  iat?: number;
}

/**
 * Decodes the payload's `exp` and `iat`; an unreadable token yields no claims.
 * @internal
 */
export function readJwtTimes(token: string): JwtTimes {
  const payload = token.split(".")[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null) return {};
    const { exp, iat } = claims as Record<string, unknown>;
    return {
      exp: typeof exp === "number" && Number.isFinite(exp) ? exp : undefined,
      iat: typeof iat === "number" && Number.isFinite(iat) ? iat : undefined,
    };
  } catch {
    return {};
  }
}

const MAX_MARGIN_MS = 60_000;

/**
 * Epoch ms until which a token obtained at `obtainedAt` should be reused: its expiry minus a
 * margin of 60 s, or 10 % of its lifetime when that is shorter. With `iat` present the lifetime is
 * measured on the service's clock and replayed on ours, so clock skew between the two can't make
 * every token look expired (or never expire). Without `exp` the token is reused until a 401.
 */
export function tokenUsableUntil(token: string, obtainedAt: number): number {
  const { exp, iat } = readJwtTimes(token);
  if (exp === undefined) return Number.POSITIVE_INFINITY;
  const lifetimeMs = iat !== undefined ? (exp - iat) * 1000 : exp * 1000 - obtainedAt;
  if (lifetimeMs <= 0) return obtainedAt;
  const margin = Math.min(MAX_MARGIN_MS, lifetimeMs * 0.1);
  return obtainedAt + lifetimeMs - margin;
}
