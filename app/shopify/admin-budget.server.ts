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

/** REPORT for many shops' existing rows at once (the batched reports); answers the shops it found. */
const REPORT_MANY = statement<
  [
    shops: string[],
    maximumAvailable: number[],
    restoreRate: number[],
    currentlyAvailable: number[],
    nowMs: number[],
    refund: number[],
  ],
  { shop: string }
>(
  "admin_budget_report_many",
  `UPDATE "AdminApiBudget" AS b SET
     "maximumAvailable" = v.max,
     "restoreRate" = v.rate,
     "available" = LEAST(v.avail, v.max,
       LEAST(b."maximumAvailable", b."available" + GREATEST(0, v.at - b."atMs") / 1000 * b."restoreRate") + v.refund),
     "atMs" = GREATEST(b."atMs", v.at),
     "updatedAt" = now()
   FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[])
        AS v(shop, max, rate, avail, at, refund)
   WHERE b."shop" = v.shop
   RETURNING b."shop"`,
  (raw) => ({ shop: column.string(raw, "shop", "admin_budget_report_many") }),
);

const SHAPE = statement<[shop: string], BudgetRow>(
  "admin_budget_shape",
  `SELECT "maximumAvailable", "restoreRate", "available" FROM "AdminApiBudget" WHERE "shop" = $1`,
  budgetRow("admin_budget_shape"),
);

interface PendingReport {
  maximumAvailable: number;
  restoreRate: number;
  currentlyAvailable: number;
  nowMs: number;
  refund: number;
}

/**
 * The shared budget. With `batchReportsMs`, the answers' reports of a shop whose row exists are
 * kept for up to that long and written together, one statement for every shop (an order's Admin
 * calls each cost a reservation and a report: the reports were a third of an order's statements,
 * issue 34). Kept, a report's refund is not yet in the row: the estimate is lower than it should be
 * meanwhile, never higher — a reservation that does not fit writes the shop's kept report first and
 * asks again. Merged reports of one shop keep the latest level Shopify reported and add the refunds;
 * a process that dies loses at most those refunds (the row restores at the bucket's rate).
 */
export function postgresBudgetStore(
  db: PrismaClient,
  opts: { batchReportsMs?: number } = {},
): BudgetStore & { flush(): Promise<void> } {
  const sql = sqlOf(db);
  const known = new Set<string>();
  const pending = new Map<string, PendingReport>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async (only?: string): Promise<void> => {
    const shops = only ? (pending.has(only) ? [only] : []) : [...pending.keys()];
    if (shops.length === 0) return;
    const reports = shops.map((shop) => pending.get(shop)!);
    for (const shop of shops) pending.delete(shop);
    try {
      const found = await sql.rows(
        REPORT_MANY,
        shops,
        reports.map((r) => r.maximumAvailable),
        reports.map((r) => r.restoreRate),
        reports.map((r) => r.currentlyAvailable),
        reports.map((r) => r.nowMs),
        reports.map((r) => r.refund),
      );
      // A row gone (the shop's data erased): its next report writes it again, at once.
      const written = new Set(found.map((row) => row.shop));
      for (const shop of shops) if (!written.has(shop)) known.delete(shop);
    } catch (error) {
      // Kept for the next write (merged with what came meanwhile); the caller hears the error.
      shops.forEach((shop, i) => keep(shop, reports[i]!));
      schedule();
      throw error;
    }
  };
  const schedule = () => {
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      // A failure is retried at the next write; the estimate stays low meanwhile, never high.
      flush().catch(() => schedule());
    }, opts.batchReportsMs);
    timer.unref();
  };
  const keep = (shop: string, report: PendingReport) => {
    const before = pending.get(shop);
    const latest = before && before.nowMs > report.nowMs ? before : report;
    pending.set(shop, { ...latest, refund: (before?.refund ?? 0) + report.refund });
  };

  return {
    flush: () => flush(),
    async reserve(shop, cost, nowMs) {
      let [taken] = await sql.rows(RESERVE, nowMs, cost, shop);
      if (!taken && pending.has(shop)) {
        await flush(shop);
        [taken] = await sql.rows(RESERVE, nowMs, cost, shop);
      }
      if (taken) return { waitMs: 0, taken: Math.min(cost, taken.maximumAvailable), shape: shapeOf(taken) };
      const [row] = await sql.rows(LEVEL, nowMs, shop);
      if (!row || row.restoreRate <= 0) return { waitMs: 0, taken: 0, shape: row ? shapeOf(row) : undefined };
      const needed = Math.min(cost, row.maximumAvailable);
      // Given back by another call between the two statements: ask again at once.
      if (row.available >= needed) return { waitMs: 1, taken: 0, shape: shapeOf(row) };
      return { waitMs: Math.ceil(((needed - row.available) / row.restoreRate) * 1000), taken: 0, shape: shapeOf(row) };
    },
    async report(shop, status, nowMs, refund) {
      if (opts.batchReportsMs !== undefined && known.has(shop)) {
        keep(shop, {
          maximumAvailable: status.maximumAvailable,
          restoreRate: status.restoreRate,
          currentlyAvailable: status.currentlyAvailable,
          nowMs,
          refund,
        });
        schedule();
        return;
      }
      await sql.count(
        REPORT,
        shop,
        status.maximumAvailable,
        status.restoreRate,
        status.currentlyAvailable,
        nowMs,
        refund,
      );
      known.add(shop);
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
