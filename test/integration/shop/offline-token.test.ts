// Expiring offline tokens for background work (issue 19): the simulated store over real HTTP issues
// and expires them, PostgreSQL is real, and two token owners with their own connection pools stand
// for two app processes. Across an expiry exactly one refresh reaches Shopify, every caller gets the
// token it produced, and the new refresh token is stored; a refused refresh token stops asking.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { simulatedStoreAdminGraphql, type OfflineTokens } from "~/shopify/admin.server";
import { OfflineTokenRevokedError, createOfflineTokens, offlineTokenProblem } from "~/shop/offline-token.server";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { installWithExpiringToken } from "../../helpers/offline-token";

const SHOP = "tienda-tokens.myshopify.com";
const API_KEY = "tokens-client-id";
const SECRET = "tokens-client-secret";
const MINUTE = 60_000;
const silent = pino({ level: "silent" });

let store: SimulatedStore;
let server: { url: string; close(): Promise<void> };
let storeMs = Date.parse("2026-11-24T12:00:00Z");
let appMs = storeMs;
let otherDb: PrismaClient;
let first: OfflineTokens;
let second: OfflineTokens;

function tokensFor(db: PrismaClient): OfflineTokens {
  return createOfflineTokens({
    db,
    now: () => new Date(appMs),
    logger: silent,
    tokenUrl: (shop) => `${server.url}/shops/${shop}/admin/oauth/access_token`,
    clientId: API_KEY,
    clientSecret: SECRET,
  });
}

/** What opening the app leaves: a token exchange of a session token, stored as the library stores it. */
const install = () =>
  installWithExpiringToken({
    db: prisma,
    store,
    storeUrl: server.url,
    shop: SHOP,
    apiKey: API_KEY,
    secret: SECRET,
    nowMs: appMs,
  });

const stored = () => prisma.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
const granted = () => store.tokens.refreshes(SHOP).filter((r) => !r.refused);
const shopQuery = (tokens: OfflineTokens) =>
  simulatedStoreAdminGraphql({ baseUrl: server.url, shop: SHOP, apiVersion: store.apiVersion, tokens })<{
    shop: { name: string };
  }>(`{ shop { name } }`);

beforeAll(async () => {
  store = createSimulatedStore({ now: () => storeMs });
  store.addShop({ domain: SHOP, name: "Tienda Tokens" });
  store.registerApp({ apiKey: API_KEY, apiSecret: SECRET, appUrl: "https://app.example.test" });
  server = await store.listen(0);
  otherDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  await prisma.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
  first = tokensFor(prisma);
  second = tokensFor(otherDb);
});

afterAll(async () => {
  await otherDb.$disconnect();
  await server.close();
});

beforeEach(async () => {
  await prisma.shop.update({
    where: { domain: SHOP },
    data: { offlineTokenProblem: null, offlineTokenProblemAt: null, offlineTokenRefusedHash: null },
  });
});

