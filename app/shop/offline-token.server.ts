/**
 * The shop's expiring offline access token for work that runs without a merchant's request (jobs,
 * webhooks): refreshed before it expires, or when Shopify answers 401, by exactly one process at a
 * time (docs/decisions/020).
 *
 * Shopify replaces the refresh token on every refresh, so two processes refreshing at once would
 * each store a different pair and one of them would be lost. Here a refresh takes a PostgreSQL
 * advisory lock on the shop inside a transaction, reads the stored session again and refreshes only
 * if it still holds the token this process saw; a second process waiting on the lock finds the
 * token the first one stored and uses it. The new pair is written in that same transaction. If the
 * answer is lost before it is stored, the old refresh token still works: Shopify accepts it again
 * until its replacement is first used (changelog, 2026-08-28).
 *
 * A refresh token Shopify refuses (`invalid_grant`: revoked, expired, retired) is recorded on the
 * Shop row with a hash of that token; until a newer one is stored (the merchant opens the app,
 * which exchanges a new token) no process asks Shopify again, and Inicio shows the problem. It is
 * cleared once background work has a token again (a refresh, or the newer token seen).
 */
import { createHash } from "node:crypto";
import type { Prisma, PrismaClient, Session } from "@prisma/client";
import type { Logger } from "pino";
import type { OfflineTokens } from "../shopify/admin.server";
import { column, sqlOf, statement } from "../sql.server";
import { clearOfflineTokenProblem, recordOfflineTokenRefused, storeRefreshedSession } from "./shop.server";

/** Refresh this long before expiry: more than @shopify/shopify-app-remix's 5 minutes, so it never races us. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;
const REFRESH_TIMEOUT_MS = 10_000;
/**
 * How long this process reuses a session it read instead of reading it again for each Admin call
 * (an order makes several). A token replaced meanwhile (another process refreshed it, the merchant
 * reinstalled) costs one 401, which reads the stored session again (`rejected`).
 */
const SESSION_REUSE_MS = 5_000;

/** The code Inicio shows (home.offlineTokenRevoked in app/i18n). */
const OFFLINE_TOKEN_REVOKED = "offlineTokenRevoked";

/**
 * Shopify refused the refresh token: only the merchant opening the app gets a new one.
 * @internal
 */
export class OfflineTokenRevokedError extends Error {
  readonly code = OFFLINE_TOKEN_REVOKED;
  constructor(readonly shop: string) {
    super(`Shopify refused the offline token of ${shop}; the merchant must open the app to authorise it again`);
  }
}

/** A refresh that failed for a reason that may pass (network, Shopify's 5xx): the caller retries later. */
class OfflineTokenRefreshError extends Error {}

