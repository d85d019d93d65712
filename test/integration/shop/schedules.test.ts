// The recurring jobs a connected shop must have (app/orchestration/schedules.server.ts) are started by the
// worker's periodic sweep and after Shopify's auth — not by a page's GET any more: a connected
// shop missing them gets each one once; a shop not connected, or uninstalled, gets none.
import { runJobByHand } from "~/jobs/worker.server";
import { beforeEach, describe, expect, it } from "vitest";
import pino from "pino";
import prisma from "../../helpers/prisma";
import { jobHandlers } from "~/composition.server";
import { RECONCILE_QUEUE, STOCK_QUEUE } from "~/fulfillment/core/queues";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { READINESS_QUEUE } from "~/orchestration/readiness.server";
import {
  ensureEveryShopSchedules,
  ensureShopSchedules,
  ensureSchedulesJob,
  schedulesJobHandlers,
  SCHEDULES_EVERY_MS,
  SCHEDULES_QUEUE,
} from "~/orchestration/schedules.server";
import { testServices } from "../../helpers/app-services";
import { resetDatabase } from "../../helpers/test-database";

const CONNECTED = "conectada.myshopify.com";
const NOT_CONNECTED = "sin-cuenta.myshopify.com";
const UNINSTALLED = "desinstalada.myshopify.com";
const now = new Date("2026-11-25T00:00:00Z");

const queued = async (shop: string) =>
  (await prisma.job.findMany({ where: { shop }, select: { queue: true }, orderBy: { queue: "asc" } })).map(
    (j) => j.queue,
  );

beforeEach(async () => {
  await resetDatabase();
  await prisma.shop.createMany({
    data: [
      { domain: CONNECTED, svcApiKeyCiphertext: "cifrada" },
      { domain: NOT_CONNECTED },
      { domain: UNINSTALLED, svcApiKeyCiphertext: "cifrada", uninstalledAt: now },
    ],
  });
  await updateShopSettings({ db: prisma, shop: CONNECTED, patch: { stock: { enabled: true } } });
});

describe("the shops' recurring jobs", () => {
  it("the sweep starts each missing one of every connected shop once, and none for the others", async () => {
    expect(await ensureEveryShopSchedules(prisma, now)).toBe(1);
    expect(await queued(CONNECTED)).toEqual([RECONCILE_QUEUE, READINESS_QUEUE, STOCK_QUEUE].sort());
    expect(await queued(NOT_CONNECTED)).toEqual([]);
    expect(await queued(UNINSTALLED)).toEqual([]);
    // Again: nothing added, each job is already queued.
    await ensureEveryShopSchedules(prisma, now);
    expect(await prisma.job.count()).toBe(3);
  });

  it("leaves the stock schedule out while stock sync is off, and a shop without an account alone", async () => {
    await updateShopSettings({ db: prisma, shop: CONNECTED, patch: { stock: { enabled: false } } });
    await ensureShopSchedules(prisma, { shop: CONNECTED, now });
    await ensureShopSchedules(prisma, { shop: NOT_CONNECTED, now });
    expect(await queued(CONNECTED)).toEqual([RECONCILE_QUEUE, READINESS_QUEUE].sort());
    expect(await queued(NOT_CONNECTED)).toEqual([]);
  });

  it("is a periodic job of the worker: queued once however many workers start, run hourly", async () => {
    await ensureSchedulesJob(prisma, now);
    await ensureSchedulesJob(prisma, now);
    expect(await prisma.job.count({ where: { queue: SCHEDULES_QUEUE } })).toBe(1);
    const deps = { ...testServices(), logger: pino({ level: "silent" }), now: () => now };
    expect(Object.keys(jobHandlers(deps))).toContain(SCHEDULES_QUEUE);
    const job = await prisma.job.findFirstOrThrow({ where: { queue: SCHEDULES_QUEUE } });
    const outcome = await runJobByHand(schedulesJobHandlers(deps), job);
    expect(outcome).toEqual({ kind: "reschedule", at: new Date(now.getTime() + SCHEDULES_EVERY_MS) });
    expect(await queued(CONNECTED)).toEqual([RECONCILE_QUEUE, READINESS_QUEUE, STOCK_QUEUE].sort());
  });
});
