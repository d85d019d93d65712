/**
 * The session storage handed to @shopify/shopify-app-remix. The library refreshes an expiring
 * offline token on its own wherever it loads the offline session (authenticate.webhook, .flow,
 * .fulfillmentService, .public.appProxy, unauthenticated.admin: within 5 minutes of expiry) and
 * stores the new pair, without the app's refresh lock (docs/decisions/020). Racing a job's refresh
 * of the same refresh token, it could store a pair Shopify had already retired (a refresh token
 * used again supersedes the replacement handed out before), and background work lost its token at
 * the next expiry. Here an offline session about to expire is refreshed through the app's own
 * refresh (one process at a time, under the lock) before the library sees it, so the library finds
 * a live token and never refreshes on its own.
 *
 * The compliance and app webhooks load the shop's offline session here (the webhooks that start
 * work do not: app/shopify/webhook.server.ts reads them itself): given `readRow` (the composition root hands
 * in app/shop's prepared read, ADR 036), the row is read with it instead of Prisma's findUnique,
 * and turned into the library's Session by the library's own conversion.
 */
import type { PrismaClient, Session as SessionRow } from "@prisma/client";
import type { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";

/** Refreshed this long before expiry: the app's own margin, wider than the library's 5 minutes. */
const REFRESH_BEFORE_MS = 10 * 60 * 1000;

/** The app's refresh of a shop's offline token (app/shop/offline-token.server.ts). */
export interface OfflineRefresh {
  accessToken(shop: string): Promise<string>;
}

export class OfflineRefreshingSessionStorage extends PrismaSessionStorage<PrismaClient> {
  constructor(
    db: PrismaClient,
    private readonly offline: OfflineRefresh,
    private readonly readRow?: (id: string) => Promise<SessionRow | null>,
  ) {
    super(db);
  }

  /** The stored session, read with `readRow` when given, else as the library reads it. */
  private async stored(id: string): Promise<Session | undefined> {
    if (!this.readRow) return super.loadSession(id);
    const row = await this.readRow(id);
    // The library's own row-to-session conversion (private in its types), so a session reads the same either way.
    return row ? (this as unknown as { rowToSession(row: SessionRow): Session }).rowToSession(row) : undefined;
  }

  override async loadSession(id: string): Promise<Session | undefined> {
    const session = await this.stored(id);
    if (!session || session.isOnline || !session.refreshToken || !session.isExpired(REFRESH_BEFORE_MS)) return session;
    try {
      await this.offline.accessToken(session.shop);
    } catch {
      // Refused or out of reach: the session as stored; the library's own answer to it follows
      // (a sign-in exchanges a new token, a webhook fails and is delivered again).
      return session;
    }
    return (await this.stored(id)) ?? session;
  }
}
