/**
 * The shops' Admin API budgets in PostgreSQL, shared by every app instance (ADR 026): one row per
 * shop with the bucket's shape as Shopify last reported it and the estimated level at `atMs`.
 * Reserving and reporting are single statements (the row lock orders concurrent ones), so they
 * work the same through PgBouncer in transaction mode and need no lock held between calls. They run
 * on every Admin call, so they are prepared statements beside Prisma (app/sql.server.ts, ADR 036).
 */
import type { PrismaClient } from "@prisma/client";
import type { BudgetStore } from "./admin-pacing.server";
import { column, sqlOf, statement } from "../sql.server";

interface BudgetRow {
  maximumAvailable: number;
  restoreRate: number;
  available: number;
}

const budgetRow =
  (of: string) =>
  (raw: Record<string, unknown>): BudgetRow => ({
    maximumAvailable: column.number(raw, "maximumAvailable", of),
    restoreRate: column.number(raw, "restoreRate", of),
    available: column.number(raw, "available", of),
  });

/** The level now (restored since atMs, capped at the size) less the cost, only if it holds it. */
const RESERVE = statement<[nowMs: number, cost: number, shop: string], BudgetRow>(
  "admin_budget_reserve",
  `UPDATE "AdminApiBudget" SET
     "available" = LEAST("maximumAvailable", "available" + GREATEST(0, $1::float8 - "atMs") / 1000 * "restoreRate")
                   - LEAST($2::float8, "maximumAvailable"),
     "atMs" = GREATEST("atMs", $1::float8),
     "updatedAt" = now()
   WHERE "shop" = $3 AND "restoreRate" > 0
     AND LEAST("maximumAvailable", "available" + GREATEST(0, $1::float8 - "atMs") / 1000 * "restoreRate")
         >= LEAST($2::float8, "maximumAvailable")
   RETURNING "maximumAvailable", "restoreRate", "available"`,
  budgetRow("admin_budget_reserve"),
);

const LEVEL = statement<[nowMs: number, shop: string], BudgetRow>(
  "admin_budget_level",
  `SELECT "maximumAvailable", "restoreRate",
     LEAST("maximumAvailable", "available" + GREATEST(0, $1::float8 - "atMs") / 1000 * "restoreRate") AS "available"
   FROM "AdminApiBudget" WHERE "shop" = $2`,
  budgetRow("admin_budget_level"),
);

const REPORT = statement<
  [
    shop: string,
    maximumAvailable: number,
    restoreRate: number,
    currentlyAvailable: number,
    nowMs: number,
    refund: number,
  ]
>(
  "admin_budget_report",
  `INSERT INTO "AdminApiBudget" ("shop", "maximumAvailable", "restoreRate", "available", "atMs", "updatedAt")
   VALUES ($1, $2::float8, $3::float8, $4::float8, $5::float8, now())
   ON CONFLICT ("shop") DO UPDATE SET
     "maximumAvailable" = EXCLUDED."maximumAvailable",
     "restoreRate" = EXCLUDED."restoreRate",
     "available" = LEAST(EXCLUDED."available", EXCLUDED."maximumAvailable",
       LEAST("AdminApiBudget"."maximumAvailable",
         "AdminApiBudget"."available" + GREATEST(0, EXCLUDED."atMs" - "AdminApiBudget"."atMs") / 1000 * "AdminApiBudget"."restoreRate")
       + $6::float8),
     "atMs" = GREATEST("AdminApiBudget"."atMs", EXCLUDED."atMs"),
     "updatedAt" = now()`,
);

const SHAPE = statement<[shop: string], BudgetRow>(
  "admin_budget_shape",
  `SELECT "maximumAvailable", "restoreRate", "available" FROM "AdminApiBudget" WHERE "shop" = $1`,
  budgetRow("admin_budget_shape"),
);

export function postgresBudgetStore(db: PrismaClient): BudgetStore {
  const sql = sqlOf(db);
  return {
    async reserve(shop, cost, nowMs) {
      const [taken] = await sql.rows(RESERVE, nowMs, cost, shop);
      if (taken) return { waitMs: 0, taken: Math.min(cost, taken.maximumAvailable), shape: shapeOf(taken) };
      const [row] = await sql.rows(LEVEL, nowMs, shop);
      if (!row || row.restoreRate <= 0) return { waitMs: 0, taken: 0, shape: row ? shapeOf(row) : undefined };
      const needed = Math.min(cost, row.maximumAvailable);
      // Given back by another call between the two statements: ask again at once.
      if (row.available >= needed) return { waitMs: 1, taken: 0, shape: shapeOf(row) };
      return { waitMs: Math.ceil(((needed - row.available) / row.restoreRate) * 1000), taken: 0, shape: shapeOf(row) };
    },
    async report(shop, status, nowMs, refund) {
      await sql.count(
        REPORT,
        shop,
        status.maximumAvailable,
        status.restoreRate,
        status.currentlyAvailable,
        nowMs,
        refund,
      );
    },
    async shape(shop) {
      const [row] = await sql.rows(SHAPE, shop);
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
