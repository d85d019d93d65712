// The readiness checklist re-checks itself when what it checks changes (issue 33 item 3): a
// catalogue sync's end, an order the service took, the merchant's test quote, connecting and
// disconnecting each bring the shop's one readiness job forward to now, in the same write as the
// change; a burst folds into that one row; and the check it runs sets the checklist right, so
// Inicio's steps, figures and checklist agree without «Revisar ahora» or the 6-hour recheck.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { startFullSync } from "~/catalog/full-sync.server";
import { transition } from "~/fulfillment/records/records.server";
import { createJobWorker } from "~/jobs/worker.server";
import { jobErrorCode } from "~/job-errors/error-codes";
import { readinessJobHandlers } from "~/orchestration/jobs.server";
import { READINESS_QUEUE, RECHECK_MS } from "~/orchestration/readiness.server";
import { disconnectServiceAccount } from "~/orchestration/settings.server";
import { recordTestQuote } from "~/rates/test-quote.server";
import { loader as homeLoader } from "~/routes/app._index";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext, testServices } from "../../helpers/app-services";
import { SHOP, startHarness, type Harness } from "../catalog/harness";
import pino from "pino";

let harness: Harness;

beforeEach(async () => {
  await resetDatabase();
  harness = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterEach(() => harness.close());

const readinessJob = () => prisma.job.findUnique({ where: { queue_key: { queue: READINESS_QUEUE, key: SHOP } } });
/** The shop's readiness check booked for later, as the periodic recheck leaves it. */
const bookedLater = () =>
  prisma.job.create({
    data: {
      queue: READINESS_QUEUE,
      key: SHOP,
      shop: SHOP,
      state: "queued",
      runAt: new Date(Date.now() + RECHECK_MS),
      maxAttempts: 1000,
      payload: {},
    },
  });
/** Brought forward: due now, not in six hours. */
const due = async () => {
  const job = await readinessJob();
  return Boolean(job && job.state === "queued" && job.runAt.getTime() <= harness.nowMs() + 1000);
};
function readinessWorker() {
  const services = testServices();
  return createJobWorker({
    db: prisma,
    handlers: readinessJobHandlers(services),
    logger: pino({ level: "silent" }),
    now: services.now,
    leaseMs: 60_000,
    errorCode: jobErrorCode,
  });
}
const home = async () =>
  homeLoader({ request: await bearerRequest("/app", SHOP), params: {}, context: routeContext() });
const item = (state: Awaited<ReturnType<typeof home>>, code: string) =>
  state.readiness?.items.find((i) => i.code === code);

async function fulfillmentRecord(n: number, status: string) {
  return prisma.fulfillment.create({
    data: {
      shop: SHOP,
      shopifyOrderId: String(5000 + n),
      orderGid: `gid://shopify/Order/${5000 + n}`,
      orderName: `#${5000 + n}`,
      fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${7000 + n}`,
      status,
    },
  });
}

describe("the readiness check follows what it checks", () => {
  it("a catalogue sync's end brings the check forward, and the check it runs answers the test quote", async () => {
    // A check before the catalogue was synced: nothing to quote yet.
    const worker = readinessWorker();
    await bookedLater();
    await prisma.job.update({
      where: { queue_key: { queue: READINESS_QUEUE, key: SHOP } },
      data: { runAt: new Date() },
    });
    await worker.runOnce();
    expect(item(await home(), "test_quote")).toMatchObject({ status: "unknown", reason: "nothing_to_quote" });
    expect(await due()).toBe(false);

    await startFullSync({ db: prisma, shop: SHOP });
    await harness.drain();
    const synced = await home();
    // Between the sync's end and the check it queued, the checklist does not say «no products».
    expect(synced.variantsSynced).toBeGreaterThan(0);
    expect(synced.setup.steps.find((s) => s.step === "catalog")?.done).toBe(true);
    expect(item(synced, "test_quote")).toMatchObject({ status: "unknown", reason: "rechecking" });
    expect(await due()).toBe(true);

    await worker.runOnce();
    expect(item(await home(), "test_quote")).toMatchObject({ status: "ok" });
    // The check booked its next periodic run again.
    expect(await due()).toBe(false);
    expect((await readinessJob())?.state).toBe("queued");
  });

  it("an order the service took brings it forward, in the transition's own statement; a burst folds into one row", async () => {
    await bookedLater();
    const records = await Promise.all(Array.from({ length: 12 }, (_, n) => fulfillmentRecord(n, "submitting")));
    // A step that is not the service taking the order owes nothing.
    const other = await fulfillmentRecord(99, "pending");
    await transition(prisma, { id: other.id, from: "pending", to: "submitting", now: new Date() });
    expect(await due()).toBe(false);

    const moved = await Promise.all(
      records.map((r) =>
        transition(prisma, {
          id: r.id,
          from: "submitting",
          to: "submitted",
          now: new Date(),
          data: { svcOrderId: `S-${r.id}` },
        }),
      ),
    );
    expect(moved.every(Boolean)).toBe(true);
    expect(await due()).toBe(true);
    expect(await prisma.job.count({ where: { queue: READINESS_QUEUE, shop: SHOP } })).toBe(1);
  });

  it("the merchant's test quote brings it forward", async () => {
    await bookedLater();
    await recordTestQuote(prisma, SHOP, new Date());
    expect(await due()).toBe(true);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).rateTestedAt).not.toBeNull();
  });

  it("disconnecting checks once more, and the checklist then says the key is gone", async () => {
    const worker = readinessWorker();
    await bookedLater();
    await prisma.job.update({
      where: { queue_key: { queue: READINESS_QUEUE, key: SHOP } },
      data: { runAt: new Date() },
    });
    await worker.runOnce();
    expect(item(await home(), "key_valid")).toMatchObject({ status: "ok" });

    expect(await disconnectServiceAccount(testServices(), SHOP)).toBe(true);
    expect(await due()).toBe(true);
    // The pages read the disconnect at once: no checklist, step 1 to do.
    const after = await home();
    expect(after.readiness).toBeNull();
    expect(after.setup.current).toBe("connect");

    await worker.runOnce();
    const stored = await prisma.checkoutReadiness.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(
      (stored.items as { code: string; reason: string | null }[]).find((i) => i.code === "key_valid"),
    ).toMatchObject({
      reason: "not_connected",
    });
    // A disconnected shop is not checked again until it connects.
    expect((await readinessJob())?.state).toBe("done");
  });
});