describe("an expiring offline token used by two processes", () => {
  it("is refreshed once before it expires, and both processes use the token that refresh got", async () => {
    const installed = await install();
    const before = granted().length;
    // Far from expiry: the stored token, no refresh.
    expect(await first.accessToken(SHOP)).toBe(installed.access_token);

    // GIVEN 55 minutes later (inside the refresh margin) on both clocks
    appMs += 55 * MINUTE;
    storeMs += 55 * MINUTE;
    // WHEN twenty jobs in two processes ask for the token at once
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).accessToken(SHOP)));
    // THEN one refresh reached Shopify, and every job got its token
    expect(granted().length - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const session = await stored();
    expect(tokens[0]).toBe(session.accessToken);
    expect(session.accessToken).not.toBe(installed.access_token);
    expect(session.refreshToken).not.toBe(installed.refresh_token);
    expect(session.expires!.getTime()).toBe(appMs + 3600_000);
    // The stored refresh token is the live one: the next expiry refreshes with it.
    appMs += 55 * MINUTE;
    storeMs += 55 * MINUTE;
    await Promise.all([first.accessToken(SHOP), second.accessToken(SHOP)]);
    expect(granted().length - before).toBe(2);
    expect(store.tokens.refreshes(SHOP).filter((r) => r.refused)).toHaveLength(0);
  });

  it("when Shopify answers 401 (its clock ran ahead), refreshes once for all callers and the calls succeed", async () => {
    await install();
    const before = granted().length;
    // The store's clock passes the expiry while the app still believes the token is fresh.
    storeMs += 61 * MINUTE;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => shopQuery(i % 2 ? first : second)));
    for (const answer of answers) expect(answer).toMatchObject({ data: { shop: { name: "Tienda Tokens" } } });
    expect(granted().length - before).toBe(1);
    appMs = storeMs;
  });

  it("a revoked refresh token ends in the shop's problem, and no process asks Shopify again", async () => {
    await install();
    store.tokens.revoke(SHOP);
    const asked = store.tokens.refreshes(SHOP).length;
    appMs += 55 * MINUTE;
    storeMs += 55 * MINUTE;
    // Both processes' jobs fail with the revoked error; one refused refresh reached Shopify.
    const results = await Promise.allSettled([first.accessToken(SHOP), second.accessToken(SHOP), shopQuery(first)]);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(OfflineTokenRevokedError);
    }
    expect(store.tokens.refreshes(SHOP).slice(asked)).toEqual([
      expect.objectContaining({ refused: expect.any(String) }),
    ]);
    expect(await offlineTokenProblem({ db: prisma, shop: SHOP })).toEqual({
      code: "offlineTokenRevoked",
      since: expect.any(Date),
    });
    // Retries of the jobs do not ask again while the same refresh token is stored.
    for (let i = 0; i < 5; i++) await expect(second.accessToken(SHOP)).rejects.toBeInstanceOf(OfflineTokenRevokedError);
    expect(store.tokens.refreshes(SHOP).slice(asked)).toHaveLength(1);
    // The session is expired, so opening the app exchanges a new token at once.
    expect((await stored()).expires!.getTime()).toBeLessThanOrEqual(appMs);

    // WHEN the merchant opens the app (a new token exchange) and the token later nears expiry
    await install();
    appMs += 55 * MINUTE;
    storeMs += 55 * MINUTE;
    // THEN the problem stays until background work uses the new token, which it refreshes again
    expect(await offlineTokenProblem({ db: prisma, shop: SHOP })).toMatchObject({ code: "offlineTokenRevoked" });
    expect(await first.accessToken(SHOP)).toBe((await stored()).accessToken);
    expect(await offlineTokenProblem({ db: prisma, shop: SHOP })).toBeNull();
  });

  it("is read once for the several Admin calls of a few seconds, and a token replaced meanwhile costs one 401", async () => {
    const installed = await install();
    // A process whose session reads are counted (PostgreSQL is real; only the count is added).
    let reads = 0;
    const counted = createOfflineTokens({
      // Not the composition root's client: its session read runs through these raw queries (ADR 036).
      db: {
        session: prisma.session,
        shop: prisma.shop,
        $transaction: prisma.$transaction.bind(prisma),
        $queryRawUnsafe: ((query: string, ...values: unknown[]) => {
          if (/FROM "Session"/.test(query)) reads++;
          return prisma.$queryRawUnsafe(query, ...values);
        }) as typeof prisma.$queryRawUnsafe,
        $executeRawUnsafe: prisma.$executeRawUnsafe.bind(prisma),
      },
      now: () => new Date(appMs),
      logger: silent,
      tokenUrl: (shop) => `${server.url}/shops/${shop}/admin/oauth/access_token`,
      clientId: API_KEY,
      clientSecret: SECRET,
    });
    // WHEN an order's job makes three Admin calls within a second
    for (const answer of await Promise.all([shopQuery(counted), shopQuery(counted)]))
      expect(answer).toMatchObject({ data: { shop: { name: "Tienda Tokens" } } });
    appMs += 1_000;
    expect(await shopQuery(counted)).toMatchObject({ data: { shop: { name: "Tienda Tokens" } } });
    // THEN the stored session was read once
    expect(reads).toBe(1);

    // GIVEN Shopify's clock passes the token's expiry while this process still reuses it
    storeMs += 61 * MINUTE;
    appMs += 1_000;
    // WHEN the next call comes within the reuse window
    expect(await shopQuery(counted)).toMatchObject({ data: { shop: { name: "Tienda Tokens" } } });
    // THEN Shopify's 401 made it read the stored session again (and refresh it)
    expect(reads).toBe(2);
    const refreshed = (await stored()).accessToken;
    expect(refreshed).not.toBe(installed.access_token);
    // …the refreshed pair is read once more, then reused
    expect(await counted.accessToken(SHOP)).toBe(refreshed);
    appMs += 1_000;
    expect(await counted.accessToken(SHOP)).toBe(refreshed);
    expect(reads).toBe(3);
    // …and five seconds after a read the stored session is read again, whatever happened
    appMs += 5_000;
    await counted.accessToken(SHOP);
    expect(reads).toBe(4);
    appMs = storeMs;
  });

  it("a refresh Shopify cannot answer (network) is a passing error that stores nothing", async () => {
    const installed = await install();
    const broken = createOfflineTokens({
      db: prisma,
      now: () => new Date(appMs),
      logger: silent,
      tokenUrl: () => "http://127.0.0.1:1/admin/oauth/access_token",
      clientId: API_KEY,
      clientSecret: SECRET,
    });
    appMs += 55 * MINUTE;
    storeMs += 55 * MINUTE;
    await expect(broken.accessToken(SHOP)).rejects.toThrow(/refreshing the offline token/);
    expect((await stored()).refreshToken).toBe(installed.refresh_token);
    expect(await offlineTokenProblem({ db: prisma, shop: SHOP })).toBeNull();
    // The kept refresh token still works.
    expect(await first.accessToken(SHOP)).not.toBe(installed.access_token);
  });
});
