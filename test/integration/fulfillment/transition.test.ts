// A record's state change as one statement (records.server.ts `transition`): the compare-and-set,
// its event and the jobs it starts are written together or not at all, with every kind of value a
// caller passes written as Prisma would write it; a stale status or a value it cannot write changes
// nothing.
import { Prisma } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { reason } from "~/fulfillment/core/reason-codes";
import { transition } from "~/fulfillment/records/records.server";
import { NOTE_QUEUE, POLL_QUEUE } from "~/fulfillment/core/queues";
import prisma from "../../helpers/prisma";
import { resetDatabase } from "../../helpers/test-database";

const SHOP = "tienda-transicion.myshopify.com";
const NOW = new Date("2026-11-27T18:00:00.000Z");

async function record(status: string) {
  await prisma.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
  return prisma.fulfillment.create({
    data: {
      shop: SHOP,
      shopifyOrderId: "5001",
      orderGid: "gid://shopify/Order/5001",
      orderName: "#5001",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/7001",
      status,
      missingLines: [{ sku: "JAB-01", quantity: 1 }],
    },
  });
}

const rowsOf = async (id: string) => ({
  record: await prisma.fulfillment.findUniqueOrThrow({ where: { id } }),
  events: await prisma.fulfillmentEvent.findMany({ where: { fulfillmentId: id } }),
  jobs: await prisma.job.findMany({ where: { shop: SHOP }, orderBy: { queue: "asc" } }),
});

beforeEach(() => resetDatabase());

describe("transition", () => {
  it("moves the record with every kind of value, records the event and starts the follow-up jobs, all at once", async () => {
    const { id } = await record("submitting");
    const moved = await transition(prisma, {
      id,
      from: "submitting",
      to: "submitted",
      now: NOW,
      data: {
        svcOrderId: "SVC-42",
        submittedAt: NOW,
        submitAttempts: { increment: 2 },
        warnings: [{ code: "noExteriorNumber", params: {} }],
        missingLines: Prisma.DbNull,
        reasonCode: null,
      },
      detail: reason("serviceOrder", { order: "SVC-42" }),
    });

    expect(moved).toBe(true);
    const { record: after, events, jobs } = await rowsOf(id);
    expect(after).toMatchObject({
      status: "submitted",
      svcOrderId: "SVC-42",
      submittedAt: NOW,
      updatedAt: NOW,
      submitAttempts: 2,
      warnings: [{ code: "noExteriorNumber", params: {} }],
      missingLines: null,
      reasonCode: null,
    });
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: "submitting",
        toStatus: "submitted",
        at: NOW,
        detailCode: "serviceOrder",
        detailParams: { order: "SVC-42" },
      }),
    ]);
    // Submitted: the first poll and the order's note (app/fulfillment/core/transitions.ts).
    expect(jobs.map((job) => job.queue)).toEqual(expect.arrayContaining([NOTE_QUEUE, POLL_QUEUE]));
  });

  it("changes nothing, starts nothing and answers false when the record has moved on", async () => {
    const { id } = await record("submitted");
    const before = await rowsOf(id);

    const moved = await transition(prisma, {
      id,
      from: "submitting",
      to: "submitted",
      now: NOW,
      data: { svcOrderId: "SVC-43" },
      detail: reason("serviceOrder", { order: "SVC-43" }),
    });

    expect(moved).toBe(false);
    expect(await rowsOf(id)).toEqual(before);
  });

  it("refuses a value it cannot write as Prisma would, before writing anything", async () => {
    const { id } = await record("submitting");
    const before = await rowsOf(id);

    await expect(
      transition(prisma, {
        id,
        from: "submitting",
        to: "submitted",
        now: NOW,
        data: { submitAttempts: { multiply: 2 } },
      }),
    ).rejects.toThrow(/cannot write .* to Fulfillment\.submitAttempts/);
    expect(await rowsOf(id)).toEqual(before);
  });
});
