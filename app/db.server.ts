import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { parseEnv, type Env } from "./env.server";

declare global {
  // Survives Vite's module reloads in development so that each edit does not open a new pool.
  var prismaGlobal: PrismaClient | undefined;
}

/**
 * Whose pool a thread's client is: the serving thread's (rate callbacks, webhooks, pages), the job
 * worker thread's (server/jobs-thread.ts), or one thread doing both (development, tests, scripts).
 */
export type PoolRole = "serving" | "jobs" | "both";

/** The serving thread's pool: pg's default; each request holds a connection for a statement or two. */
export const SERVING_POOL_SIZE = 10;
/** Beside the jobs' own connections: the claim and finish statements, and a handler's occasional second query. */
export const JOB_POOL_HEADROOM = 4;

/**
 * The one place the pools' sizes are computed (README, "Configuration"). The job thread runs
 * JOB_CONCURRENCY jobs at once and each holds at most one connection at a time: with pg's default
 * of 10 under the default concurrency of 16, six jobs waited for a connection while holding their
 * lease. A process with both threads opens at most SERVING_POOL_SIZE + JOB_CONCURRENCY +
 * JOB_POOL_HEADROOM connections (size PostgreSQL's max_connections or PgBouncer's pool for it).
 */
export function poolSize(role: PoolRole, env: Pick<Env, "JOB_CONCURRENCY">): number {
  const jobs = env.JOB_CONCURRENCY + JOB_POOL_HEADROOM;
  if (role === "serving") return SERVING_POOL_SIZE;
  if (role === "jobs") return jobs;
  return SERVING_POOL_SIZE + jobs;
}

/** A client with its own pg pool sized for `role`; its sessions are named for it in pg_stat_activity. */
export function createPrismaClient(url: string, role: PoolRole, env: Pick<Env, "JOB_CONCURRENCY">): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: poolSize(role, env), application_name: `app-${role}` }),
  });
}

let client: PrismaClient | undefined;
let role: PoolRole = "both";

/**
 * Says what this thread's client serves, before its first use: the production server's serving
 * thread ("serving", server/index.ts) and its job thread ("jobs", server/jobs-thread.ts) each size
 * their own pool. Without it a thread gets a pool for both.
 */
export function sizeDatabasePoolFor(forRole: PoolRole): void {
  if (client && forRole !== role) throw new Error(`the database pool was already opened for ${role}`);
  role = forRole;
}

/**
 * The one PrismaClient, created on first use — not on import — so that importing an app module
 * never needs a database: a benchmark or a test can import statically and set DATABASE_URL later.
 * The URL is read (validated) when the client is created, because the server sets it only once
 * the database is ready (server/database.ts). Code gets the client from the context
 * (app/context.server.ts), never from here.
 */
export function prismaClient(): PrismaClient {
  if (client) return client;
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: the server sets it once the database is ready (server/database.ts)");
  }
  client = global.prismaGlobal ?? createPrismaClient(env.DATABASE_URL, role, env);
  if (env.NODE_ENV === "development") global.prismaGlobal = client;
  return client;
}

/** The client as a value (tests and scripts): each property is the lazily created client's. */
const prisma = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = prismaClient();
    const value = Reflect.get(real, property, real) as unknown;
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

export default prisma;
