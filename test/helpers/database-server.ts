// Vitest global setup for the levels that need PostgreSQL: one server per test run (the
// DATABASE_URL server when given, else an embedded PostgreSQL 17 in a temporary directory) and a
// template database migrated once with `prisma migrate deploy`. Each test file then copies the
// template (test/helpers/database-per-file.ts), which takes milliseconds.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureDatabaseExists, migrateDatabase, startEmbeddedPostgres } from "../../server/database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL of the test server's maintenance database, for CREATE/DROP DATABASE. */
    databaseAdminUrl: string;
    /** The migrated template each test database is copied from. */
    templateDatabase: string;
  }
}

const quiet = { info() {}, warn() {} };

export default async function setup(project: TestProject) {
  const template = `app_test_template_${process.pid}`;
  let adminUrl: string;
  let stopServer = async () => {};
  let dataDir: string | undefined;

  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    adminUrl = url.toString();
  } else {
    fs.mkdirSync(path.resolve(".data"), { recursive: true });
    dataDir = fs.mkdtempSync(path.join(path.resolve(".data"), "test-postgres-"));
    fs.rmSync(dataDir, { recursive: true });
    const running = await startEmbeddedPostgres({ dataDir, logger: quiet, database: "postgres" });
    adminUrl = running.url;
    stopServer = running.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await admin.end();
  await ensureDatabaseExists(adminUrl, template);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await migrateDatabase(templateUrl.toString());

  project.provide("databaseAdminUrl", adminUrl);
  project.provide("templateDatabase", template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => {});
    await client.end();
    await stopServer();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