export interface OfflineTokenDeps {
  db: Pick<PrismaClient, "session" | "shop" | "$transaction" | "$queryRawUnsafe" | "$executeRawUnsafe">;
  now: () => Date;
  logger: Pick<Logger, "info" | "warn">;
  /** The shop's token endpoint: `https://{shop}/admin/oauth/access_token` on Shopify. */
  tokenUrl: (shop: string) => string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

type Tx = Prisma.TransactionClient;

const SESSION_COLUMNS = `id, shop, state, "isOnline", scope, expires, "accessToken", "userId"::text AS "userId",
  "firstName", "lastName", email, "accountOwner", locale, collaborator, "emailVerified", "refreshToken",
  "refreshTokenExpires"`;

/** A Session row as Prisma types it; a column of the wrong type throws, naming the statement. */
function sessionRow(of: string) {
  return (raw: Record<string, unknown>): Session => {
    const text = (key: string) => column.nullableString(raw, key, of);
    const flag = (key: string): boolean | null => {
      const value = raw[key];
      if (value === null || typeof value === "boolean") return value;
      throw new Error(`SQL statement "${of}": column "${key}" is not a boolean (${typeof value})`);
    };
    const userId = text("userId");
    return {
      id: column.string(raw, "id", of),
      shop: column.string(raw, "shop", of),
      state: column.string(raw, "state", of),
      isOnline: flag("isOnline") ?? false,
      scope: text("scope"),
      expires: column.nullableDate(raw, "expires", of),
      accessToken: column.string(raw, "accessToken", of),
      userId: userId === null ? null : BigInt(userId),
      firstName: text("firstName"),
      lastName: text("lastName"),
      email: text("email"),
      accountOwner: flag("accountOwner"),
      locale: text("locale"),
      collaborator: flag("collaborator"),
      emailVerified: flag("emailVerified"),
      refreshToken: text("refreshToken"),
      refreshTokenExpires: column.nullableDate(raw, "refreshTokenExpires", of),
    };
  };
}

/**
 * The shop's offline session, as Prisma's findFirst read it (any one row: a shop has one offline
 * session, its id `offline_<shop>`). Every job that calls Admin reads it (within SESSION_REUSE_MS
 * once per process): prepared on the composition root's pool (ADR 036); inside the refresh's
 * transaction it runs on the transaction.
 */
const OFFLINE_SESSION = statement<[shop: string], Session>(
  "offline_session_of_shop",
  `SELECT ${SESSION_COLUMNS} FROM "Session" WHERE shop = $1 AND "isOnline" = false LIMIT 1`,
  sessionRow("offline_session_of_shop"),
);

const SESSION_BY_ID = statement<[id: string], Session>(
  "session_by_id",
  `SELECT ${SESSION_COLUMNS} FROM "Session" WHERE id = $1`,
  sessionRow("session_by_id"),
);

/**
 * The stored session `id` as the library's session storage reads it (its loadSession: every
 * webhook Shopify sends loads the shop's offline session), prepared (ADR 036); null when none.
 */
export async function storedSessionById(
  db: Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">,
  id: string,
): Promise<Session | null> {
  const [row] = await sqlOf(db).rows(SESSION_BY_ID, id);
  return row ?? null;
}

export function createOfflineTokens(deps: OfflineTokenDeps): OfflineTokens {
  const doFetch = deps.fetch ?? fetch;
  // Shops whose refresh token this process saw refused: it looks for the newer token on each use.
  const refusedShops = new Set<string>();
  // Sessions read recently, by shop: a fresh token is used from here within SESSION_REUSE_MS.
  const recent = new Map<string, { session: Promise<Session>; readAt: number }>();

  async function stored(
    db: Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe"> | Tx,
    shop: string,
  ): Promise<Session> {
    const [session] = await sqlOf(db).rows(OFFLINE_SESSION, shop);
    if (!session) throw new Error(`no offline session for ${shop}: the app is not installed there`);
    return session;
  }

  const expiring = (session: Session) =>
    session.refreshToken !== null &&
    session.expires !== null &&
    session.expires.getTime() - deps.now().getTime() < REFRESH_MARGIN_MS;

  async function refusedBefore(db: Pick<PrismaClient, "shop"> | Tx, shop: string, session: Session): Promise<boolean> {
    if (!session.refreshToken) return false;
    const row = await db.shop.findUnique({ where: { domain: shop }, select: { offlineTokenRefusedHash: true } });
    return row?.offlineTokenRefusedHash === hash(session.refreshToken);
  }

  async function refresh(shop: string, seen: string): Promise<string> {
    return deps.db
      .$transaction(
        async (tx) => {
          // One refresh per shop at a time, across processes; released when the transaction ends.
          await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`offline-token:${shop}`}))`;
          const session = await stored(tx, shop);
          if (session.accessToken !== seen) return session.accessToken; // another process refreshed
          // Another process found this refresh token refused while this one waited on the lock.
          if (!session.refreshToken || (await refusedBefore(tx, shop, session))) return null;
          const answer = await requestRefresh(shop, session.refreshToken);
          const now = deps.now().getTime();
          if ("refused" in answer) {
            await recordOfflineTokenRefused(tx, {
              shop,
              sessionId: session.id,
              problem: OFFLINE_TOKEN_REVOKED,
              refusedHash: hash(session.refreshToken),
              at: deps.now(),
            });
            deps.logger.warn({ shop, error: answer.refused }, "Shopify refused the offline refresh token");
            return null;
          }
          await storeRefreshedSession(tx, session.id, {
            accessToken: answer.access_token,
            expires: new Date(now + answer.expires_in * 1000),
            refreshToken: answer.refresh_token,
            refreshTokenExpires: new Date(now + answer.refresh_token_expires_in * 1000),
            ...(answer.scope ? { scope: answer.scope } : {}),
          });
          await clearOfflineTokenProblem({ db: tx, shop });
          deps.logger.info({ shop }, "offline access token refreshed");
          return answer.access_token;
        },
        // The lock may be held for one refresh (REFRESH_TIMEOUT_MS) by another process.
        { maxWait: REFRESH_TIMEOUT_MS * 2, timeout: REFRESH_TIMEOUT_MS * 3 },
      )
      .then((token) => {
        if (token === null) throw new OfflineTokenRevokedError(shop);
        return token;
      });
  }

  type Refreshed = {
    access_token: string;
    expires_in: number;
    refresh_token: string;
    refresh_token_expires_in: number;
    scope?: string;
  };

  async function requestRefresh(shop: string, refreshToken: string): Promise<Refreshed | { refused: string }> {
    let response: Response;
    try {
      response = await doFetch(deps.tokenUrl(shop), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          client_id: deps.clientId,
          client_secret: deps.clientSecret,
          grant_type: "refresh_token",
          refresh_token: refreshToken,
        }),
        signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new OfflineTokenRefreshError(
        `refreshing the offline token of ${shop} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.status === 400 && body?.error === "invalid_grant") {
      return { refused: String(body.error_description ?? body.error) };
    }
    if (!response.ok || !body) {
      throw new OfflineTokenRefreshError(
        `refreshing the offline token of ${shop}: Shopify answered ${response.status} ${body ? String(body.error ?? "") : ""}`.trim(),
      );
    }
    const { access_token, expires_in, refresh_token, refresh_token_expires_in, scope } = body;
    if (
      typeof access_token !== "string" ||
      typeof expires_in !== "number" ||
      typeof refresh_token !== "string" ||
      typeof refresh_token_expires_in !== "number"
    ) {
      throw new OfflineTokenRefreshError(`refreshing the offline token of ${shop}: the answer lacks a token pair`);
    }
    return {
      access_token,
      expires_in,
      refresh_token,
      refresh_token_expires_in,
      ...(typeof scope === "string" ? { scope } : {}),
    };
  }

  /**
   * The stored session, or the one read (or being read) less than SESSION_REUSE_MS ago: never after
   * a 401 or a refusal.
   */
  function current(shop: string, reuse: boolean): Promise<Session> {
    const nowMs = deps.now().getTime();
    const seen = recent.get(shop);
    if (reuse && seen && nowMs - seen.readAt >= 0 && nowMs - seen.readAt < SESSION_REUSE_MS) return seen.session;
    const session = stored(deps.db, shop);
    if (recent.size >= 1_000)
      for (const [key, entry] of recent) if (nowMs - entry.readAt >= SESSION_REUSE_MS) recent.delete(key);
    const entry = { session, readAt: nowMs };
    recent.set(shop, entry);
    // A failed read is not reused.
    session.catch(() => recent.get(shop) === entry && recent.delete(shop));
    return session;
  }

  return {
    async accessToken(shop, opts = {}) {
      const reuse = opts.rejected === undefined && !refusedShops.has(shop);
      const session = await current(shop, reuse);
      if (refusedShops.has(shop) && !(await refusedBefore(deps.db, shop, session))) {
        // The merchant opened the app: a new token pair replaced the refused one.
        refusedShops.delete(shop);
        await clearOfflineTokenProblem({ db: deps.db, shop });
      }
      if (opts.rejected !== undefined && session.accessToken !== opts.rejected) return session.accessToken;
      if (opts.rejected === undefined && !expiring(session)) return session.accessToken;
      if (!session.refreshToken) {
        // A non-expiring token Shopify refused: only a new token exchange helps.
        throw new OfflineTokenRevokedError(shop);
      }
      if (await refusedBefore(deps.db, shop, session)) {
        refusedShops.add(shop);
        throw new OfflineTokenRevokedError(shop);
      }
      recent.delete(shop); // the refresh stores a new pair: the next call reads it
      return refresh(shop, session.accessToken).catch((error: unknown) => {
        if (error instanceof OfflineTokenRevokedError) refusedShops.add(shop);
        throw error;
      });
    },
  };
}

/** The shop's offline token problem for Inicio: its code and since when; null when there is none. */
export async function offlineTokenProblem(args: {
  db: Pick<PrismaClient, "shop">;
  shop: string;
}): Promise<{ code: string; since: Date } | null> {
  const row = await args.db.shop.findUnique({
    where: { domain: args.shop },
    select: { offlineTokenProblem: true, offlineTokenProblemAt: true },
  });
  if (!row?.offlineTokenProblem || !row.offlineTokenProblemAt) return null;
  return { code: row.offlineTokenProblem, since: row.offlineTokenProblemAt };
}
