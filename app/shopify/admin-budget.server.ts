/**
 * The shops' Admin API budgets in PostgreSQL, shared by every app instance (ADR 026): one row per
 * shop with the bucket's shape as Shopify last reported it and the estimated level at `atMs`.
 * Reserving and reporting are single statements (the row lock orders concurrent ones), so they
 * work the same through PgBouncer in transaction mode and need no lock held between calls.
 */
import type { PrismaClient } from "@prisma/client";
import type { BudgetStore } from "./admin-pacing.server";

interface BudgetRow {
  maximumAvailable: number;
  restoreRate: number;
  available: number;
}

export function postgresBudgetStore(db: PrismaClient): BudgetStore {
  return {
    async reserve(shop, cost, nowMs) {
      // The level now (restored since atMs, capped at the size) less the cost, only if it holds it.
      const taken = await db.$queryRaw<BudgetRow[]>`
        UPDATE "AdminApiBudget" SET
          "available" = LEAST("maximumAvailable", "available" + GREATEST(0, ${nowMs}::float8 - "atMs") / 1000 * "restoreRate")
                        - LEAST(${cost}::float8, "maximumAvailable"),
          "atMs" = GREATEST("atMs", ${nowMs}::float8),
          "updatedAt" = now()
        WHERE "shop" = ${shop} AND "restoreRate" > 0
          AND LEAST("maximumAvailable", "available" + GREATEST(0, ${nowMs}::float8 - "atMs") / 1000 * "restoreRate")
              >= LEAST(${cost}::float8, "maximumAvailable")
        RETURNING "maximumAvailable", "restoreRate", "available"`;
      if (taken[0])
        return { waitMs: 0, taken: Math.min(cost, Number(taken[0].maximumAvailable)), shape: shapeOf(taken[0]) };
      const [row] = await db.$queryRaw<BudgetRow[]>`
        SELECT "maximumAvailable", "restoreRate",
          LEAST("maximumAvailable", "available" + GREATEST(0, ${nowMs}::float8 - "atMs") / 1000 * "restoreRate") AS "available"
        FROM "AdminApiBudget" WHERE "shop" = ${shop}`;
      if (!row || row.restoreRate <= 0) return { waitMs: 0, taken: 0, shape: row ? shapeOf(row) : undefined };
      const needed = Math.min(cost, row.maximumAvailable);
      // Given back by another call between the two statements: ask again at once.
      if (row.available >= needed) return { waitMs: 1, taken: 0, shape: shapeOf(row) };
      return { waitMs: Math.ceil(((needed - row.available) / row.restoreRate) * 1000), taken: 0, shape: shapeOf(row) };
    },
    async report(shop, status, nowMs, refund) {
      await db.$executeRaw`
        INSERT INTO "AdminApiBudget" ("shop", "maximumAvailable", "restoreRate", "available", "atMs", "updatedAt")
        VALUES (${shop}, ${status.maximumAvailable}::float8, ${status.restoreRate}::float8,
                ${status.currentlyAvailable}::float8, ${nowMs}::float8, now())
        ON CONFLICT ("shop") DO UPDATE SET
          "maximumAvailable" = EXCLUDED."maximumAvailable",
          "restoreRate" = EXCLUDED."restoreRate",
          "available" = LEAST(EXCLUDED."available", EXCLUDED."maximumAvailable",
            LEAST("AdminApiBudget"."maximumAvailable",
              "AdminApiBudget"."available" + GREATEST(0, EXCLUDED."atMs" - "AdminApiBudget"."atMs") / 1000 * "AdminApiBudget"."restoreRate")
            + ${refund}::float8),
          "atMs" = GREATEST("AdminApiBudget"."atMs", EXCLUDED."atMs"),
          "updatedAt" = now()`;
    },
    async shape(shop) {
      const [row] = await db.$queryRaw<BudgetRow[]>`
        SELECT "maximumAvailable", "restoreRate", "available" FROM "AdminApiBudget" WHERE "shop" = ${shop}`;
      return row ? shapeOf(row) : undefined;
    },
  };
}

const shapeOf = (row: BudgetRow) => ({
  maximumAvailable: Number(row.maximumAvailable),
  restoreRate: Number(row.restoreRate),
});

/** shop/redact: the shop's budget row goes with the rest of its data (one statement of the redaction's batch). */
export function deleteShopBudget(db: Pick<PrismaClient, "adminApiBudget">, shop: string) {
  return db.adminApiBudget.deleteMany({ where: { shop } });
}
