// `npm run db:migrate` as a release step, or MIGRATE_ON_START with N instances starting together:
// several processes migrating one empty database at once must all succeed and apply each
// migration exactly once. Prisma's engine takes its own advisory lock but gives up after 10 s;
// ours (server/database.ts) waits as long as the migration before it takes.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, MIGRATION_LOCK_KEY } from "../../../server/database";
import { createTestDatabase, queryRows } from "../../helpers/test-database";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MIGRATIONS = fs
  .readdirSync(path.join(ROOT, "prisma/migrations"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const query = queryRows;

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe("migrations applied by several processes at once", () => {
  it("all succeed, each migration is recorded once, and the lock is released", async () => {
    // GIVEN an empty database, as a new production server is
    const database = await createTestDatabase("migrate");
    drops.push(database.drop);
    await query(database.url, "DROP SCHEMA public CASCADE; CREATE SCHEMA public");

    // WHEN four processes migrate it at the same moment
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => migrateDatabase(database.url, ROOT)));

    // THEN none failed and every migration ran once, to the end
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const rows = await query<{ migration_name: string; finished: boolean }>(
      database.url,
      `SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows).toEqual(MIGRATIONS.map((name) => ({ migration_name: name, finished: true })));
    const locks = await query<{ n: number }>(
      database.url,
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK_KEY}`,
    );
    expect(locks).toEqual([{ n: 0 }]);
  }, 120_000);

  it("waits, without a time limit, while another process holds the migration lock", async () => {
    const database = await createTestDatabase("migrate");
    drops.push(database.drop);
    await query(database.url, "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    // GIVEN another session holding the lock (a long migration elsewhere)
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      // WHEN a process migrates THEN it waits on the lock, having applied nothing
      let settled = false;
      const migrating = migrateDatabase(database.url, ROOT).finally(() => (settled = true));
      const waitingOnLock = async () =>
        (
          await query<{ n: number }>(
            database.url,
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK_KEY} AND NOT granted`,
          )
        )[0].n === 1;
      while (!(await waitingOnLock())) await new Promise((r) => setTimeout(r, 50));
      expect(settled).toBe(false);
      expect(await query(database.url, `SELECT 1 FROM pg_tables WHERE tablename = '_prisma_migrations'`)).toEqual([]);
      // …and once the lock is free it migrates
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      await migrating;
      const rows = await query<{ n: number }>(database.url, `SELECT count(*)::int AS n FROM _prisma_migrations`);
      expect(rows).toEqual([{ n: MIGRATIONS.length }]);
    } finally {
      await holder.end();
    }
  }, 120_000);
});
