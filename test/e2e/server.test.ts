import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import pkg from "../../package.json";
import { migrateDatabase } from "../../server/database";
import { appEnv, PROJECT_ROOT, spawnApp, startApp } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";

// `npm start` as an operator runs it: the built server, a fresh working directory, no .env.
const workDirs: string[] = [];
function freshWorkDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-app-e2e-"));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
  workDirs.push(dir);
  return dir;
}
afterAll(() => workDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function embeddedPort(dataDir: string) {
  return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[3]);
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("npm start", () => {
  it("serves /healthz on the embedded database, refuses a second process on its data, and keeps data across a restart", async () => {
    const cwd = freshWorkDir();
    const dataDir = path.join(cwd, ".data/postgres");
    const env = appEnv({ NODE_ENV: "development" });

    // GIVEN a fresh machine with no DATABASE_URL, outside production
    const first = await startApp({ env, cwd });
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", version: pkg.version, role: "all" });
    const ready = await fetch(`${first.url}/readyz`);
    expect(await ready.json()).toEqual({
      status: "ok",
      version: pkg.version,
      role: "all",
      database: "ok",
      migrations: "ok",
      worker: "ok",
    });
    const url = `postgresql://postgres:postgres@127.0.0.1:${embeddedPort(dataDir)}/app`;
    await sql(url, `INSERT INTO "Shop" (domain, "updatedAt") VALUES ('persisted.myshopify.com', now())`);

    // WHEN a second server starts on the same data directory THEN it stops with a clear error
    const second = await spawnApp({ env, cwd });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another app process \(pid \d+\)/);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    // WHEN the first restarts THEN the data is still there
    expect(await first.stop()).toBe(0);
    const restarted = await startApp({ env, cwd });
    const rows = await sql(
      `postgresql://postgres:postgres@127.0.0.1:${embeddedPort(dataDir)}/app`,
      `SELECT domain FROM "Shop"`,
    );
    expect(rows).toEqual([{ domain: "persisted.myshopify.com" }]);
    await restarted.stop();
  });

  it("uses the PostgreSQL named by DATABASE_URL and migrates it", async () => {
    const database = await createTestDatabase("e2e");
    await sql(database.url, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`);
    const cwd = freshWorkDir();
    const app = await startApp({ env: appEnv({ DATABASE_URL: database.url }), cwd });
    expect(await (await fetch(`${app.url}/readyz`)).json()).toMatchObject({
      status: "ok",
      database: "ok",
      migrations: "ok",
    });
    const tables = await sql(
      database.url,
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'Fulfillment'`,
    );
    expect(tables).toEqual([{ n: 1 }]);
    expect(fs.existsSync(path.join(cwd, ".data"))).toBe(false);
    // Each thread opens its own pool, sized for it (app/db.server.ts): the serving thread's answers
    // /readyz, the job thread's claims jobs; none is the in-process pool for both.
    let pools: string[] = [];
    while (!(pools.includes("app-serving") && pools.includes("app-jobs"))) {
      await fetch(`${app.url}/readyz`);
      const rows = await sql(
        database.url,
        `SELECT DISTINCT application_name AS name FROM pg_stat_activity
         WHERE datname = current_database() AND application_name LIKE 'app-%'`,
      );
      pools = rows.map((row: { name: string }) => row.name);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pools.sort()).toEqual(["app-jobs", "app-serving"]);
    // A GET of the rate callback (someone trying the URL) is a clean 405, with nothing logged as an error.
    const get = await fetch(`${app.url}/carrier-service/rates`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toEqual({ error: "use POST" });
    // So is a GET of a URL only POSTed to by a form or by Shopify (postOnlyLoader), not Remix's "no loader" 400.
    for (const url of ["/app/readiness", "/fulfillment-service/fulfillment_order_notification"]) {
      const probe = await fetch(`${app.url}${url}`);
      expect([url, probe.status, probe.headers.get("allow")]).toEqual([url, 405, "POST"]);
    }
    expect(app.output()).not.toMatch(/Unexpected Server Error|ErrorResponseImpl|no way to handle the request|\n\s+at /);
    await app.stop();
    await database.drop();
  });

  it("with MIGRATE_ON_START=0 is alive but not ready until the release step has migrated its database", async () => {
    const database = await createTestDatabase("e2e");
    await sql(database.url, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`);
    const app = await spawnApp({
      env: appEnv({ DATABASE_URL: database.url, MIGRATE_ON_START: "0" }),
      cwd: freshWorkDir(),
    });
    let alive = false;
    while (!alive && app.child.exitCode === null) {
      alive = await fetch(`${app.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!alive) await new Promise((r) => setTimeout(r, 200));
    }
    expect(alive).toBe(true);
    const notReady = await fetch(`${app.url}/readyz`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as { migrations: string; pending: string[] };
    expect(body.migrations).toBe("pending");
    expect(body.pending.length).toBeGreaterThan(0);
    // WHEN the release step runs THEN the same process becomes ready
    await migrateDatabase(database.url, PROJECT_ROOT);
    expect(await (await fetch(`${app.url}/readyz`)).json()).toMatchObject({ status: "ok", migrations: "ok" });
    expect(await app.stop()).toBe(0);
    await database.drop();
  });

  it("refuses to start in production without DATABASE_URL, leaving no embedded database behind", async () => {
    const cwd = freshWorkDir();
    const app = await spawnApp({ env: appEnv({ NODE_ENV: "production" }), cwd });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("DATABASE_URL is required when NODE_ENV=production");
    expect(fs.existsSync(path.join(cwd, ".data"))).toBe(false);
  });

  it("stops at start-up when SHOPIFY_API_SECRET is missing, naming it and every other missing key", async () => {
    const app = await spawnApp({
      env: appEnv({
        DATABASE_URL: "postgresql://unused@127.0.0.1:1/app",
        SHOPIFY_API_SECRET: undefined,
        SHOPIFY_API_KEY: undefined,
        SVC_BASE_URL: undefined,
      }),
      cwd: freshWorkDir(),
    });
    expect(await app.exited).toBe(1);
    const output = app.output();
    expect(output).toContain("SHOPIFY_API_SECRET is required");
    expect(output).toContain("SHOPIFY_API_KEY is required");
    expect(output).toContain("SVC_BASE_URL is required");
    expect(output).not.toContain("e2e-api-secret");
  });
});
