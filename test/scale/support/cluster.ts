// The app as an operator scales it (docs/operations.md, "Scaling"): Debian's PostgreSQL, PgBouncer
// in transaction mode in front of it, N instances of the production build (`build/start.js`) on
// PgBouncer after one release step (`npm run db:migrate` against PostgreSQL directly, instances
// with MIGRATE_ON_START=0), and HAProxy round robin in front of them. The service (sandbox) and
// Shopify (the simulated store) are real HTTP servers, as in the reliability level. Generic: a
// test passes the instances' extra environment (a Redis URL, a pool size…).
import { spawn } from "node:child_process";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { createSvcClient, SvcTokenCache, type SvcClient } from "~/svc";
import { PROJECT_ROOT } from "../../helpers/app-process";
import { connectDemoShop, SECRET } from "../../reliability/support/running-app";
import {
  startHaproxy,
  startPgBouncer,
  startPostgresServer,
  type DebianServer,
  type HaproxyServer,
} from "./debian-servers";
import { startInstanceSet } from "./instances";

export type { Instance } from "./instances";

export interface ClusterOptions {
  shop: string;
  svcKey: string;
  instances?: number;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
  /** The simulated store's Admin API bucket for every shop. */
  throttle?: { maximumAvailable?: number; restoreRate?: number };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

const DATABASE = "app";

/** Runs the release step (`npm run db:migrate`'s script) against `databaseUrl`. */
async function releaseStep(databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ["server/cli/migrate.ts"], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c));
  child.stderr.on("data", (c: Buffer) => (output += c));
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  if (code !== 0) throw new Error(`npm run db:migrate failed (${code}):\n${output}`);
}

export async function startCluster(opts: ClusterOptions) {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
  };
  try {
    const postgres: DebianServer = await startPostgresServer();
    closers.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${DATABASE}"`);
    await admin.end();
    const directUrl = postgres.url.replace(/\/postgres$/, `/${DATABASE}`);
    await releaseStep(directUrl);

    const bouncer = await startPgBouncer(postgres);
    closers.push(() => bouncer.stop());
    const pooledUrl = bouncer.url.replace(/\/postgres$/, `/${DATABASE}`);

    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: directUrl }) });
    closers.push(() => db.$disconnect());
    const demo = await connectDemoShop(db, { shop: opts.shop, svcKey: opts.svcKey, throttle: opts.throttle });
    closers.push(() => demo.close());
    const { sandbox, store, storeServer, variants } = demo;
    const svc = (): SvcClient =>
      createSvcClient({ baseUrl: sandbox.url, apiKey: opts.svcKey, tokenCache: new SvcTokenCache() });

    const set = await startInstanceSet({
      databaseUrl: pooledUrl,
      serviceUrl: sandbox.url,
      storeUrl: storeServer.url,
      count: opts.instances ?? 3,
      env: {
        MIGRATE_ON_START: "0",
        LOG_LEVEL: "warn",
        // Debian's PgBouncer here is 1.18: no prepared statements in transaction mode (ADR 035).
        DATABASE_PREPARED_STATEMENTS: "0",
        SHOPIFY_API_SECRET: SECRET,
        // HAProxy checks /readyz every 300 ms and takes a server out after 2 failures: keep serving past that.
        SHUTDOWN_DELAY_MS: "1500",
        SHUTDOWN_TIMEOUT_MS: "10000",
        JOB_CONCURRENCY: "8",
        ...opts.env,
      },
    });
    closers.push(() => set.close());
    const { instances } = set;

    const haproxy: HaproxyServer = await startHaproxy(instances.map((i) => ({ name: i.name, port: i.port })));
    closers.push(() => haproxy.stop());

    /** Resolves once HAProxy's checks see each named instance in `state` (e.g. every one UP). */
    const backendsAre = async (want: Record<string, "UP" | "DOWN">, ms = 60_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const states = await haproxy.backendStates();
        if (Object.entries(want).every(([name, s]) => states[name]?.startsWith(s))) return;
        if (Date.now() > deadline)
          throw new Error(`HAProxy backends ${JSON.stringify(states)}, wanted ${JSON.stringify(want)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await backendsAre(Object.fromEntries(instances.map((i) => [i.name, "UP"])));

    return {
      postgres,
      bouncer,
      haproxy,
      directUrl,
      pooledUrl,
      db,
      sandbox,
      store,
      storeServer,
      variants,
      instances,
      svc,
      /** HAProxy's address: what Shopify calls. */
      url: haproxy.url,
      backendsAre,
      stop: set.stop,
      start: set.start,
      output: set.output,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
