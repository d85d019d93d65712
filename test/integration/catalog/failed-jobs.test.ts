// Catalogue jobs that give up show on Catálogo with the reason and a way to run them again (issue
// 11). The jobs really run and really fail: Shopify's Admin API answers 500 (the simulated store
// over HTTP) until it recovers.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { startFullSync } from "~/catalog/full-sync.server";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { action as catalogAction, loader as catalogLoader, type CatalogLoaderData } from "~/routes/app.catalog/route";
import { loader as homeLoader } from "~/routes/app._index";
import { action as productsCreate } from "~/routes/webhooks.products.create";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { SHOP, startHarness, variantsById, type Harness } from "./harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;
let down = false;
let closeStore: () => Promise<void>;

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  down = false;
  const outage: { graphql?: AdminGraphql } = {};
  h = await startHarness({
    batchSize: 50,
    // While `down`, every Admin API call goes to the store over HTTP, which answers 500.
    wrapAdmin: (admin) =>
      (async (query, variables) =>
        down && outage.graphql ? outage.graphql(query, variables) : admin(query, variables)) as AdminGraphql,
  });
  const server = await h.store.listen();
  closeStore = () => server.close();
  h.store.failNext(SHOP, "server-error", 100_000);
  outage.graphql = simulatedStoreAdminGraphql({
    baseUrl: server.url,
    shop: SHOP,
    tokens: { accessToken: h.store.accessToken(SHOP) },
    apiVersion: "2026-10",
  });
});
afterEach(async () => {
  await closeStore();
  await h.close();
});

/** Runs the jobs while Shopify is down until none is left to run now (retries skipped ahead to). */
async function runDown(rounds = 14) {
  down = true;
  for (let round = 0; round < rounds; round++) {
    await h.worker.runOnce();
    h.advance(16 * 60_000);
  }
}

const catalogo = async (path = "/app/catalog") =>
  (await catalogLoader({
    request: await bearerRequest(path, SHOP),
    params: {},
    context: routeContext(),
  })) as CatalogLoaderData;

async function post(form: Record<string, string>) {
  const request = await bearerRequest("/app/catalog", SHOP, { method: "POST", body: new URLSearchParams(form) });
  const response = (await catalogAction({
    request,
    params: {},
    context: routeContext(),
  } as ActionFunctionArgs)) as unknown as { data: { ok: boolean }; init: { status: number } | null } | { ok: boolean };
  return "data" in response ? { status: response.init?.status ?? 200, ...response.data } : { status: 200, ...response };
}

describe("on Catálogo", () => {
  it("registering a product from its webhook (catalog.product) that gave up shows with its reason as a code; retry registers it", async () => {
    await startFullSync({ db: prisma, shop: SHOP });
    await h.drain();
    const payload = h.store.products.create(SHOP, {
      title: "Servilletas bordadas",
      metafields: [
        { namespace: "custom", key: "length", type: "dimension", value: JSON.stringify({ value: 30, unit: "cm" }) },
        { namespace: "custom", key: "width", type: "dimension", value: JSON.stringify({ value: 20, unit: "cm" }) },
        { namespace: "custom", key: "height", type: "dimension", value: JSON.stringify({ value: 2, unit: "cm" }) },
      ],
      variants: [{ sku: "SERV-BL", price: "199.00", weight: { unit: "GRAMS", value: 240 } }],
    });
    const delivered = await h.store.sendWebhook({
      url: new URL("/webhooks/products/create", TEST_APP_URL).toString(),
      secret: TEST_API_SECRET,
      topic: "products/create",
      domain: SHOP,
      payload,
      fetch: async (url, init) =>
        productsCreate({ request: new Request(url, init), params: {}, context: routeContext() }),
    });
    expect(delivered.status).toBe(200);
    await runDown();
    const job = await prisma.job.findFirstOrThrow({ where: { queue: "catalog.product" } });
    expect(job.state).toBe("failed");
    const page = await catalogo();
    // Never synced, so the app knows no title for it; its GID is not shown instead (issue 22).
    expect(page.failedJobs).toEqual([
      expect.objectContaining({ kind: "product", state: "failed", subject: null, errorCode: "shopifyFailed" }),
    ]);
    // Shop-level and order pages do not show it.
    expect(
      (await homeLoader({ request: await bearerRequest("/app", SHOP), params: {}, context: routeContext() }))
        .failedJobs,
    ).toEqual([]);
    down = false;
    expect(await post({ intent: "job-retry", id: page.failedJobs[0]!.id })).toMatchObject({ status: 200, ok: true });
    await h.drain();
    expect((await catalogo()).failedJobs).toEqual([]);
    const rows = [...(await variantsById()).values()].filter((r) => r.productId === payload.admin_graphql_api_id);
    expect(rows.map((r) => [r.sku, r.status])).toEqual([["SERV-BL", "synced"]]);
  });

  it("a catalogue sync (catalog.sync) that gave up shows as the failed sync with its reason, once, and syncing again completes", async () => {
    await startFullSync({ db: prisma, shop: SHOP });
    await runDown(6);
    // Still retrying: the sync card says so; it is not listed twice.
    const retrying = await catalogo();
    expect(retrying.failedJobs).toEqual([]);
    expect(retrying.sync).toMatchObject({
      state: "running",
      error: { code: "shopifyError", params: { retrying: "true" } },
    });
    expect(retrying.sync!.error!.words).toBe(
      `${es.catalog.syncErrors.shopifyError} ${es.catalog.syncErrorParts.retrying}`,
    );
    await runDown(20);
    const page = await catalogo();
    expect(page.sync).toMatchObject({ state: "failed" });
    // The reason is a code worded in the page's language, never Shopify's answer or the exception's text.
    expect(page.sync!.error).toEqual({
      code: "shopifyError",
      params: {},
      words: `${es.catalog.syncErrors.shopifyError} ${es.catalog.syncErrorParts.stopped}`,
    });
    const english = await catalogo("/app/catalog?locale=en");
    expect(english.sync!.error!.words).toBe(
      `${en.catalog.syncErrors.shopifyError} ${en.catalog.syncErrorParts.stopped}`,
    );
    for (const words of [page.sync!.error!.words, english.sync!.error!.words]) {
      expect(words).not.toMatch(/500|simulated store|ShopifyAdminError|Error:/);
    }
    // The exception's text is kept for support only.
    const row = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(row).toMatchObject({ errorCode: "shopifyError", errorParams: {} });
    expect(row.errorDetail).toMatch(/ShopifyAdminError: .*500/);
    expect(page.failedJobs).toEqual([]);
    down = false;
    expect(await post({ intent: "sync" })).toMatchObject({ ok: true });
    await h.drain();
    expect((await catalogo()).sync).toMatchObject({ state: "completed" });
  });

  it("job-retry with a bad id is a 400, with another page's or an unknown job a 404", async () => {
    expect(await post({ intent: "job-retry", id: "x" })).toMatchObject({ status: 400, ok: false });
    expect(await post({ intent: "job-retry", id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
    });
  });
});
