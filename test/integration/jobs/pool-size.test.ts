import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient, JOB_POOL_HEADROOM, poolSize, SERVING_POOL_SIZE } from "~/db.server";

describe("database pools sized to the job concurrency", () => {
  it("gives the job thread a connection for every job it may run, plus headroom", () => {
    for (const JOB_CONCURRENCY of [1, 16, 64]) {
      expect(poolSize("jobs", { JOB_CONCURRENCY })).toBe(JOB_CONCURRENCY + JOB_POOL_HEADROOM);
      expect(poolSize("both", { JOB_CONCURRENCY })).toBe(SERVING_POOL_SIZE + JOB_CONCURRENCY + JOB_POOL_HEADROOM);
      expect(poolSize("serving", { JOB_CONCURRENCY })).toBe(SERVING_POOL_SIZE);
    }
  });

  describe("a client built for the job thread", () => {
    const JOB_CONCURRENCY = 8; // a pool of 12: more than pg's default of 10
    const expected = JOB_CONCURRENCY + JOB_POOL_HEADROOM;
    const db = createPrismaClient(process.env.DATABASE_URL!, "jobs", { JOB_CONCURRENCY });
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    afterAll(async () => {
      await db.$disconnect();
      await holder.end().catch(() => undefined);
    });

    it("opens exactly as many connections as its size when more queries than that wait at once", async () => {
      // GIVEN a lock every query of the pool must wait for
      await holder.connect();
      await holder.query("SELECT pg_advisory_lock(4242)");
      // WHEN three more queries than the pool's size are sent at once
      const queries = Array.from(
        { length: expected + 3 },
        // (async: a Prisma query is sent only once something waits on it)
        async () => db.$queryRaw<{ pid: number }[]>`
          SELECT pg_backend_pid() AS pid FROM (SELECT pg_advisory_xact_lock_shared(4242)) AS waited`,
      );
      // THEN the pool fills to its size…
      for (;;) {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'app-jobs' AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= expected) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query("SELECT pg_advisory_unlock(4242)");
      // …and the queries beyond it waited for one of those connections rather than opening more
      const pids = new Set((await Promise.all(queries)).map(([row]) => row!.pid));
      expect(pids.size).toBe(expected);
    });
  });
});
