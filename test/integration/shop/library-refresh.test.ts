// Issue 29, settled with a test: @shopify/shopify-app-remix refreshes an expiring offline token on
// its own (within 5 minutes of expiry) wherever it loads the offline session — authenticate.webhook,
// authenticate.flow, authenticate.fulfillmentService, unauthenticated.admin — without the app's
// refresh lock (ADR 020). Racing a job's refresh, it stored a refresh token Shopify had already
// retired, and the shop's background work lost its token at the next expiry. The app's session
// storage now refreshes an expiring offline session under the app's lock before the library sees
// it, so the library never refreshes on its own. The library runs for real, its HTTP calls routed
// to the simulated store's token endpoint; PostgreSQL is real, and a second client stands for a
// second process.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "~/env.server";
import { createOfflineTokens } from "~/shop/offline-token.server";
import { createShopify } from "~/shopify.server";
import prisma from "../../helpers/prisma";
import { installWithExpiringToken } from "../../helpers/offline-token";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";

const SHOP = "tienda-biblioteca.myshopify.com";
const API_KEY = "library-client-id";
const SECRET = "library-client-secret";
const MINUTE = 60_000;
const silent = pino({ level: "silent" });

let store: SimulatedStore;
let server: { url: string; close(): Promise<void> };
let otherDb: PrismaClient;

const tokensOn = (db: PrismaClient) =>
  createOfflineTokens({
    db,
    now: () => new Date(),
    logger: silent,
    tokenUrl: (shop) => `${server.url}/shops/${shop}/admin/oauth/access_token`,
    clientId: API_KEY,
    clientSecret: SECRET,
  });

/** What happens when the library's refresh has its answer, before the library stores it. */
let onLibraryRefreshAnswered: (() => Promise<void>) | undefined;

beforeAll(async () => {
  store = createSimulatedStore({ now: () => Date.now() });
  store.addShop({ domain: SHOP, name: "Tienda Biblioteca" });
  store.registerApp({ apiKey: API_KEY, apiSecret: SECRET, appUrl: "https://app.example.test" });
  server = await store.listen(0);
  otherDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  await prisma.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
  // The library's HTTP calls to the shop's host go to the simulated store, which serves it under /shops/{shop}.
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const routed = url.host === SHOP ? `${server.url}/shops/${SHOP}${url.pathname}${url.search}` : url.toString();
    const response = await fetch(routed, init);
    if (url.pathname.endsWith("/admin/oauth/access_token") && String(init?.body).includes("refresh_token")) {
      const hook = onLibraryRefreshAnswered;
      onLibraryRefreshAnswered = undefined;
      await hook?.();
    }
    return response;
  });
});

afterAll(async () => {
  setAbstractFetchFunc(globalThis.fetch);
  await otherDb.$disconnect();
  await server.close();
});

describe("the library's own refresh of an expiring offline token", () => {
  it("never races a job's refresh into storing a refresh token Shopify retired", async () => {
    // GIVEN the shop's offline token expires in 3 minutes (inside the library's 5-minute margin)
    await installWithExpiringToken({
      db: prisma,
      store,
      storeUrl: server.url,
      shop: SHOP,
      apiKey: API_KEY,
      secret: SECRET,
      nowMs: Date.now() - 57 * MINUTE,
    });
    const config = {
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: SECRET,
      SCOPES: "read_orders",
      SHOPIFY_APP_URL: "https://app.example.test",
      LOG_LEVEL: "silent",
    } as unknown as Env;
    const shopify = createShopify({ config, db: prisma, afterAuth: async () => {}, offlineTokens: tokensOn(prisma) });
    // A job of another process asks for the token right when a library refresh has its answer
    const job = tokensOn(otherDb);
    let jobRanDuringLibraryRefresh = false;
    onLibraryRefreshAnswered = async () => {
      jobRanDuringLibraryRefresh = true;
      await job.accessToken(SHOP);
    };

    // WHEN the library loads the shop's offline session (as a webhook's authenticate does)
    const { session } = await shopify.unauthenticated.admin(SHOP);

    // THEN the session it got is the stored one, fresh
    const stored = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    expect(session.accessToken).toBe(stored.accessToken);
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
    // AND the stored refresh token is the live one: the next refresh with it is granted
    const refreshed = await job.accessToken(SHOP, { rejected: stored.accessToken });
    expect(refreshed).not.toBe(stored.accessToken);
    expect(store.tokens.refreshes(SHOP).filter((r) => r.refused)).toEqual([]);
    // (with the fix the library had nothing to refresh: the race has no window)
    expect(jobRanDuringLibraryRefresh).toBe(false);
  });
});
