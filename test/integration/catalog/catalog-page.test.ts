import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runJobByHand } from "~/jobs/worker.server";
import prisma from "../../helpers/prisma";
import { claimJobs } from "~/jobs/queue.server";
import { finishJob } from "../../helpers/jobs";
import { action, loader, type CatalogLoaderData } from "~/routes/app.catalog/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { startHarness, type Harness } from "./harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;

async function load(path = "/app/catalog") {
  // Valid URLs only here: the page itself (a wrong filter is a 400, in sku-lookup.test.ts).
  return (await loader({
    request: await sessionTokenRequest(path),
    params: {},
    context: routeContext(),
  })) as CatalogLoaderData;
}

async function startSync() {
  const request = await sessionTokenRequest("/app/catalog", TEST_SHOP, {
    method: "POST",
    body: new URLSearchParams({ intent: "sync" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: routeContext() });
}

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  h = await startHarness({ batchSize: 10, pageSize: 10, budgetMs: 0 });
});
afterEach(() => h.close());

describe("the catalogue page", () => {
  it("starts a full sync from the button, and explains that one is running when pressed again", async () => {
    // Codes the page words in the merchant's language, no sentence of the engine's.
    expect(await startSync()).toEqual({ kind: "sync", ok: true, refused: null });
    expect(await startSync()).toEqual({ kind: "sync", ok: false, refused: "running" });
  });

  it("shows the running sync's progress, then the counts per status and each variant's reason", async () => {
    await startSync();
    expect((await load()).sync).toMatchObject({ state: "running", phase: "reading", done: 0 });
    // GIVEN a worker that ran the sync's first step (it started Shopify's bulk read) and yielded
    const [job] = await claimJobs(prisma, {
      queues: ["catalog.sync"],
      owner: "one-step",
      leaseMs: 60_000,
      limit: 1,
      now: new Date(h.nowMs()),
    });
    await finishJob(prisma, job!, await runJobByHand(h.handlers, job!));
    // THEN the page shows how far the sync got: reading, none of the 37 variants yet
    expect((await load()).sync).toMatchObject({ state: "running", phase: "reading", done: 0, total: 37 });

    await h.drain();
    const page = await load();
    expect(page.connected).toBe(true);
    expect(page.sync).toMatchObject({ state: "completed", finishedAt: expect.any(String) });
    expect(page.counts).toMatchObject({ synced: 28, skipped: 9, failed: 0, drifted: 0, deleted: 0, all: 37 });

    const skipped = await load("/app/catalog?status=skipped");
    expect(skipped.matching).toBe(9);
    expect(skipped.variants.every((v) => v.status === "skipped" && v.reason)).toBe(true);

    const search = await load("/app/catalog?q=jab-lav");
    expect(search.variants.map((v) => [v.title, v.reason?.code, v.reason?.params.sku])).toEqual([
      ["Jabón artesanal de Tepoztlán - Cempasúchil", "duplicateSku", "JAB-LAV"],
      ["Jabón artesanal de Tepoztlán - Lavanda", "duplicateSku", "JAB-LAV"],
    ]);
    // Case and accents aside: «JABON TEPOZTLAN LAVANDA» as typed without accents finds «Jabón … Tepoztlán».
    const folded = await load("/app/catalog?q=JABON%20ARTESANAL%20DE%20TEPOZTLAN%20-%20LAVANDA");
    expect(folded.variants.map((v) => v.title)).toEqual(["Jabón artesanal de Tepoztlán - Lavanda"]);
    expect((await load("/app/catalog?q=cempasuchil")).matching).toBe(1);
    // Every word typed, wherever it is in the name.
    expect((await load("/app/catalog?q=jabon%20LAVANDA")).variants.map((v) => v.title)).toEqual([
      "Jabón artesanal de Tepoztlán - Lavanda",
    ]);
    // A % typed is a percent sign, not a wildcard.
    expect((await load("/app/catalog?q=%25")).matching).toBe(0);
  });

  it("reads empty parameters as their defaults (a wrong one is a 400: sku-lookup.test.ts)", async () => {
    const page = await load("/app/catalog?status=all&page=&q=%20");
    expect(page.query).toEqual({ filter: "all", search: "", page: 1 });
  });
});
