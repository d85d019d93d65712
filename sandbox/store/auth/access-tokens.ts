/**
 * Shopify's token endpoint for a shop, `POST /admin/oauth/access_token`, as far as an embedded app
 * with expiring offline tokens uses it (shopify.dev "Use expiring offline access tokens", changelog
 * "Offline access tokens now support expiry and refresh", 2025-12, and "More resilient refreshes
 * for expiring offline access tokens", 2026-08-28):
 *
 * - token exchange (`grant_type=urn:ietf:params:oauth:grant-type:token-exchange`) of a session
 *   token (HS256 with the client secret, `aud` the client id, `dest` the shop) for an offline
 *   token; `expiring=1` gives a token that lasts 60 minutes and a refresh token that lasts 90 days;
 * - refresh (`grant_type=refresh_token`): a new access token and a **new** refresh token. The used
 *   refresh token may be used again (a lost response) until its replacement is first used, and
 *   for at most 30 days from its first use; once the replacement is used it is retired and refused
 *   with `invalid_grant`.
 *
 * Times follow the store's clock, so a test expires a token by moving it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const TOKEN_LIFETIMES = {
  accessSeconds: 60 * 60,
  refreshSeconds: 90 * 24 * 60 * 60,
  /** How long after its first use a refresh token may be used again while its replacement is unused. */
  reuseSeconds: 30 * 24 * 60 * 60,
};

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE_TOKEN = "urn:shopify:params:oauth:token-type:offline-access-token";

interface AccessRecord {
  shop: string;
  /** Null for a non-expiring token. */
  expiresAt: number | null;
  revoked: boolean;
}

interface RefreshRecord {
  shop: string;
  clientId: string;
  scope: string;
  expiresAt: number;
  firstUsedAt: number | null;
  replacement: string | null;
  predecessor: string | null;
  retired: boolean;
  revoked: boolean;
}

/** One refresh the store granted, for tests counting them. */
interface RefreshRecordView {
  at: number;
  shop: string;
  /** The refresh token used (its first characters only). */
  used: string;
  /** True when that refresh token had been used before (the retry Shopify allows). */
  reuse: boolean;
  /** Set when the store refused it: why (`invalid_grant`'s description). */
  refused?: string;
}

export interface TokenClients {
  /** The client secret of a registered app by its client id. */
  secretOf(clientId: string): string | undefined;
}

export interface AccessTokens {
  /** True while `token` is a live access token the store issued for `shop`. */
  isValid(shop: string, token: string): boolean;
  /** Answers `POST /admin/oauth/access_token` for `shop`. */
  handle(shop: string, request: Request): Promise<Response>;
  /** Every refresh asked for the shop, granted or refused (`refused`). */
  refreshes(shop: string): RefreshRecordView[];
  /** Revokes every token issued for the shop (the merchant uninstalled, or Shopify revoked it). */
  revoke(shop: string): void;
}

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

