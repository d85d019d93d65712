// Two app processes' pacings of Shopify's Admin API budget, each on its own PostgreSQL connection
// pool, against the simulated store's real leaky bucket: on the shared budget row
// (app/shopify/admin-budget.server.ts) they never provoke THROTTLED together; each on a budget of
// its own, the same work does. The store and both pacings run on one manual clock that moves when
// a pacing sleeps, so waiting costs no real time.
import type { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import { postgresBudgetStore } from "~/shopify/admin-budget.server";
import { createAdminPacing, memoryBudgetStore, type BudgetStore } from "~/shopify/admin-pacing.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { DOMAIN, demoStore } from "../../unit/store/store-fixture";

// Requests 2 + 10 × 4 = 42 points on the demo catalogue.
const TEN_WEIGHTS = `{ productVariants(first: 10) { nodes { id sku inventoryItem { measurement { weight { unit value } } } } } }`;
const CALLS_PER_PROCESS = 6;

const clients: PrismaClient[] = [];
const processDb = () => {
  // Each process's client as the composition root makes it: the budget's prepared statements on its own pool.
  const db = createPrismaClient(process.env.DATABASE_URL!, "jobs", { JOB_CONCURRENCY: 1 });
  clients.push(db);
  return db;
};

afterAll(async () => {
  for (const db of clients) await db.$disconnect();
});

/** Two processes' pacings on `budgets`, their calls interleaved; what the store saw. */
async function twoProcesses(budgets: [BudgetStore, BudgetStore]) {
  const { store, clock } = demoStore();
  // A small bucket: four of these queries empty it, and it restores one query's worth a second.
  store.setThrottle(DOMAIN, { maximumAvailable: 200, restoreRate: 42, currentlyAvailable: 200 });
  const admin = ((query: string, variables?: Record<string, unknown>) =>
    store.graphql(DOMAIN, query, variables)) as AdminGraphql;
  let slept = 0;
  const processes = budgets.map((budget) =>
    createAdminPacing({
      budget,
      nowMs: clock.now,
      sleep: async (ms) => {
        slept += ms;
        clock.advance(ms);
      },
    })(DOMAIN, admin),
  );
  // Each process has heard the bucket's size once (the first answer of its day).
  for (const paced of processes) expect((await paced(`{ shop { name } }`)).errors).toBeUndefined();
  const results = await Promise.all(
    processes.flatMap((paced) => Array.from({ length: CALLS_PER_PROCESS }, () => paced(TEN_WEIGHTS))),
  );
  const outcomes = store.inspect(DOMAIN).operations.map((op) => op.outcome);
  return {
    failed: results.filter((r) => r.errors !== undefined).length,
    throttled: outcomes.filter((o) => o === "throttled").length,
    sent: outcomes.length,
    slept,
  };
}

describe("one Admin API budget per shop, shared by processes through PostgreSQL", () => {
  it("two processes on the shared budget row are never throttled: they wait for each other's points", async () => {
    const [a, b] = [processDb(), processDb()];
    await a.adminApiBudget.deleteMany();
    const seen = await twoProcesses([postgresBudgetStore(a), postgresBudgetStore(b)]);
    expect(seen).toMatchObject({ failed: 0, throttled: 0, sent: 2 + 2 * CALLS_PER_PROCESS });
    // 12 × 42 points from a bucket of 200 restoring 42 a second: at least ~7 s of waiting in all.
    expect(seen.slept).toBeGreaterThanOrEqual(7_000);
    const row = await b.adminApiBudget.findUniqueOrThrow({ where: { shop: DOMAIN } });
    expect(row).toMatchObject({ maximumAvailable: 200, restoreRate: 42 });
    // A third process starting now sizes its first page to the bucket the others learnt.
    const third = createAdminPacing({
      budget: postgresBudgetStore(processDb()),
      nowMs: Date.now,
      sleep: async () => {},
    });
    expect(third.forShop(DOMAIN).maxQueryCost()).toBe(1000);
    expect((await third.loadShop(DOMAIN)).maxQueryCost()).toBe(200);
  });

  it("the same work on a budget per process provokes THROTTLED (what sharing prevents)", async () => {
    const seen = await twoProcesses([memoryBudgetStore(), memoryBudgetStore()]);
    expect(seen.throttled).toBeGreaterThan(0);
  });

  it("a reservation is taken by one process only: concurrent ones never overdraw the row", async () => {
    const db = processDb();
    await db.adminApiBudget.deleteMany();
    const budgets = [postgresBudgetStore(db), postgresBudgetStore(processDb())];
    const now = Date.parse("2026-11-20T16:00:00Z");
    await budgets[0]!.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 50 }, now, 0);
    // 40 reservations of 100 points at one instant, from both processes: ten fit.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => budgets[i % 2]!.reserve(DOMAIN, 100, now)));
    expect(answers.filter((a) => a.waitMs === 0)).toHaveLength(10);
    // The others learn how long until their 100 points are back: 2 s at 50 a second.
    for (const a of answers.filter((a) => a.waitMs > 0)) expect(a.waitMs).toBe(2_000);
    for (const a of answers) expect(a.taken).toBe(a.waitMs === 0 ? 100 : 0);
    // An answer reporting more than the estimate (not counting the calls in flight) does not raise it.
    await budgets[1]!.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 900, restoreRate: 50 }, now, 0);
    expect((await budgets[0]!.reserve(DOMAIN, 100, now)).waitMs).toBe(2_000);
    // A call that cost 40 of the 100 it took gives 60 back, as Shopify refunds: one more fits.
    await budgets[1]!.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 900, restoreRate: 50 }, now, 60);
    expect((await budgets[0]!.reserve(DOMAIN, 60, now)).waitMs).toBe(0);
    expect((await budgets[1]!.reserve(DOMAIN, 1, now)).waitMs).toBe(20);
  });

  it("batched reports: kept until written together, never raising the estimate meanwhile; a reservation that does not fit writes its shop's first", async () => {
    const db = processDb();
    await db.adminApiBudget.deleteMany();
    // An hour between writes: only flush() and a reservation that does not fit write.
    const batched = postgresBudgetStore(db, { batchReportsMs: 3_600_000 });
    const direct = postgresBudgetStore(processDb());
    const now = Date.parse("2026-11-20T16:00:00Z");
    const level = async () => (await db.adminApiBudget.findUniqueOrThrow({ where: { shop: DOMAIN } })).available;
    // The shop's first report is written at once (the row must exist for the others to pace on).
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 50 }, now, 0);
    expect(await level()).toBe(1000);
    // Two calls take 400 each; their answers (each cost 100: 300 back each) are kept, not written.
    expect((await batched.reserve(DOMAIN, 400, now)).taken).toBe(400);
    expect((await batched.reserve(DOMAIN, 400, now)).taken).toBe(400);
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 900, restoreRate: 50 }, now, 300);
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 800, restoreRate: 50 }, now, 300);
    expect(await level()).toBe(200);
    // Another process sees the lower estimate meanwhile: it waits rather than overdraws.
    expect((await direct.reserve(DOMAIN, 300, now)).waitMs).toBe(2_000);
    // This process's reservation that does not fit writes the kept reports first, then fits:
    // 200 + 300 + 300 = 800, the level Shopify last reported.
    expect(await batched.reserve(DOMAIN, 700, now)).toMatchObject({ waitMs: 0, taken: 700 });
    expect(await level()).toBe(100);
    // flush() writes what is kept, merged: the latest level reported, the refunds added.
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 50 }, now, 650);
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 600, restoreRate: 50 }, now + 1, 0);
    expect(await level()).toBe(100);
    await batched.flush();
    expect(await level()).toBe(600);
    // A shop whose row is gone (its data erased) is written at once again by its next report.
    await db.adminApiBudget.deleteMany();
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 990, restoreRate: 50 }, now + 2, 5);
    await batched.flush();
    await batched.report(DOMAIN, { maximumAvailable: 1000, currentlyAvailable: 980, restoreRate: 50 }, now + 3, 0);
    expect(await level()).toBe(980);
  });
});
