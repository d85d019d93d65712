import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runJobByHand } from "~/jobs/worker.server";
import prisma from "../../helpers/prisma";
import { startFullSync } from "~/catalog/full-sync.server";
import { claimJobs } from "~/jobs/queue.server";
import { finishJob } from "../../helpers/jobs";
import { action as bulkFinish } from "~/routes/webhooks.bulk_operations.finish";
import { storeOfflineSession } from "../../helpers/sessions";
import { signedWebhookRequest, TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { SHOP, startHarness, variantsById, type Harness } from "./harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;
beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  h = await startHarness({ batchSize: 50 });
});
afterEach(() => h.close());

async function statusOf(request: Request): Promise<number> {
  try {
    return (await bulkFinish({ request, params: {}, context: routeContext() })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const FINISH_URL = new URL("/webhooks/bulk_operations/finish", TEST_APP_URL).toString();

/** Runs the full sync's job once, as a worker would, and answers the job row afterwards. */
async function runSyncJobOnce() {
  const [job] = await claimJobs(prisma, {
    queues: ["catalog.sync"],
    owner: "test",
    leaseMs: 60_000,
    limit: 1,
    now: new Date(h.nowMs()),
  });
  expect(job).toBeDefined();
  await finishJob(prisma, job!, await runJobByHand(h.handlers, job!));
  return prisma.job.findFirstOrThrow({ where: { queue: "catalog.sync" } });
}

async function cleanOutcome() {
  const rows = await variantsById();
  const facts = h.demoFacts();
  expect(Object.fromEntries(facts.map((f) => [f.key, rows.get(f.variantId)!.status]))).toEqual(
    Object.fromEntries(facts.map((f) => [f.key, f.outcome])),
  );
}

describe("the full sync's bulk read", () => {
  it("waits for Shopify's bulk operation, and the signed bulk_operations/finish webhook wakes it at once", async () => {
    // GIVEN the store delivers bulk_operations/finish to the app's route, as shopify.app.toml subscribes it
    const deliveries: number[] = [];
    h.store.subscribeBulkOperationsFinish(SHOP, {
      url: FINISH_URL,
      secret: TEST_API_SECRET,
      fetch: async (url, init) => {
        const status = await statusOf(new Request(url, init));
        deliveries.push(status);
        return new Response(null, { status });
      },
    });
    await startFullSync({ db: prisma, shop: SHOP });

    // WHEN the first step starts the bulk read
    const waiting = await runSyncJobOnce();
    // THEN the job waits for the next poll, ten seconds away
    expect(waiting.state).toBe("queued");
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(h.nowMs() + 9_000);
    const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(sync.bulkOperationId).toMatch(/^gid:\/\/shopify\/BulkOperation\/\d+$/);

    // WHEN the operation ends and Shopify says so
    await h.store.bulkOperationsIdle();
    expect(deliveries).toEqual([200]);
    // THEN the job is due now, not at its poll
    const woken = await prisma.job.findFirstOrThrow({ where: { queue: "catalog.sync" } });
    expect(woken.runAt.getTime()).toBeLessThanOrEqual(h.nowMs());
    await h.drain();
    await cleanOutcome();
    expect(h.store.inspect(SHOP).operations.filter((op) => op.operationName === "CatalogBulkRead")).toHaveLength(1);
  });

  it("answers 401 to a bad signature, 400 to a payload without the operation's id, and ignores an operation it does not wait on", async () => {
    const payload = { admin_graphql_api_id: "gid://shopify/BulkOperation/1", status: "completed", type: "query" };
    const forged = await signedWebhookRequest({
      topic: "bulk_operations/finish",
      body: payload,
      secret: "not-the-secret",
    });
    expect(await statusOf(forged)).toBe(401);
    const malformed = await signedWebhookRequest({ topic: "bulk_operations/finish", body: { status: "completed" } });
    expect(await statusOf(malformed)).toBe(400);
    const unknown = await signedWebhookRequest({ topic: "bulk_operations/finish", body: payload });
    expect(await statusOf(unknown)).toBe(200);
    expect(await prisma.job.count()).toBe(0);
  });

  it("starts a new bulk operation when Shopify's fails, never using its partial data", async () => {
    h.store.failNextBulkOperation(SHOP, { afterObjects: 10, errorCode: "INTERNAL_SERVER_ERROR" });
    await startFullSync({ db: prisma, shop: SHOP });
    await runSyncJobOnce();
    await h.store.bulkOperationsIdle();
    h.advance(10_000);
    const retried = await runSyncJobOnce();
    // The failure counts as an attempt and is shown to the merchant as retried automatically.
    expect(retried).toMatchObject({
      state: "queued",
      lastError: expect.stringMatching(/failed \(INTERNAL_SERVER_ERROR\)/),
    });
    const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ state: "running", bulkOperationId: null, done: 0 });
    // As a code: Shopify's failure, retried by itself; its status kept for support only.
    expect(sync).toMatchObject({
      errorCode: "bulkReadFailed",
      errorParams: { why: "shopifyError", retrying: "true" },
      errorDetail: expect.stringMatching(/failed \(INTERNAL_SERVER_ERROR\)/),
    });
    // Nothing of the partial file was recorded, so nothing can look deleted.
    expect(await prisma.catalogVariant.count({ where: { shop: SHOP } })).toBe(0);

    await h.drain();
    await cleanOutcome();
    expect(h.store.inspect(SHOP).operations.filter((op) => op.operationName === "CatalogBulkRead")).toHaveLength(2);
  });

  describe("a completed read whose file is not all there", () => {
    /** A clean first sync, then `arm()` and a second one: its first read and the step after it. */
    async function syncTwice(arm: () => void) {
      await startFullSync({ db: prisma, shop: SHOP });
      await h.drain();
      await cleanOutcome();
      const synced = await prisma.catalogVariant.count({ where: { shop: SHOP, status: { not: "deleted" } } });
      arm();
      await startFullSync({ db: prisma, shop: SHOP });
      await runSyncJobOnce();
      await h.store.bulkOperationsIdle();
      h.advance(10_000);
      const job = await runSyncJobOnce();
      return { synced, job };
    }

    async function expectReadAgain(synced: number, job: { state: string }, detail: RegExp) {
      // THEN no variant the file lacked looks deleted, and the read starts over, shown as retried
      expect(await prisma.catalogVariant.count({ where: { shop: SHOP, status: { not: "deleted" } } })).toBe(synced);
      expect(job.state).toBe("queued");
      const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP }, orderBy: { startedAt: "desc" } });
      expect(sync).toMatchObject({
        bulkOperationId: null,
        done: 0,
        errorCode: "bulkReadFailed",
        errorParams: { why: "shopifyError", retrying: "true" },
        errorDetail: expect.stringMatching(detail),
      });
      // …and the next read, whole, ends as a clean sync does
      await h.drain();
      await cleanOutcome();
    }

    it("a file that ends early (a cut download) is read again, never taken as the catalogue", async () => {
      let armed = false;
      await h.close();
      h = await startHarness({
        batchSize: 50,
        wrapFetchFile: (fetchFile) => async (url, init) => {
          const response = await fetchFile(url, init);
          if (!armed) return response;
          armed = false;
          // The first 10 lines and a clean end: what a proxy that dropped the connection can leave.
          const head = (await response.text()).split("\n").slice(0, 10).join("\n");
          return new Response(`${head}\n`, { status: 200 });
        },
      });
      const { synced, job } = await syncTwice(() => (armed = true));
      expect(armed).toBe(false);
      await expectReadAgain(synced, job, /ended after \d+ of \d+ objects/);
    });

    it("a completed read that names objects but no file is read again", async () => {
      let armed = false;
      await h.close();
      h = await startHarness({
        batchSize: 50,
        wrapAdmin: (admin) =>
          (async (query, variables) => {
            const answer = await admin(query, variables);
            const op = (answer.data as { bulkOperation?: { status: string; url: string | null } } | undefined)
              ?.bulkOperation;
            if (armed && query.includes("query CatalogBulkStatus") && op?.status === "COMPLETED") {
              armed = false;
              op.url = null;
            }
            return answer;
          }) as typeof admin,
      });
      const { synced, job } = await syncTwice(() => (armed = true));
      expect(armed).toBe(false);
      await expectReadAgain(synced, job, /completed with \d+ objects but no file/);
    });
  });

  it("waits while Shopify answers that a bulk query is already in progress, then reads", async () => {
    // GIVEN a shop whose bulk query slot is taken the first time the sync asks (another
    // operation of the app, not the catalogue's), exactly as Shopify answers it
    await h.close();
    let refusals = 0;
    h = await startHarness({
      batchSize: 50,
      wrapAdmin: (admin) =>
        (async (query, variables) => {
          if (query.includes("mutation CatalogBulkRead") && refusals++ === 0) {
            return {
              data: {
                bulkOperationRunQuery: {
                  bulkOperation: null,
                  userErrors: [
                    {
                      field: ["query"],
                      message:
                        "A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/99.",
                      code: "OPERATION_IN_PROGRESS",
                    },
                  ],
                },
              },
            };
          }
          return admin(query, variables);
        }) as typeof admin,
    });
    await startFullSync({ db: prisma, shop: SHOP });
    // WHEN the first step asks
    const job = await runSyncJobOnce();
    // THEN the sync waits (not an attempt) and says why
    expect(job).toMatchObject({ state: "queued", attempts: 0 });
    const sync = await prisma.catalogSync.findFirstOrThrow({ where: { shop: SHOP } });
    expect(sync).toMatchObject({ state: "running", bulkOperationId: null, total: 37 });
    expect(sync).toMatchObject({
      errorCode: "shopifyBusy",
      errorParams: { retrying: "true" },
      errorDetail: expect.stringMatching(/already in progress/),
    });
    // AND reads once the slot is free
    await h.drain();
    await cleanOutcome();
    expect(refusals).toBe(2);
  });
});
