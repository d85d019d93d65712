// The simulated store's token endpoint (POST /admin/oauth/access_token) as Shopify documents it:
// token exchange of a session token for an expiring offline token with a refresh token, expiry on
// the store's clock (Shopify's 401 afterwards), refresh with rotation, and the retry window for a
// refresh token whose replacement has not been used yet (changelog 2026-08-28).
import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore } from "./store-fixture";

const API_KEY = "app-client-id";
const SECRET = "app-client-secret";
const HOUR = 60 * 60 * 1000;
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";

function setup() {
  const { store, clock } = demoStore({ scopes: "read_orders,write_fulfillments" });
  store.registerApp({ apiKey: API_KEY, apiSecret: SECRET, appUrl: "https://app.example.test" });
  const post = (body: Record<string, unknown> | string, contentType = "application/json") =>
    store.fetch(
      new Request(`http://127.0.0.1/shops/${DOMAIN}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  const exchangeParams = (): Record<string, string> => ({
    client_id: API_KEY,
    client_secret: SECRET,
    grant_type: TOKEN_EXCHANGE,
    subject_token: store.idToken(DOMAIN, API_KEY),
    subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
    requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    expiring: "1",
  });
  const exchange = (over: Record<string, unknown> = {}) => post({ ...exchangeParams(), ...over });
  const refresh = (refreshToken: string, over: Record<string, unknown> = {}) =>
    post({
      client_id: API_KEY,
      client_secret: SECRET,
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      ...over,
    });
  const shopName = (token: string) =>
    store.fetch(
      new Request(`http://127.0.0.1/shops/${DOMAIN}/admin/api/${store.apiVersion}/graphql.json`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-shopify-access-token": token },
        body: JSON.stringify({ query: "{ shop { name } }" }),
      }),
    );
  return { store, clock, post, exchangeParams, exchange, refresh, shopName };
}

interface TokenAnswer {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

describe("token exchange", () => {
  it("gives an expiring offline token (60 minutes) with a refresh token (90 days) that the Admin API accepts until it expires", async () => {
    const { clock, exchange, shopName } = setup();
    const response = await exchange();
    expect(response.status).toBe(200);
    const body = (await response.json()) as TokenAnswer;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^shpat_/),
      scope: "read_orders,write_fulfillments",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
      refresh_token_expires_in: 90 * 24 * 3600,
    });
    expect((await shopName(body.access_token)).status).toBe(200);
    clock.advance(HOUR - 1000);
    expect((await shopName(body.access_token)).status).toBe(200);
    clock.advance(1000);
    const expired = await shopName(body.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });
  });

  it("gives a non-expiring token without a refresh token when expiring is 0, and accepts form bodies", async () => {
    const { clock, post, exchangeParams, shopName } = setup();
    const form = new URLSearchParams({ ...exchangeParams(), expiring: "0" });
    const response = await post(form.toString(), "application/x-www-form-urlencoded");
    const body = (await response.json()) as TokenAnswer;
    expect(body).toEqual({ access_token: expect.any(String), scope: "read_orders,write_fulfillments" });
    clock.advance(48 * HOUR);
    expect((await shopName(body.access_token)).status).toBe(200);
  });

  it("refuses a session token signed with another secret, for another shop or expired, and a wrong client secret", async () => {
    const { store, clock, exchange } = setup();
    const token = store.idToken(DOMAIN, API_KEY);
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"x".repeat(43)}`;
    let response = await exchange({ subject_token: forged });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_subject_token" });

    store.addShop({ domain: "otra-tienda.myshopify.com" });
    response = await exchange({ subject_token: store.idToken("otra-tienda.myshopify.com", API_KEY) });
    expect(await response.json()).toMatchObject({ error: "invalid_subject_token", error_description: /another shop/ });

    clock.advance(2 * 60 * 1000);
    response = await exchange({ subject_token: token });
    expect(await response.json()).toMatchObject({ error: "invalid_subject_token", error_description: /expired/ });

    response = await exchange({ client_secret: "wrong" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("answers 400 naming the problem for an unknown grant or a body that is not JSON", async () => {
    const { post } = setup();
    let response = await post({ client_id: API_KEY, client_secret: SECRET, grant_type: "password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
    response = await post("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", error_description: /JSON/ });
  });
});

describe("refresh", () => {
  async function installed() {
    const s = setup();
    const first = (await (await s.exchange()).json()) as TokenAnswer;
    return { ...s, first };
  }

  it("gives a new access token and a new refresh token, and counts each refresh", async () => {
    const { store, clock, refresh, shopName, first } = await installed();
    clock.advance(HOUR);
    expect((await shopName(first.access_token)).status).toBe(401);
    const response = await refresh(first.refresh_token!);
    expect(response.status).toBe(200);
    const second = (await response.json()) as TokenAnswer;
    expect(second).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 90 * 24 * 3600 });
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await shopName(second.access_token)).status).toBe(200);
    expect(store.tokens.refreshes(DOMAIN)).toEqual([expect.objectContaining({ shop: DOMAIN, reuse: false })]);
  });

  it("accepts a used refresh token again until its replacement is used, then refuses it with invalid_grant", async () => {
    const { store, refresh, first } = await installed();
    const second = (await (await refresh(first.refresh_token!)).json()) as TokenAnswer;
    // A lost response: the app retries with the refresh token it still has.
    const retried = await refresh(first.refresh_token!);
    expect(retried.status).toBe(200);
    const third = (await retried.json()) as TokenAnswer;
    expect(store.tokens.refreshes(DOMAIN).map((r) => r.reuse)).toEqual([false, true]);
    // The retry superseded the replacement handed out first.
    expect((await refresh(second.refresh_token!)).status).toBe(400);
    // Using the current replacement retires the token it replaced.
    expect((await refresh(third.refresh_token!)).status).toBe(200);
    const refused = await refresh(first.refresh_token!);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    // Refused attempts are listed too, so a test can tell a retry loop from one refusal.
    expect(store.tokens.refreshes(DOMAIN).map((r) => r.refused ?? "granted")).toEqual([
      "granted",
      "granted",
      expect.stringMatching(/replaced/),
      "granted",
      expect.stringMatching(/replaced/),
    ]);
  });

  it("refuses an expired, unknown, revoked or another app's refresh token", async () => {
    const { store, refresh, shopName, first } = await installed();
    expect(await (await refresh("shprt_unknown")).json()).toMatchObject({ error: "invalid_grant" });
    store.registerApp({ apiKey: "other-app", apiSecret: "other-secret", appUrl: "https://other.example.test" });
    const other = await refresh(first.refresh_token!, { client_id: "other-app", client_secret: "other-secret" });
    expect(await other.json()).toMatchObject({ error: "invalid_grant" });

    store.tokens.revoke(DOMAIN);
    expect((await shopName(first.access_token)).status).toBe(401);
    expect(await (await refresh(first.refresh_token!)).json()).toMatchObject({
      error: "invalid_grant",
      error_description: /revoked/,
    });

    const { clock: laterClock, refresh: laterRefresh, first: later } = await installed();
    laterClock.advance(90 * 24 * HOUR);
    expect(await (await laterRefresh(later.refresh_token!)).json()).toMatchObject({
      error: "invalid_grant",
      error_description: /expired/,
    });
  });
});
