import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import type { Env } from "./env.server";
import { registerPool } from "./sql.server";

/**
 * Whose pool a thread's client is: the serving thread's (rate callbacks, webhooks, pages), the job
 * worker thread's (server/jobs-thread.ts), or one thread doing both (development, tests, scripts).
 */
export type PoolRole = "serving" | "jobs" | "both";

/**
 * The serving thread's pool: pg's default; each request holds a connection for a statement or two.
 * @internal
 */
export const SERVING_POOL_SIZE = 10;
/**
 * Beside the jobs' own connections: the claim and finish statements, and a handler's occasional second query.
 * @internal
 */
export const JOB_POOL_HEADROOM = 4;

/**
 * The one place the pools' sizes are computed (README, "Configuration"). The job thread runs
 * JOB_CONCURRENCY jobs at once and each holds at most one connection at a time: with pg's default
 * of 10 under the default concurrency of 16, six jobs waited for a connection while holding their
 * lease. A process with both threads opens at most SERVING_POOL_SIZE + JOB_CONCURRENCY +
 * JOB_POOL_HEADROOM connections (size PostgreSQL's max_connections or PgBouncer's pool for it).
 * @internal
 */
export function poolSize(role: PoolRole, env: Pick<Env, "JOB_CONCURRENCY">): number {
  const jobs = env.JOB_CONCURRENCY + JOB_POOL_HEADROOM;
  if (role === "serving") return SERVING_POOL_SIZE;
  if (role === "jobs") return jobs;
  return SERVING_POOL_SIZE + jobs;
}

/**
 * A client with its own pg pool sized for `role`; its sessions are named for it in pg_stat_activity.
 * The composition root (app/composition.server.ts) makes the one client of a process; nothing else does.
 * The order path's prepared statements (app/sql.server.ts, ADR 036) run on the same pool, which the
 * client's `$disconnect` ends.
 */
export function createPrismaClient(
  url: string,
  role: PoolRole,
  env: Pick<Env, "JOB_CONCURRENCY"> & Partial<Pick<Env, "DATABASE_PREPARED_STATEMENTS">>,
): PrismaClient {
  const pool = new pg.Pool({ connectionString: url, max: poolSize(role, env), application_name: `app-${role}` });
  // An idle connection the server ended (a restart, a failover) leaves the pool, which opens another
  // for the next query; without a listener pg would throw it as an uncaught exception.
  pool.on("error", () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  registerPool(db, pool, { prepared: env.DATABASE_PREPARED_STATEMENTS ?? true });
  // Prisma ends the pool only if it opened the adapter: a client that ran prepared statements alone must end it too.
  const disconnect = db.$disconnect.bind(db);
  db.$disconnect = async () => {
    await disconnect();
    if (!pool.ended) await pool.end();
  };
  return db;
}
