// What stops or holds back a full catalogue sync is recorded as a code (with whether it retries by
// itself) and Catálogo's loader words it in the page's language, never with Shopify's answer or an
// exception's text. The sync really runs: the demo store over HTTP (which answers THROTTLED when
// asked), the service's sandbox, real PostgreSQL. (Shopify answering 500 until the sync gives up:
// failed-jobs.test.ts. A failed bulk read and a busy bulk slot: bulk-read.test.ts.)
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { startFullSync } from "~/catalog/full-sync.server";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { loader, type CatalogLoaderData } from "~/routes/app.catalog/route";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
import { routeContext } from "../../helpers/app-services";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { SHOP, startHarness, type Harness } from "./harness";

let h: Harness;
let throttled = false;
let closeStore: () => Promise<void>;

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  throttled = false;
  const overHttp: { graphql?: AdminGraphql } = {};
  h = await startHarness({
    batchSize: 50,
    // Every Admin API call goes to the store over HTTP; while `throttled`, asking it to answer THROTTLED.
    wrapAdmin: () => (async (query, variables) => overHttp.graphql!(query, variables)) as AdminGraphql,
  });
  const server = await h.store.listen();
  closeStore = () => server.close();
  overHttp.graphql = simulatedStoreAdminGraphql({
    baseUrl: server.url,
    shop: SHOP,
    tokens: { accessToken: h.store.accessToken(SHOP) },
    apiVersion: "2026-10",
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      if (throttled) headers.set("x-sandbox-scenario", "throttled");
      return fetch(url, { ...init, headers });
    },
  });
});
afterEach(async () => {
  await closeStore();
  await h.close();
});

const catalogo = async (path = "/app/catalog") =>
  (await loader({ request: await bearerRequest(path, SHOP), params: {}, context: routeContext() })) as CatalogLoaderData;

const latestSync = () => prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP }, orderBy: { startedAt: "desc" } });

describe("a full sync's problem on Catálogo", () => {
  it("Shopify throttling that outlasts the app's own waits: recorded as throttled and retried, worded per language", async () => {
    // GIVEN Shopify answering THROTTLED to everything the sync asks
    throttled = true;
    await startFullSync({ db: prisma, shop: SHOP });
    // WHEN the sync's first run meets it
    await h.worker.runOnce();
    // THEN the sync records the code, retrying, and keeps Shopify's text for support only
    const row = await latestSync();
    expect(row).toMatchObject({ state: "running", errorCode: "shopifyThrottled", errorParams: { retrying: "true" } });
    expect(row.errorDetail).toMatch(/ShopifyAdminError/);
    // AND Catálogo words it in the page's language, with nothing of the exception
    const spanish = (await catalogo()).sync!.error!;
    expect(spanish).toMatchObject({ code: "shopifyThrottled", params: { retrying: "true" } });
    expect(spanish.words).toBe(`${es.catalog.syncErrors.shopifyThrottled} ${es.catalog.syncErrorParts.retrying}`);
    const english = (await catalogo("/app/catalog?locale=en-US")).sync!.error!;
    expect(english.words).toBe(`${en.catalog.syncErrors.shopifyThrottled} ${en.catalog.syncErrorParts.retrying}`);
    for (const words of [spanish.words, english.words]) expect(words).not.toContain(row.errorDetail!);

    // AND once Shopify answers again, the sync completes and the problem is gone
    throttled = false;
    await h.drain();
    expect(await latestSync()).toMatchObject({ state: "completed", errorCode: null, errorParams: {}, errorDetail: null });
    expect((await catalogo()).sync!.error).toBeNull();
  });

  it("a shop disconnected from the service while its sync waits: the sync fails as disconnected", async () => {
    await startFullSync({ db: prisma, shop: SHOP });
    await prisma.shop.update({ where: { domain: SHOP }, data: { svcApiKeyCiphertext: null } });
    await h.drain();
    expect(await latestSync()).toMatchObject({ state: "failed", errorCode: "disconnected", errorParams: {} });
    const words = (await catalogo("/app/catalog?locale=en")).sync!.error!.words;
    expect(words).toBe(`${en.catalog.syncErrors.disconnected} ${en.catalog.syncErrorParts.stopped}`);
  });

  it("a sync whose job is gone is failed when the next starts: interrupted, or its last problem no longer retrying", async () => {
    // GIVEN a running sync whose job vanished, with nothing recorded
    await startFullSync({ db: prisma, shop: SHOP });
    const first = await latestSync();
    await prisma.job.deleteMany({ where: { queue: "catalog.sync" } });
    // WHEN the merchant syncs again
    expect(await startFullSync({ db: prisma, shop: SHOP })).toMatchObject({ started: true });
    // THEN the old one failed as interrupted
    expect(await prisma.catalogSync.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      state: "failed",
      errorCode: "interrupted",
      errorParams: {},
    });

    // GIVEN a running sync whose job vanished while it was retrying a network failure
    const second = await latestSync();
    await prisma.catalogSync.update({
      where: { id: second.id },
      data: { errorCode: "network", errorParams: { retrying: "true" }, errorDetail: "TypeError: fetch failed" },
    });
    await prisma.job.deleteMany({ where: { queue: "catalog.sync" } });
    expect(await startFullSync({ db: prisma, shop: SHOP })).toMatchObject({ started: true });
    // THEN it keeps its problem, no longer said to be retried
    expect(await prisma.catalogSync.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      state: "failed",
      errorCode: "network",
      errorParams: {},
      errorDetail: "TypeError: fetch failed",
    });
  });
});
