// Opening the app on the simulated store with expiring offline tokens: a token exchange of a
// session token with `expiring=1` at the store's token endpoint, stored as the library stores the
// offline session (id `offline_<shop>`, access token, expiry, refresh token).
import type { PrismaClient } from "@prisma/client";
import type { SimulatedStore } from "../../sandbox/store";

export interface ExchangedToken {
  access_token: string;
  scope: string;
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
}

/** Exchanges a fresh session token for an expiring offline token and stores the session (`nowMs`: the app's clock). */
export async function installWithExpiringToken(opts: {
  db: Pick<PrismaClient, "session">;
  store: SimulatedStore;
  storeUrl: string;
  shop: string;
  apiKey: string;
  secret: string;
  nowMs?: number;
}): Promise<ExchangedToken> {
  const response = await fetch(`${opts.storeUrl}/shops/${opts.shop}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_id: opts.apiKey,
      client_secret: opts.secret,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: opts.store.idToken(opts.shop, opts.apiKey),
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      expiring: "1",
    }),
  });
  if (!response.ok) throw new Error(`token exchange answered ${response.status}: ${await response.text()}`);
  const token = (await response.json()) as ExchangedToken;
  const now = opts.nowMs ?? Date.now();
  const session = {
    shop: opts.shop,
    state: "",
    isOnline: false,
    scope: token.scope,
    accessToken: token.access_token,
    expires: new Date(now + token.expires_in * 1000),
    refreshToken: token.refresh_token,
    refreshTokenExpires: new Date(now + token.refresh_token_expires_in * 1000),
  };
  await opts.db.session.upsert({
    where: { id: `offline_${opts.shop}` },
    create: { id: `offline_${opts.shop}`, ...session },
    update: session,
  });
  return token;
}