export function createAccessTokens(deps: {
  now: () => number;
  clients: TokenClients;
  /** The scopes a token grants on a shop (what the app was installed with). */
  scopeOf?: (shop: string) => string;
}): AccessTokens {
  const access = new Map<string, AccessRecord>();
  const refresh = new Map<string, RefreshRecord>();
  const log: RefreshRecordView[] = [];

  function issue(shop: string, clientId: string, scope: string, expiring: boolean) {
    const now = deps.now();
    const accessToken = `shpat_${randomBytes(16).toString("hex")}`;
    access.set(accessToken, {
      shop,
      expiresAt: expiring ? now + TOKEN_LIFETIMES.accessSeconds * 1000 : null,
      revoked: false,
    });
    if (!expiring) return { accessToken, refreshToken: null };
    const refreshToken = `shprt_${randomBytes(16).toString("hex")}`;
    refresh.set(refreshToken, {
      shop,
      clientId,
      scope,
      expiresAt: now + TOKEN_LIFETIMES.refreshSeconds * 1000,
      firstUsedAt: null,
      replacement: null,
      predecessor: null,
      retired: false,
      revoked: false,
    });
    return { accessToken, refreshToken };
  }

  function answer(scope: string, tokens: { accessToken: string; refreshToken: string | null }) {
    return tokens.refreshToken
      ? {
          access_token: tokens.accessToken,
          scope,
          expires_in: TOKEN_LIFETIMES.accessSeconds,
          refresh_token: tokens.refreshToken,
          refresh_token_expires_in: TOKEN_LIFETIMES.refreshSeconds,
        }
      : { access_token: tokens.accessToken, scope };
  }

  function client(shop: string, body: Record<string, string>): { clientId: string; secret: string } {
    const clientId = body.client_id ?? "";
    const secret = deps.clients.secretOf(clientId);
    if (!secret || !safeEqual(secret, body.client_secret ?? "")) {
      throw new OAuthError(401, "invalid_client", `client authentication failed for ${clientId || "(no client_id)"}`);
    }
    void shop;
    return { clientId, secret };
  }

  function exchange(shop: string, body: Record<string, string>) {
    const { clientId, secret } = client(shop, body);
    if (body.subject_token_type !== ID_TOKEN) {
      throw new OAuthError(400, "invalid_request", `subject_token_type must be ${ID_TOKEN}`);
    }
    if (body.requested_token_type !== OFFLINE_TOKEN) {
      throw new OAuthError(400, "invalid_request", `requested_token_type must be ${OFFLINE_TOKEN}`);
    }
    verifySessionToken(body.subject_token ?? "", { secret, clientId, shop, now: deps.now() });
    if (body.expiring !== undefined && body.expiring !== "0" && body.expiring !== "1") {
      throw new OAuthError(400, "invalid_request", "expiring must be 0 or 1");
    }
    const scope = deps.scopeOf?.(shop) ?? "";
    return answer(scope, issue(shop, clientId, scope, body.expiring === "1"));
  }

  function refreshGrant(shop: string, body: Record<string, string>) {
    const { clientId } = client(shop, body);
    const used = body.refresh_token ?? "";
    if (!used) throw new OAuthError(400, "invalid_request", "refresh_token is required");
    const record = refresh.get(used);
    const now = deps.now();
    const refused = (why: string) => new OAuthError(400, "invalid_grant", why);
    if (!record || record.shop !== shop || record.clientId !== clientId) throw refused("unknown refresh token");
    if (record.revoked) throw refused("the refresh token was revoked");
    if (record.retired) throw refused("the refresh token was already replaced by one that has been used");
    if (now >= record.expiresAt) throw refused("the refresh token expired");
    if (record.firstUsedAt !== null && now >= record.firstUsedAt + TOKEN_LIFETIMES.reuseSeconds * 1000) {
      throw refused("the refresh token was used more than 30 days ago");
    }
    const reuse = record.firstUsedAt !== null;
    record.firstUsedAt ??= now;
    // A refresh token used again: the replacement handed out before is superseded.
    if (record.replacement) {
      const earlier = refresh.get(record.replacement);
      if (earlier) earlier.retired = true;
    }
    // Using a replacement retires the refresh token it replaced.
    if (record.predecessor) {
      const before = refresh.get(record.predecessor);
      if (before) before.retired = true;
    }
    const tokens = issue(shop, clientId, record.scope, true);
    record.replacement = tokens.refreshToken;
    refresh.get(tokens.refreshToken!)!.predecessor = used;
    log.push({ at: now, shop, used: `${used.slice(0, 10)}…`, reuse });
    return answer(record.scope, tokens);
  }

  return {
    isValid(shop, token) {
      const record = access.get(token);
      if (!record || record.shop !== shop || record.revoked) return false;
      return record.expiresAt === null || deps.now() < record.expiresAt;
    },
    async handle(shop, request) {
      try {
        if (request.method !== "POST") throw new OAuthError(405, "invalid_request", "use POST");
        const body = await readParams(request);
        if (body.grant_type === TOKEN_EXCHANGE) return json(200, exchange(shop, body));
        if (body.grant_type === "refresh_token") {
          try {
            return json(200, refreshGrant(shop, body));
          } catch (error) {
            if (error instanceof OAuthError && error.error === "invalid_grant") {
              const used = body.refresh_token ?? "";
              log.push({ at: deps.now(), shop, used: `${used.slice(0, 10)}…`, reuse: false, refused: error.message });
            }
            throw error;
          }
        }
        throw new OAuthError(
          400,
          "unsupported_grant_type",
          `grant_type ${body.grant_type ?? "(missing)"} is not supported`,
        );
      } catch (error) {
        if (error instanceof OAuthError) {
          return json(error.status, { error: error.error, error_description: error.message });
        }
        throw error;
      }
    },
    refreshes: (shop) => log.filter((entry) => entry.shop === shop).map((entry) => ({ ...entry })),
    revoke(shop) {
      for (const record of access.values()) if (record.shop === shop) record.revoked = true;
      for (const record of refresh.values()) if (record.shop === shop) record.revoked = true;
    },
  };
}

function verifySessionToken(
  token: string,
  expected: { secret: string; clientId: string; shop: string; now: number },
): void {
  const invalid = (why: string) => new OAuthError(400, "invalid_subject_token", why);
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) throw invalid("the subject token is not a JWT");
  const good = createHmac("sha256", expected.secret).update(`${header}.${payload}`).digest("base64url");
  if (!safeEqual(good, signature)) throw invalid("the subject token's signature is not valid");
  let claims: { aud?: string; dest?: string; exp?: number; nbf?: number };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    throw invalid("the subject token's payload is not JSON");
  }
  if (claims.aud !== expected.clientId) throw invalid("the subject token is for another app");
  if (claims.dest !== `https://${expected.shop}`) throw invalid("the subject token is for another shop");
  const seconds = expected.now / 1000;
  if (typeof claims.exp !== "number" || seconds >= claims.exp) throw invalid("the subject token expired");
  if (typeof claims.nbf === "number" && seconds < claims.nbf - 5) throw invalid("the subject token is not valid yet");
}

async function readParams(request: Request): Promise<Record<string, string>> {
  const text = await request.text();
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthError(400, "invalid_request", "the body must be JSON or form-encoded");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new OAuthError(400, "invalid_request", "the body must be a JSON object");
  }
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}
