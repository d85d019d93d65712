// Migration 202611272305_queue_job_wake: the follow-up rows (key || ':again') the catalogue and
// the readiness check queued while their job ran become wake-ups of that job, as an enqueue does
// now. Rows are written the way the older code wrote them, on the schema before the migration,
// then the migration's own SQL runs (split at semicolons, as Prisma's driver adapter applies it).
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { applyMigrationSql } from "../../helpers/migration-sql";

const MIGRATION = "prisma/migrations/202611272305_queue_job_wake/migration.sql";
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

async function insert(queue: string, key: string, state: string, runAt: Date, payload: object = {}) {
  await prisma.$executeRaw`
    INSERT INTO "Job" (id, queue, key, shop, payload, state, "runAt", "updatedAt")
    VALUES (gen_random_uuid(), ${queue}, ${key}, 's', ${JSON.stringify(payload)}::jsonb, ${state}, ${runAt}, now())`;
}

const rows = () =>
  prisma.$queryRaw<
    Array<{
      queue: string;
      key: string;
      state: string;
      runAt: Date;
      wakeAt: Date | null;
      payload: unknown;
      wakePayload: unknown;
    }>
  >`
    SELECT queue, key, state, "runAt", "wakeAt", payload, "wakePayload" FROM "Job" ORDER BY queue, key`;

beforeAll(async () => {
  await prisma.$executeRawUnsafe(`DELETE FROM "Job"`);
  await prisma.$executeRawUnsafe(`ALTER TABLE "Job" DROP COLUMN "wakeAt", DROP COLUMN "wakePayload"`);
  // A product's job running, with a follow-up queued behind it.
  await insert("catalog.product", "s:product:1", "running", t0, { v: 1 });
  await insert("catalog.product", "s:product:1:again", "queued", at(1_000), { v: 2 });
  // A follow-up whose product job has gone (finished and deleted).
  await insert("catalog.product", "s:product:2:again", "queued", at(2_000), { v: 3 });
  // The readiness check booked hours away, and a follow-up that brings it forward.
  await insert("shop.readiness", "s", "queued", at(6 * 3_600_000));
  await insert("shop.readiness", "s:again", "queued", at(3_000));
  // Another queue's key that merely ends the same way.
  await insert("fulfillment.note", "x:again", "queued", t0);
  await applyMigrationSql(prisma, MIGRATION);
});

describe("the follow-up rows of the catalogue and the readiness check", () => {
  it("become the wake-up of their job, or the job itself when it is gone; other queues are untouched", async () => {
    expect(await rows()).toEqual([
      {
        queue: "catalog.product",
        key: "s:product:1",
        state: "running",
        runAt: t0,
        wakeAt: at(1_000),
        payload: { v: 1 },
        wakePayload: { v: 2 },
      },
      {
        queue: "catalog.product",
        key: "s:product:2",
        state: "queued",
        runAt: at(2_000),
        wakeAt: null,
        payload: { v: 3 },
        wakePayload: null,
      },
      {
        queue: "fulfillment.note",
        key: "x:again",
        state: "queued",
        runAt: t0,
        wakeAt: null,
        payload: {},
        wakePayload: null,
      },
      {
        queue: "shop.readiness",
        key: "s",
        state: "queued",
        runAt: at(3_000),
        wakeAt: null,
        payload: {},
        wakePayload: null,
      },
    ]);
  });
});
